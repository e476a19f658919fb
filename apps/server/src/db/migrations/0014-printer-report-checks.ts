import { sql, type Kysely } from 'kysely';

// What a printer agent says about a job is checked against what the server knows (issue 11):
// `documents.delivered_at` records when the printer's agent last downloaded the document (it
// cannot print what it did not download), and `printjobs.review_reason` flags a job whose
// report did not add up, for an admin to look at.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE documents ADD COLUMN delivered_at timestamptz`.execute(db);
  await sql`ALTER TABLE printjobs ADD COLUMN review_reason text
              CHECK (review_reason IN ('printed_uncounted', 'printed_nothing_delivered'))`.execute(
    db,
  );
  // The admin list asks for flagged jobs; they are few.
  await sql`CREATE INDEX printjobs_review_idx ON printjobs (id)
              WHERE review_reason IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS printjobs_review_idx`.execute(db);
  await sql`ALTER TABLE printjobs DROP COLUMN review_reason`.execute(db);
  await sql`ALTER TABLE documents DROP COLUMN delivered_at`.execute(db);
}

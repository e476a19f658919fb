import { sql, type Kysely } from 'kysely';

// A printer that reports pages printed for a release its owner had cancelled (the cancel reached
// the agent after the printer took the job): nothing is charged for it, but the job is flagged
// for an admin (`review_reason` 'printed_after_cancel'), never dropped silently.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE printjobs DROP CONSTRAINT IF EXISTS printjobs_review_reason_check`.execute(
    db,
  );
  await sql`ALTER TABLE printjobs ADD CONSTRAINT printjobs_review_reason_check
              CHECK (review_reason IN
                ('printed_uncounted', 'printed_nothing_delivered', 'printed_after_cancel'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE printjobs SET review_reason = NULL
             WHERE review_reason = 'printed_after_cancel'`.execute(db);
  await sql`ALTER TABLE printjobs DROP CONSTRAINT IF EXISTS printjobs_review_reason_check`.execute(
    db,
  );
  await sql`ALTER TABLE printjobs ADD CONSTRAINT printjobs_review_reason_check
              CHECK (review_reason IN ('printed_uncounted', 'printed_nothing_delivered'))`.execute(
    db,
  );
}

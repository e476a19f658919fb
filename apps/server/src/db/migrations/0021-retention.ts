import { sql, type Kysely } from 'kysely';

// Document retention and abandoned checkouts (issue 17 points 4 and 7). The retention check looks
// for documents that still have files (the current jobs' and those of recently ended jobs: a
// small slice of a table that keeps every document ever printed); the checkout check for
// purchases still in progress. Both run every few minutes, so both get a partial index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX documents_stored_idx ON documents (printjob_id)
              WHERE files_deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX payments_processing_idx ON payments (created_at)
              WHERE status = 'processing'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS payments_processing_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS documents_stored_idx`.execute(db);
}

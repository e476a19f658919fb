import { sql, type Kysely } from 'kysely';

// Print jobs that end (issue 17 point 2): every expiry check looks for released jobs not started
// printing since before the release expiry, and confirmed jobs not released since before the
// confirmation expiry. Both are a small slice of a table that keeps every job ever printed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX printjobs_waiting_released_idx ON printjobs (released_at)
              WHERE status = 'scheduled' AND printing_started_at IS NULL`.execute(db);
  await sql`CREATE INDEX printjobs_confirmed_idx ON printjobs (submitted_at)
              WHERE status = 'created' AND is_submitted`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS printjobs_confirmed_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS printjobs_waiting_released_idx`.execute(db);
}

import { sql, type Kysely } from 'kysely';

// Fair, crash-tolerant background work (issue 11): a job can carry the person it is for
// (`fair_key`), and `claimed_at` records when a worker last took it, so the documents lane can
// pick the person with the fewest running jobs and, among them, the one served least recently.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE jobs ADD COLUMN fair_key text`.execute(db);
  await sql`ALTER TABLE jobs ADD COLUMN claimed_at timestamptz`.execute(db);
  // "When was this person last served": the newest claim of their jobs.
  await sql`CREATE INDEX jobs_fair_claimed_idx ON jobs (fair_key, claimed_at)
              WHERE fair_key IS NOT NULL`.execute(db);
  // "How many of their jobs are running": few rows, whatever the history.
  await sql`CREATE INDEX jobs_fair_running_idx ON jobs (fair_key)
              WHERE fair_key IS NOT NULL AND status = 'running'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS jobs_fair_running_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS jobs_fair_claimed_idx`.execute(db);
  await sql`ALTER TABLE jobs DROP COLUMN claimed_at`.execute(db);
  await sql`ALTER TABLE jobs DROP COLUMN fair_key`.execute(db);
}

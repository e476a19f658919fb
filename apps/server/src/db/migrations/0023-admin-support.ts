import { sql, type Kysely } from 'kysely';

// Support tools for admins (issue 17 point 6).
// - users.blocked_at: a blocked account cannot sign in (password, Facebook, phone app, reset link)
//   and its sessions end; null when not blocked.
// - page_grants.reason: why an admin granted or refunded the pages (shown in the ledger).
// - page_grants.printjob_id: the job a refund gives pages back for. One refund per job: the
//   partial unique index decides between two admins refunding at once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN blocked_at timestamptz`.execute(db);
  await sql`ALTER TABLE page_grants ADD COLUMN reason text`.execute(db);
  await sql`ALTER TABLE page_grants
              ADD COLUMN printjob_id integer REFERENCES printjobs (id) ON DELETE SET NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX page_grants_refund_once_idx ON page_grants (printjob_id)
              WHERE source = 'refund' AND printjob_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS page_grants_refund_once_idx`.execute(db);
  await sql`ALTER TABLE page_grants DROP COLUMN IF EXISTS printjob_id`.execute(db);
  await sql`ALTER TABLE page_grants DROP COLUMN IF EXISTS reason`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS blocked_at`.execute(db);
}

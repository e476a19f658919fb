import { sql, type Kysely } from 'kysely';

// Decommissioned printers (issue 17 point 7): an admin takes a printer out of service for good, or
// until it is brought back. The row stays, so its statistics, jobs and invoices keep their
// printer; the map, its page and releases leave it out while `decommissioned_at` is set.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE printers ADD COLUMN decommissioned_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE printers DROP COLUMN decommissioned_at`.execute(db);
}

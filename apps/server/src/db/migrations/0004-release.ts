import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // When the printer's agent last reported; a printer is offline after 2 heartbeats + 5 s.
  await sql`ALTER TABLE printers ADD COLUMN agent_last_seen_at timestamptz`.execute(db);
  await sql`ALTER TABLE printjobs ADD COLUMN released_at timestamptz`.execute(db);
  await sql`ALTER TABLE printjobs ADD COLUMN finished_at timestamptz`.execute(db);
  await sql`ALTER TABLE printjobs ADD COLUMN printed_faces integer CHECK (printed_faces >= 0)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE printjobs DROP COLUMN printed_faces`.execute(db);
  await sql`ALTER TABLE printjobs DROP COLUMN finished_at`.execute(db);
  await sql`ALTER TABLE printjobs DROP COLUMN released_at`.execute(db);
  await sql`ALTER TABLE printers DROP COLUMN agent_last_seen_at`.execute(db);
}

import { sql, type Kysely } from 'kysely';

// The version of the agent at each printer (issue 18 point 6), as its hello says, so admins see
// which kiosks still run an old agent. Detected printers already keep theirs
// (detected_printers.agent_version); null: no agent has connected since.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE printers ADD COLUMN agent_version text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE printers DROP COLUMN agent_version`.execute(db);
}

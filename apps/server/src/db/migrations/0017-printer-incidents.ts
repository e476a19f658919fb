import { sql, type Kysely } from 'kysely';

// Printer alerts (issue 18 point 5). An incident is one stretch of time a printer was offline, in
// error, or low on paper or toner; admins and the printer's contact are told once when it starts
// and once when it ends. At most one incident of a kind is open per printer (the partial unique
// index), so several server instances seeing the same report or the same silence open it once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE printers ADD COLUMN contact_email text`.execute(db);
  await sql`
    CREATE TABLE printer_incidents (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      printer_id integer NOT NULL REFERENCES printers (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('offline', 'error', 'paper_low', 'toner_low')),
      -- What exactly (an error's problem, e.g. out_of_paper), as first seen.
      problem text,
      started_at timestamptz NOT NULL,
      ended_at timestamptz,
      notified_at timestamptz,
      recovered_notified_at timestamptz,
      CHECK (ended_at IS NULL OR ended_at >= started_at)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX printer_incidents_open_idx ON printer_incidents (printer_id, kind)
              WHERE ended_at IS NULL`.execute(db);
  await sql`CREATE INDEX printer_incidents_printer_idx ON printer_incidents (printer_id, started_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE printer_incidents`.execute(db);
  await sql`ALTER TABLE printers DROP COLUMN contact_email`.execute(db);
}

import { sql, type Kysely } from 'kysely';

// Two-phase charging: pages are taken from grants at release (reserved), and settled when the
// printer reports (posted: at most the pages printed) or the job fails before printing (voided).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE page_reservations (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      printjob_id integer NOT NULL REFERENCES printjobs (id) ON DELETE CASCADE,
      pages integer NOT NULL CHECK (pages > 0),
      charged integer CHECK (charged >= 0 AND charged <= pages),
      status text NOT NULL DEFAULT 'reserved' CHECK (status IN ('reserved', 'posted', 'voided')),
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz,
      CONSTRAINT page_reservations_settled CHECK ((status = 'posted') = (charged IS NOT NULL))
    )`.execute(db);
  // A job is charged at most once at a time.
  await sql`CREATE UNIQUE INDEX page_reservations_one_live ON page_reservations (printjob_id) WHERE status <> 'voided'`.execute(
    db,
  );
  await sql`CREATE INDEX page_reservations_user_idx ON page_reservations (user_id)`.execute(db);
  // Where each reserved page came from; kept equal to what the grants are missing.
  await sql`
    CREATE TABLE page_reservation_items (
      reservation_id integer NOT NULL REFERENCES page_reservations (id) ON DELETE CASCADE,
      grant_id integer NOT NULL REFERENCES page_grants (id) ON DELETE CASCADE,
      pages integer NOT NULL CHECK (pages > 0),
      taken_order integer NOT NULL,
      PRIMARY KEY (reservation_id, grant_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS page_reservation_items`.execute(db);
  await sql`DROP TABLE IF EXISTS page_reservations`.execute(db);
}

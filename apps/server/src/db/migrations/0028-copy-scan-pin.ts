import { sql, type Kysely } from 'kysely';

// Issue 16: PIN and ID for copying and scanning at a printer, the device sessions a printer's panel
// opens with them (a copy is charged through the same page ledger as a print job: a reservation
// posted at once, tied to the session instead of a job), and the scans a person receives.
export async function up(db: Kysely<unknown>): Promise<void> {
  // pin_uid: the person's numeric ID typed at the device (random, unique; not the account id).
  // pin_hash: scrypt hash of the 4-8 digit PIN (null: no PIN set, copying/scanning refused).
  await sql`ALTER TABLE users
              ADD COLUMN pin_uid integer UNIQUE CHECK (pin_uid BETWEEN 100000 AND 99999999),
              ADD COLUMN pin_hash text,
              ADD COLUMN pin_set_at timestamptz`.execute(db);

  // One person signed in at one printer's panel with ID + PIN, for copying or scanning.
  await sql`
    CREATE TABLE device_sessions (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      printer_id integer REFERENCES printers (id) ON DELETE SET NULL,
      user_id integer REFERENCES users (id) ON DELETE SET NULL,
      action text NOT NULL CHECK (action IN ('copy', 'scan')),
      color_allowed boolean NOT NULL,
      -- sha256 of the token the agent uploads a scan with (scan sessions only).
      upload_token_hash text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      ended_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX device_sessions_user_idx ON device_sessions (user_id)`.execute(db);
  await sql`CREATE INDEX device_sessions_printer_idx ON device_sessions (printer_id, created_at)`.execute(
    db,
  );

  // A copy's charge: a reservation without a print job, tied to the device session and posted at
  // once. The usage report it came from is named, so a repeated report never charges twice.
  await sql`ALTER TABLE page_reservations
              ADD COLUMN device_session_id integer REFERENCES device_sessions (id) ON DELETE SET NULL,
              ADD COLUMN usage_report_id text`.execute(db);
  await sql`CREATE UNIQUE INDEX page_reservations_usage_report
              ON page_reservations (device_session_id, usage_report_id)
              WHERE usage_report_id IS NOT NULL`.execute(db);

  // Scans made at a printer and delivered to a person (account list and e-mail).
  await sql`
    CREATE TABLE scans (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      printer_id integer REFERENCES printers (id) ON DELETE SET NULL,
      device_session_id integer REFERENCES device_sessions (id) ON DELETE SET NULL,
      -- The agent's X-Scan-Upload-Id: a retried upload of the same scan names the same id.
      upload_id text,
      -- The file in document storage; null once deleted (retention), the row is kept.
      file_key text,
      file_name text NOT NULL,
      content_type text NOT NULL,
      byte_size integer NOT NULL CHECK (byte_size >= 0),
      pages integer NOT NULL CHECK (pages >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      mailed_at timestamptz,
      deleted_at timestamptz
    )`.execute(db);
  // A retried upload in the same session answers the scan already stored, never a second one.
  await sql`CREATE UNIQUE INDEX scans_upload_id ON scans (device_session_id, upload_id)
              WHERE upload_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX scans_user_idx ON scans (user_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX scans_retention_idx ON scans (created_at) WHERE file_key IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE scans`.execute(db);
  await sql`DROP INDEX page_reservations_usage_report`.execute(db);
  await sql`DELETE FROM page_reservations WHERE printjob_id IS NULL AND device_session_id IS NOT NULL`.execute(
    db,
  );
  await sql`ALTER TABLE page_reservations DROP COLUMN usage_report_id, DROP COLUMN device_session_id`.execute(
    db,
  );
  await sql`DROP TABLE device_sessions`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN pin_set_at, DROP COLUMN pin_hash, DROP COLUMN pin_uid`.execute(
    db,
  );
}

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The agent of a V3 printer authenticates with its minion_id and a secret; only a hash is kept.
  await sql`ALTER TABLE printers ADD COLUMN agent_secret_hash text`.execute(db);
  // The last status the agent reported: printer-state, reasons, input trays, supplies / markers.
  await sql`ALTER TABLE printers ADD COLUMN agent_status jsonb`.execute(db);
  await sql`ALTER TABLE printjobs ADD COLUMN printing_started_at timestamptz`.execute(db);
  await sql`ALTER TABLE printjobs ADD COLUMN failure_reason text`.execute(db);
  await sql`CREATE INDEX printjobs_printer_scheduled_idx ON printjobs (printer_id) WHERE status = 'scheduled'`.execute(
    db,
  );

  // Agents that dialled in with a minion_id no printer has yet: an admin registers them.
  await sql`
    CREATE TABLE detected_printers (
      minion_id text PRIMARY KEY,
      secret_hash text NOT NULL,
      agent_version text NOT NULL DEFAULT '',
      printer_info jsonb,
      remote_address text,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // Short-lived tokens with which an agent downloads the documents of a job released to it.
  await sql`
    CREATE TABLE agent_download_tokens (
      token_hash text PRIMARY KEY,
      printer_id integer NOT NULL REFERENCES printers (id) ON DELETE CASCADE,
      printjob_id integer NOT NULL REFERENCES printjobs (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX agent_download_tokens_expiry_idx ON agent_download_tokens (expires_at)`.execute(
    db,
  );

  // Monthly printer statistics (spec section 2), from the printer's reports.
  await sql`
    CREATE TABLE printer_monthly_stats (
      printer_id integer NOT NULL REFERENCES printers (id) ON DELETE CASCADE,
      month date NOT NULL,
      classic_color_pages integer NOT NULL DEFAULT 0,
      classic_mono_pages integer NOT NULL DEFAULT 0,
      express_color_pages integer NOT NULL DEFAULT 0,
      express_mono_pages integer NOT NULL DEFAULT 0,
      copy_color_pages integer NOT NULL DEFAULT 0,
      copy_mono_pages integer NOT NULL DEFAULT 0,
      scanned_pages integer NOT NULL DEFAULT 0,
      PRIMARY KEY (printer_id, month)
    )`.execute(db);
  await sql`
    CREATE TABLE printer_monthly_users (
      printer_id integer NOT NULL REFERENCES printers (id) ON DELETE CASCADE,
      month date NOT NULL,
      activity text NOT NULL CHECK (activity IN ('printing', 'copying', 'scanning')),
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      PRIMARY KEY (printer_id, month, activity, user_id)
    )`.execute(db);
  // Usage the printer reports on its own (copies, scans) is counted once per report id.
  await sql`
    CREATE TABLE printer_usage_reports (
      printer_id integer NOT NULL REFERENCES printers (id) ON DELETE CASCADE,
      report_id text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (printer_id, report_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'printer_usage_reports',
    'printer_monthly_users',
    'printer_monthly_stats',
    'agent_download_tokens',
    'detected_printers',
  ]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
  await sql`DROP INDEX printjobs_printer_scheduled_idx`.execute(db);
  await sql`ALTER TABLE printjobs DROP COLUMN failure_reason`.execute(db);
  await sql`ALTER TABLE printjobs DROP COLUMN printing_started_at`.execute(db);
  await sql`ALTER TABLE printers DROP COLUMN agent_status`.execute(db);
  await sql`ALTER TABLE printers DROP COLUMN agent_secret_hash`.execute(db);
}

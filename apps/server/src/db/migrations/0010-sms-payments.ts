import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The SMS-payment sandbox (the operator's side): one row per simulated SMS. The session itself
  // travels in a signed token, so a row exists only once the SMS was "sent"; the primary key
  // makes that happen once even when two server instances are asked at the same moment.
  await sql`
    CREATE TABLE sms_sandbox_sessions (
      session_id text PRIMARY KEY,
      reference text NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('success', 'failure')),
      event_id text NOT NULL UNIQUE,
      sent_at timestamptz NOT NULL DEFAULT now(),
      deliveries integer NOT NULL DEFAULT 0 CHECK (deliveries >= 0),
      delivered_at timestamptz,
      last_delivery_status text
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sms_sandbox_sessions`.execute(db);
}

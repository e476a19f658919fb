import { sql, type Kysely } from 'kysely';

// Rate limits shared by every server process: one counter per (bucket, key) and window, kept in
// the application database so that a second instance sees the attempts the first one counted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rate_limits (
      bucket text NOT NULL,
      key text NOT NULL,
      count integer NOT NULL,
      window_ends_at timestamptz NOT NULL,
      PRIMARY KEY (bucket, key)
    )`.execute(db);
  await sql`CREATE INDEX rate_limits_window_ends_at_idx ON rate_limits (window_ends_at)`.execute(
    db,
  );
  // Sign-in failures are now counted per account and address, and per address.
  await sql`CREATE INDEX sign_in_attempts_email_ip_idx ON sign_in_attempts (email, ip, created_at)`.execute(
    db,
  );
  await sql`CREATE INDEX sign_in_attempts_ip_idx ON sign_in_attempts (ip, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX sign_in_attempts_ip_idx`.execute(db);
  await sql`DROP INDEX sign_in_attempts_email_ip_idx`.execute(db);
  await sql`DROP TABLE rate_limits`.execute(db);
}

import { sql, type Kysely } from 'kysely';

// Forgot password (issue 17): one row per reset link mailed. Only the SHA-256 of the link's
// 256-bit token is kept, so a database leak opens no account. `email` is the address the link
// went to: a link for an address the account no longer has does nothing. `used_at` makes the
// link single-use (and is also set on the other open links of the account when one is used).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE password_resets (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      email text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      requested_ip text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX password_resets_user_idx ON password_resets (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE password_resets`.execute(db);
}

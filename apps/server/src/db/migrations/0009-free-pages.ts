import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One credit per invited person, ever: the unique key is what makes the referral bonus
  // idempotent when a purchase completes twice or two purchases complete at once.
  await sql`
    CREATE TABLE referral_credits (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      referrer_user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      invited_user_id integer NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
      pages integer NOT NULL CHECK (pages > 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX referral_credits_referrer_idx ON referral_credits (referrer_user_id)`.execute(
    db,
  );
  await sql`CREATE INDEX users_referred_by_idx ON users (referred_by_user_id)`.execute(db);

  // The spec's `user_datum`: the verified phone number and the old-app rule per account.
  await sql`
    CREATE TABLE user_data (
      user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      phone_number text,
      phone_verified_at timestamptz,
      app_version text,
      app_version_seen_at timestamptz,
      old_app_verification_required boolean NOT NULL DEFAULT false,
      old_app_bonus_granted_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT user_data_phone_verified CHECK ((phone_number IS NULL) = (phone_verified_at IS NULL))
    )`.execute(db);
  // A number belongs to one account at a time.
  await sql`CREATE UNIQUE INDEX user_data_phone_number_key ON user_data (phone_number) WHERE phone_number IS NOT NULL`.execute(
    db,
  );

  // The code waiting to be typed in (at most one per account), stored hashed.
  await sql`
    CREATE TABLE phone_verifications (
      user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      phone_number text NOT NULL,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      sent_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // Every SMS handed to the gateway (not its text): the 30 s and daily limits count these.
  await sql`
    CREATE TABLE sms_sends (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      phone_number text NOT NULL,
      sent_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX sms_sends_user_idx ON sms_sends (user_id, sent_at)`.execute(db);
  await sql`CREATE INDEX sms_sends_number_idx ON sms_sends (phone_number, sent_at)`.execute(db);

  // The sandbox SMS gateway's outbox (development and tests): what would have been sent.
  await sql`
    CREATE TABLE sms_outbox (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      to_number text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sms_outbox`.execute(db);
  await sql`DROP TABLE sms_sends`.execute(db);
  await sql`DROP TABLE phone_verifications`.execute(db);
  await sql`DROP TABLE user_data`.execute(db);
  await sql`DROP INDEX users_referred_by_idx`.execute(db);
  await sql`DROP TABLE referral_credits`.execute(db);
}

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Page packages sold on /kup-pakiet (personal) and /business (business). Prices in minor units.
  await sql`
    CREATE TABLE packages (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      code text NOT NULL,
      audience text NOT NULL CHECK (audience IN ('personal', 'business')),
      pages integer NOT NULL CHECK (pages > 0),
      validity_days integer NOT NULL CHECK (validity_days > 0),
      regular_price_minor integer NOT NULL CHECK (regular_price_minor > 0),
      promo_percent integer NOT NULL DEFAULT 0 CHECK (promo_percent BETWEEN 0 AND 90),
      price_minor integer NOT NULL CHECK (price_minor > 0),
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      is_popular boolean NOT NULL DEFAULT false,
      is_active boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // One active package per code and audience (an inactive one may share the code of its successor).
  await sql`CREATE UNIQUE INDEX packages_active_code_idx ON packages (audience, code) WHERE is_active`.execute(
    db,
  );

  // Money records are kept when the person is deleted (accounting law): the payer's e-mail is copied.
  await sql`
    CREATE TABLE payments (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      reference text NOT NULL UNIQUE,
      user_id integer REFERENCES users (id) ON DELETE SET NULL,
      payer_email text NOT NULL,
      package_id integer NOT NULL REFERENCES packages (id),
      provider text NOT NULL,
      provider_reference text,
      checkout_url text,
      method text NOT NULL CHECK (method IN ('card', 'transfer', 'blik', 'sms')),
      status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'completed', 'failed')),
      amount_minor integer NOT NULL CHECK (amount_minor > 0),
      currency text NOT NULL,
      pages integer NOT NULL CHECK (pages > 0),
      validity_days integer NOT NULL CHECK (validity_days > 0),
      idempotency_key text NOT NULL,
      grant_id integer REFERENCES page_grants (id) ON DELETE SET NULL,
      pages_expire_at timestamptz,
      receipt_number text UNIQUE,
      flag text,
      failure_code text,
      locale text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      UNIQUE (user_id, idempotency_key)
    )`.execute(db);
  await sql`CREATE INDEX payments_user_idx ON payments (user_id, created_at)`.execute(db);
  await sql`CREATE UNIQUE INDEX payments_provider_ref_idx ON payments (provider, provider_reference)`.execute(
    db,
  );

  // Every verified provider notification, once: the dedup key is recorded in the same
  // transaction as the work it causes.
  await sql`
    CREATE TABLE provider_events (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      provider text NOT NULL,
      event_id text NOT NULL,
      kind text NOT NULL,
      reference text,
      outcome text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider, event_id)
    )`.execute(db);

  // Saving a card: our reference for the provider's hosted card form.
  await sql`
    CREATE TABLE card_setups (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      reference text NOT NULL UNIQUE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      provider text NOT NULL,
      provider_reference text,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'added', 'failed')),
      saved_card_id integer,
      bonus_pages integer NOT NULL DEFAULT 0,
      bonus_expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE saved_cards (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      provider text NOT NULL,
      fingerprint text NOT NULL,
      brand text NOT NULL,
      last4 text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, provider, fingerprint)
    )`.execute(db);

  // The add-card bonus is once per person AND once per card: both enforced by the database.
  // A deleted account keeps its card's row (user_id NULL), so the card cannot earn it again.
  await sql`
    CREATE TABLE card_bonuses (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer UNIQUE REFERENCES users (id) ON DELETE SET NULL,
      fingerprint text NOT NULL UNIQUE,
      pages integer NOT NULL,
      granted_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // The built-in sandbox provider's own state (it plays a foreign provider; our payments
  // module never reads this table).
  await sql`
    CREATE TABLE sandbox_sessions (
      token_hash text PRIMARY KEY,
      provider_reference text NOT NULL UNIQUE,
      kind text NOT NULL CHECK (kind IN ('payment', 'card')),
      reference text NOT NULL,
      method text,
      amount_minor integer,
      currency text,
      description text NOT NULL,
      customer_email text NOT NULL,
      locale text NOT NULL,
      return_url text NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'challenge', 'done')),
      challenge_code text,
      pending_outcome text,
      card_fingerprint text,
      card_brand text,
      card_last4 text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sandbox_sessions',
    'card_bonuses',
    'saved_cards',
    'card_setups',
    'provider_events',
    'payments',
    'packages',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}

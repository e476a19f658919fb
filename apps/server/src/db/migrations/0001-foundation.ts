import { sql, type Kysely } from 'kysely';

// Plain SQL so PGlite and PostgreSQL run exactly the same statements.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      email text NOT NULL,
      password_hash text,
      role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'business', 'admin')),
      locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('de', 'en', 'pl')),
      email_confirmed_at timestamptz,
      facebook_id text UNIQUE,
      is_premium boolean NOT NULL DEFAULT false,
      last_login_at timestamptz,
      last_login_mobile timestamptz,
      referral_code text NOT NULL UNIQUE,
      referred_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT users_email_lowercase CHECK (email = lower(email))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_key ON users (email)`.execute(db);

  await sql`
    CREATE TABLE email_confirmations (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      email text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      csrf_token text NOT NULL,
      is_mobile_app boolean NOT NULL DEFAULT false,
      user_agent text,
      ip text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX sessions_user_id_idx ON sessions (user_id)`.execute(db);

  await sql`
    CREATE TABLE sign_in_attempts (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      email text NOT NULL,
      ip text,
      succeeded boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sign_in_attempts_email_idx ON sign_in_attempts (email, created_at)`.execute(
    db,
  );

  // The pages ledger: grants, each spent down to zero and never below (ARCHITECTURE "Data").
  await sql`
    CREATE TABLE page_grants (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      source text NOT NULL CHECK (source IN ('package', 'card_bonus', 'referral', 'admin', 'refund', 'welcome')),
      pages integer NOT NULL CHECK (pages > 0),
      remaining integer NOT NULL CHECK (remaining >= 0 AND remaining <= pages),
      expires_at timestamptz,
      reference text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX page_grants_user_idx ON page_grants (user_id, expires_at)`.execute(db);

  await sql`
    CREATE TABLE cities (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      slug text NOT NULL UNIQUE,
      country text NOT NULL,
      timezone text NOT NULL,
      lat double precision NOT NULL,
      lon double precision NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE printers (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      city_id integer NOT NULL REFERENCES cities (id),
      name text NOT NULL,
      full_name text NOT NULL,
      description text NOT NULL DEFAULT '',
      country text NOT NULL,
      street text NOT NULL,
      house_number text NOT NULL,
      postcode text NOT NULL,
      location_x double precision NOT NULL CHECK (location_x BETWEEN -90 AND 90),
      location_y double precision NOT NULL CHECK (location_y BETWEEN -180 AND 180),
      radius integer NOT NULL CHECK (radius >= 0),
      email text UNIQUE,
      direct_print_code text NOT NULL UNIQUE,
      express_email text,
      is_color boolean NOT NULL DEFAULT false,
      is_copier boolean NOT NULL DEFAULT false,
      is_enabled boolean NOT NULL DEFAULT true,
      is_premium boolean NOT NULL DEFAULT false,
      maintenance_mode boolean NOT NULL DEFAULT false,
      api_version integer NOT NULL DEFAULT 2 CHECK (api_version IN (2, 3)),
      minion_id text UNIQUE,
      logo_path text,
      photo_path text,
      maps_place_url text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT printers_v3_needs_minion CHECK (api_version = 2 OR minion_id IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX printers_city_idx ON printers (city_id)`.execute(db);

  await sql`
    CREATE TABLE printer_open_hours (
      printer_id integer NOT NULL REFERENCES printers (id) ON DELETE CASCADE,
      weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
      is_open boolean NOT NULL,
      open_time time,
      close_time time,
      PRIMARY KEY (printer_id, weekday),
      CONSTRAINT open_hours_times CHECK (
        NOT is_open OR (open_time IS NOT NULL AND close_time IS NOT NULL AND close_time > open_time)
      )
    )`.execute(db);

  // Background work (mail, conversions, expiry): claimed with FOR UPDATE SKIP LOCKED.
  await sql`
    CREATE TABLE jobs (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      payload jsonb NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      max_attempts integer NOT NULL DEFAULT 5,
      run_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      last_error text,
      unique_key text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX jobs_due_idx ON jobs (status, run_at)`.execute(db);

  await sql`
    CREATE TABLE mail_log (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE audit_log (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      actor_user_id integer REFERENCES users (id) ON DELETE SET NULL,
      action text NOT NULL,
      subject_type text,
      subject_id text,
      details jsonb NOT NULL DEFAULT '{}'::jsonb,
      ip text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX audit_log_created_idx ON audit_log (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'audit_log',
    'mail_log',
    'jobs',
    'printer_open_hours',
    'printers',
    'cities',
    'page_grants',
    'sign_in_attempts',
    'sessions',
    'email_confirmations',
    'users',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}

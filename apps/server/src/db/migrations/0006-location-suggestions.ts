import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Places people suggest for a new printer (/modal/mailings/report_location).
  await sql`
    CREATE TABLE location_suggestions (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer REFERENCES users (id) ON DELETE SET NULL,
      place text NOT NULL,
      address text NOT NULL,
      city text NOT NULL,
      comment text NOT NULL DEFAULT '',
      email text NOT NULL DEFAULT '',
      locale text NOT NULL,
      ip text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX location_suggestions_ip_idx ON location_suggestions (ip, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE location_suggestions`.execute(db);
}

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Express discount codes (spec section 3): number_of_uses is how many uses are allowed,
  // uses how many happened; a code is usable while active, unexpired and not used up.
  await sql`
    CREATE TABLE express_discount_codes (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      code text NOT NULL,
      percent integer NOT NULL CHECK (percent BETWEEN 1 AND 100),
      expiration_date date,
      active boolean NOT NULL DEFAULT true,
      number_of_uses integer NOT NULL CHECK (number_of_uses >= 1),
      uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0 AND uses <= number_of_uses),
      created_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX express_discount_codes_code_key ON express_discount_codes (upper(code))`.execute(
    db,
  );

  // Express orders: printed for a customer known only by e-mail, paid per order. Money in minor
  // units; the express url carries an unguessable token (256 bits, base64url).
  await sql`
    CREATE TABLE express_orders (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      token text NOT NULL UNIQUE,
      printer_id integer NOT NULL REFERENCES printers (id),
      customer_email text NOT NULL,
      status text NOT NULL DEFAULT 'created'
        CHECK (status IN ('created', 'scheduled', 'printed', 'failed')),
      document_count integer NOT NULL CHECK (document_count >= 0),
      page_count integer NOT NULL CHECK (page_count >= 0),
      is_color boolean NOT NULL DEFAULT false,
      price_minor integer NOT NULL CHECK (price_minor >= 0),
      currency text NOT NULL,
      discount_code_id integer REFERENCES express_discount_codes (id) ON DELETE SET NULL,
      discount_percent integer CHECK (discount_percent BETWEEN 1 AND 100),
      failure_reason text,
      printed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX express_orders_status_idx ON express_orders (status, id)`.execute(db);

  // A print job made for an express order (the express issue creates them).
  await sql`ALTER TABLE printjobs ADD COLUMN express_order_id integer REFERENCES express_orders (id) ON DELETE SET NULL`.execute(
    db,
  );
  // The admin list filters by status and date, newest first.
  await sql`CREATE INDEX printjobs_status_created_idx ON printjobs (status, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX printjobs_status_created_idx`.execute(db);
  await sql`ALTER TABLE printjobs DROP COLUMN express_order_id`.execute(db);
  await sql`DROP TABLE express_orders`.execute(db);
  await sql`DROP TABLE express_discount_codes`.execute(db);
}

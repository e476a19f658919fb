import { sql, type Kysely } from 'kysely';

// Express orders for real (issue 13). A guest at a printer prints without an account:
// - the order's documents and print job belong to a guest account (`users.role = 'guest'`) that
//   can never sign in (no password, an address under the reserved `.invalid` domain, never
//   mailed); the whole upload pipeline, previews and the printer agent work for it unchanged;
// - the order is paid in money for this one job (per-printer express page prices, defaults from
//   configuration) through the same payments table as packages (`payments.express_order_id`);
// - money going back (not printed in time, printer failed) is a refund row, at most one per order.
// Lifecycle (packages/shared printing/express-lifecycle.ts): draft -> awaiting_payment ->
// created (paid) -> scheduled -> printed | failed -> refunded; draft -> abandoned.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_role_check
              CHECK (role IN ('user', 'business', 'admin', 'guest'))`.execute(db);

  await sql`ALTER TABLE printers ADD COLUMN express_mono_price_minor integer
              CHECK (express_mono_price_minor >= 0)`.execute(db);
  await sql`ALTER TABLE printers ADD COLUMN express_color_price_minor integer
              CHECK (express_color_price_minor >= 0)`.execute(db);

  await sql`ALTER TABLE express_orders DROP CONSTRAINT IF EXISTS express_orders_status_check`.execute(
    db,
  );
  await sql`ALTER TABLE express_orders ADD CONSTRAINT express_orders_status_check
              CHECK (status IN ('draft', 'awaiting_payment', 'created', 'scheduled', 'printed',
                                'failed', 'refunded', 'abandoned'))`.execute(db);
  await sql`ALTER TABLE express_orders ALTER COLUMN customer_email DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE express_orders
              ADD COLUMN guest_user_id integer REFERENCES users (id) ON DELETE SET NULL,
              ADD COLUMN printjob_id integer REFERENCES printjobs (id) ON DELETE SET NULL,
              ADD COLUMN locale text NOT NULL DEFAULT 'pl' CHECK (locale IN ('de', 'en', 'pl')),
              ADD COLUMN color_page_count integer NOT NULL DEFAULT 0 CHECK (color_page_count >= 0),
              ADD COLUMN list_price_minor integer NOT NULL DEFAULT 0 CHECK (list_price_minor >= 0),
              ADD COLUMN mono_price_minor integer CHECK (mono_price_minor >= 0),
              ADD COLUMN color_price_minor integer CHECK (color_price_minor >= 0),
              ADD COLUMN checkout_expires_at timestamptz,
              ADD COLUMN paid_at timestamptz,
              ADD COLUMN print_by timestamptz,
              ADD COLUMN printed_faces integer CHECK (printed_faces >= 0),
              ADD COLUMN ended_at timestamptz,
              ADD COLUMN documents_deleted_at timestamptz`.execute(db);
  // The order page polls by token; the sweeper looks for orders due a refund or a clean-up.
  await sql`CREATE INDEX express_orders_print_by_idx ON express_orders (print_by)
              WHERE status = 'created'`.execute(db);
  await sql`CREATE INDEX express_orders_discount_idx ON express_orders (discount_code_id, status)
              WHERE discount_code_id IS NOT NULL`.execute(db);

  await sql`ALTER TABLE payments ALTER COLUMN package_id DROP NOT NULL`.execute(db);
  // An express order's payment buys no pages: only a package purchase must carry them.
  await sql`ALTER TABLE payments DROP CONSTRAINT payments_pages_check,
              DROP CONSTRAINT payments_validity_days_check`.execute(db);
  await sql`ALTER TABLE payments ADD CONSTRAINT payments_pages_check
              CHECK (pages >= 0 AND validity_days >= 0
                     AND (package_id IS NULL OR (pages > 0 AND validity_days > 0)))`.execute(db);
  await sql`ALTER TABLE payments ADD COLUMN express_order_id integer
              REFERENCES express_orders (id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX payments_express_order_idx ON payments (express_order_id)
              WHERE express_order_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE refunds (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      reference text NOT NULL UNIQUE,
      payment_id integer NOT NULL REFERENCES payments (id),
      express_order_id integer NOT NULL UNIQUE REFERENCES express_orders (id),
      amount_minor integer NOT NULL CHECK (amount_minor > 0),
      currency text NOT NULL,
      reason text NOT NULL
        CHECK (reason IN ('not_printed_in_time', 'printer_failed', 'admin_failed')),
      provider text NOT NULL,
      provider_reference text,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
      failure_code text,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    )`.execute(db);

  // Retention (guest documents after their order ended; issue 17 reuses it for all documents):
  // the files go, the row stays as the record of what was printed. A ready document keeps the
  // key its PDF had (documents_ready_has_pdf), so this column says the files are gone.
  await sql`ALTER TABLE documents ADD COLUMN files_deleted_at timestamptz`.execute(db);

  // The built-in sandbox provider's own record of the refunds it was asked for (like its
  // sessions): the refund's reference is its idempotency key, and it never pays back more than
  // the session collected.
  await sql`
    CREATE TABLE sandbox_refunds (
      reference text PRIMARY KEY,
      provider_reference text NOT NULL UNIQUE,
      session_provider_reference text NOT NULL,
      amount_minor integer NOT NULL CHECK (amount_minor > 0),
      currency text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sandbox_refunds`.execute(db);
  await sql`ALTER TABLE documents DROP COLUMN files_deleted_at`.execute(db);
  await sql`DROP TABLE refunds`.execute(db);
  await sql`DROP INDEX IF EXISTS payments_express_order_idx`.execute(db);
  await sql`ALTER TABLE payments DROP COLUMN express_order_id`.execute(db);
  await sql`ALTER TABLE payments DROP CONSTRAINT payments_pages_check`.execute(db);
  await sql`ALTER TABLE payments ADD CONSTRAINT payments_pages_check CHECK (pages > 0),
              ADD CONSTRAINT payments_validity_days_check CHECK (validity_days > 0)`.execute(db);
  await sql`ALTER TABLE payments ALTER COLUMN package_id SET NOT NULL`.execute(db);
  await sql`DROP INDEX IF EXISTS express_orders_discount_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS express_orders_print_by_idx`.execute(db);
  await sql`ALTER TABLE express_orders
              DROP COLUMN guest_user_id, DROP COLUMN printjob_id, DROP COLUMN locale,
              DROP COLUMN color_page_count, DROP COLUMN list_price_minor,
              DROP COLUMN mono_price_minor, DROP COLUMN color_price_minor,
              DROP COLUMN checkout_expires_at, DROP COLUMN paid_at, DROP COLUMN print_by,
              DROP COLUMN printed_faces, DROP COLUMN ended_at,
              DROP COLUMN documents_deleted_at`.execute(db);
  await sql`ALTER TABLE express_orders ALTER COLUMN customer_email SET NOT NULL`.execute(db);
  await sql`ALTER TABLE express_orders DROP CONSTRAINT IF EXISTS express_orders_status_check`.execute(
    db,
  );
  await sql`ALTER TABLE express_orders ADD CONSTRAINT express_orders_status_check
              CHECK (status IN ('created', 'scheduled', 'printed', 'failed'))`.execute(db);
  await sql`ALTER TABLE printers DROP COLUMN express_color_price_minor`.execute(db);
  await sql`ALTER TABLE printers DROP COLUMN express_mono_price_minor`.execute(db);
  await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_role_check
              CHECK (role IN ('user', 'business', 'admin'))`.execute(db);
}

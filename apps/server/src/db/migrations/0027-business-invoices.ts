import { sql, type Kysely } from 'kysely';

// Business accounts and monthly VAT invoices (issue 15, docs/invoices.md).
//
// - business_profiles: the company of a business account (users.role = 'business').
// - business_trials: the free test pages, once per tax number (not once per sign-up): the tax
//   number is the key, kept when the account goes so the trial cannot be taken twice.
// - payments gain the VAT split of what was paid and whether a business account bought it.
// - invoices / invoice_lines: issued documents, immutable once issued; buyer and seller are
//   snapshots (an invoice outlives the account and any later change of the company's details).
//   The FA(3) XML is stored as issued (its SHA-256 is what KSeF knows).
// - invoice_counters: the last number per series and month (FV/2026/11/0001), taken with the
//   invoice in one transaction, so numbers have no gaps and no duplicates.
// - refunds may now give back a package purchase (no express order): at most one per payment.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE page_grants DROP CONSTRAINT IF EXISTS page_grants_source_check`.execute(db);
  await sql`ALTER TABLE page_grants ADD CONSTRAINT page_grants_source_check
              CHECK (source IN ('package', 'card_bonus', 'referral', 'admin', 'refund', 'welcome',
                                'business_trial'))`.execute(db);

  await sql`
    CREATE TABLE business_profiles (
      user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      business_name text NOT NULL,
      address text NOT NULL,
      city text NOT NULL,
      postcode text NOT NULL,
      country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
      tax_country text NOT NULL CHECK (tax_country ~ '^[A-Z]{2}$'),
      tax_id text NOT NULL CHECK (tax_id ~ '^[0-9A-Z+*]{2,14}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX business_profiles_tax_idx ON business_profiles (tax_country, tax_id)`.execute(
    db,
  );

  await sql`
    CREATE TABLE business_trials (
      tax_country text NOT NULL,
      tax_id text NOT NULL,
      user_id integer REFERENCES users (id) ON DELETE SET NULL,
      grant_id integer REFERENCES page_grants (id) ON DELETE SET NULL,
      pages integer NOT NULL CHECK (pages > 0),
      granted_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (tax_country, tax_id)
    )`.execute(db);

  await sql`ALTER TABLE payments ADD COLUMN is_business boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE payments ADD COLUMN net_minor integer`.execute(db);
  await sql`ALTER TABLE payments ADD COLUMN vat_minor integer`.execute(db);
  await sql`ALTER TABLE payments ADD COLUMN vat_rate integer`.execute(db);
  await sql`ALTER TABLE payments ADD CONSTRAINT payments_vat_split
              CHECK (net_minor IS NULL OR (vat_minor IS NOT NULL AND vat_rate IS NOT NULL
                     AND net_minor + vat_minor = amount_minor))`.execute(db);
  await sql`CREATE INDEX payments_business_completed_idx ON payments (completed_at)
              WHERE is_business AND status = 'completed'`.execute(db);

  await sql`
    CREATE TABLE invoices (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      number text NOT NULL UNIQUE,
      kind text NOT NULL CHECK (kind IN ('invoice', 'correction')),
      user_id integer REFERENCES users (id) ON DELETE SET NULL,
      period text NOT NULL CHECK (period ~ '^[0-9]{4}-[0-9]{2}$'),
      corrects_invoice_id integer REFERENCES invoices (id),
      correction_reason text,
      refund_id integer REFERENCES refunds (id),
      issue_date date NOT NULL,
      sale_date date NOT NULL,
      seller jsonb NOT NULL,
      buyer jsonb NOT NULL,
      buyer_name text NOT NULL,
      buyer_tax_id text NOT NULL,
      locale text NOT NULL,
      currency text NOT NULL,
      net_minor integer NOT NULL,
      vat_minor integer NOT NULL,
      gross_minor integer NOT NULL,
      xml text NOT NULL,
      xml_sha256 text NOT NULL,
      ksef_status text NOT NULL DEFAULT 'pending'
        CHECK (ksef_status IN ('pending', 'sending', 'accepted', 'rejected', 'failed')),
      ksef_session_reference text,
      ksef_reference text,
      ksef_number text,
      ksef_upo text,
      ksef_attempts integer NOT NULL DEFAULT 0,
      ksef_error text,
      ksef_sent_at timestamptz,
      ksef_accepted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (net_minor + vat_minor = gross_minor),
      CHECK ((kind = 'correction') = (corrects_invoice_id IS NOT NULL))
    )`.execute(db);
  // A purchase is invoiced once (invoice_lines_payment_once below): a re-run of a month finds
  // nothing left to invoice. An admin may issue the current month early; what is bought after
  // that goes on a second invoice of that month (docs/invoices.md).
  await sql`CREATE INDEX invoices_period_idx ON invoices (period, kind)`.execute(db);
  // One correction per refund.
  await sql`CREATE UNIQUE INDEX invoices_one_per_refund ON invoices (refund_id)
              WHERE refund_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX invoices_user_idx ON invoices (user_id, issue_date DESC)`.execute(db);
  await sql`CREATE INDEX invoices_ksef_idx ON invoices (ksef_status)
              WHERE ksef_status IN ('pending', 'sending', 'failed')`.execute(db);

  await sql`
    CREATE TABLE invoice_lines (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      invoice_id integer NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position > 0),
      state text NOT NULL DEFAULT 'sale' CHECK (state IN ('sale', 'before', 'after')),
      payment_id integer REFERENCES payments (id),
      description text NOT NULL,
      quantity integer NOT NULL,
      unit_net_minor integer NOT NULL,
      net_minor integer NOT NULL,
      vat_rate integer NOT NULL,
      vat_minor integer NOT NULL,
      gross_minor integer NOT NULL,
      payment_method text NOT NULL,
      paid_at timestamptz NOT NULL,
      payment_reference text NOT NULL,
      UNIQUE (invoice_id, position),
      CHECK (net_minor + vat_minor = gross_minor)
    )`.execute(db);
  // A purchase is sold on one invoice only (corrections refer to it with 'before'/'after' rows).
  await sql`CREATE UNIQUE INDEX invoice_lines_payment_once ON invoice_lines (payment_id)
              WHERE state = 'sale'`.execute(db);

  await sql`
    CREATE TABLE invoice_counters (
      series text NOT NULL,
      period text NOT NULL,
      last_number integer NOT NULL CHECK (last_number > 0),
      PRIMARY KEY (series, period)
    )`.execute(db);

  await sql`ALTER TABLE refunds ALTER COLUMN express_order_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE refunds DROP CONSTRAINT IF EXISTS refunds_reason_check`.execute(db);
  await sql`ALTER TABLE refunds ADD CONSTRAINT refunds_reason_check
              CHECK (reason IN ('not_printed_in_time', 'printer_failed', 'admin_failed',
                                'purchase_refunded'))`.execute(db);
  // One live refund per purchase: a failed one may be tried again.
  await sql`CREATE UNIQUE INDEX refunds_one_per_purchase ON refunds (payment_id)
              WHERE express_order_id IS NULL AND status <> 'failed'`.execute(db);
  // The purchase's unused pages taken back when its refund was asked for (given back if it fails).
  await sql`ALTER TABLE refunds ADD COLUMN pages_voided integer NOT NULL DEFAULT 0`.execute(db);
  // A refunded purchase's grant: pages a print job hands back later are not added to it again.
  await sql`ALTER TABLE page_grants ADD COLUMN voided_at timestamptz`.execute(db);
  await sql`ALTER TABLE refunds ADD COLUMN requested_by_user_id integer
              REFERENCES users (id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE refunds ADD COLUMN note text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE page_grants DROP COLUMN voided_at`.execute(db);
  await sql`ALTER TABLE refunds DROP COLUMN pages_voided`.execute(db);
  await sql`ALTER TABLE refunds DROP COLUMN note`.execute(db);
  await sql`ALTER TABLE refunds DROP COLUMN requested_by_user_id`.execute(db);
  await sql`DROP INDEX refunds_one_per_purchase`.execute(db);
  await sql`DELETE FROM refunds WHERE express_order_id IS NULL`.execute(db);
  await sql`ALTER TABLE refunds DROP CONSTRAINT refunds_reason_check`.execute(db);
  await sql`ALTER TABLE refunds ADD CONSTRAINT refunds_reason_check
              CHECK (reason IN ('not_printed_in_time', 'printer_failed', 'admin_failed'))`.execute(
    db,
  );
  await sql`ALTER TABLE refunds ALTER COLUMN express_order_id SET NOT NULL`.execute(db);
  await sql`DROP TABLE invoice_counters`.execute(db);
  await sql`DROP TABLE invoice_lines`.execute(db);
  await sql`DROP TABLE invoices`.execute(db);
  await sql`DROP INDEX payments_business_completed_idx`.execute(db);
  await sql`ALTER TABLE payments DROP CONSTRAINT payments_vat_split`.execute(db);
  for (const column of ['vat_rate', 'vat_minor', 'net_minor', 'is_business'])
    await sql`ALTER TABLE payments DROP COLUMN ${sql.ref(column)}`.execute(db);
  await sql`DROP TABLE business_trials`.execute(db);
  await sql`DROP TABLE business_profiles`.execute(db);
  await sql`DELETE FROM page_grants WHERE source = 'business_trial'`.execute(db);
  await sql`ALTER TABLE page_grants DROP CONSTRAINT page_grants_source_check`.execute(db);
  await sql`ALTER TABLE page_grants ADD CONSTRAINT page_grants_source_check
              CHECK (source IN ('package', 'card_bonus', 'referral', 'admin', 'refund', 'welcome'))`.execute(
    db,
  );
}

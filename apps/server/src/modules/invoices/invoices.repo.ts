import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import type { TNewInvoice, TNewInvoiceLine } from '../../db/schema';

// SQL of the invoices module (issue 15, docs/invoices.md). Calendar dates are read with to_char:
// drivers turn a `date` into a local-time Date.

const issueDate = sql<string>`to_char(invoices.issue_date, 'YYYY-MM-DD')`;
const saleDate = sql<string>`to_char(invoices.sale_date, 'YYYY-MM-DD')`;

/** What may go on a month's invoice: a business's completed package purchase, not invoiced, not given back. */
function invoiceable(db: TDb) {
  return db
    .selectFrom('payments')
    .where('payments.is_business', '=', true)
    .where('payments.status', '=', 'completed')
    .where('payments.package_id', 'is not', null)
    .where('payments.user_id', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('invoice_lines')
            .select('invoice_lines.id')
            .whereRef('invoice_lines.payment_id', '=', 'payments.id')
            .where('invoice_lines.state', '=', 'sale'),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('refunds')
            .select('refunds.id')
            .whereRef('refunds.payment_id', '=', 'payments.id')
            .where('refunds.status', 'in', ['pending', 'succeeded']),
        ),
      ),
    );
}

export type TInvoiceCandidate = {
  id: number;
  user_id: number;
  currency: string;
  completed_at: Date;
};

/**
 * The purchases still to be invoiced, completed within [from, to) (no `from`: any time before
 * `to`; no `to` either: any time), of one account or of all: who bought them, when, in what.
 */
export async function listInvoiceablePayments(
  db: TDb,
  range: { from?: Date; to?: Date; userId?: number },
): Promise<TInvoiceCandidate[]> {
  let query = invoiceable(db);
  if (range.from) query = query.where('payments.completed_at', '>=', range.from);
  if (range.to) query = query.where('payments.completed_at', '<', range.to);
  if (range.userId !== undefined) query = query.where('payments.user_id', '=', range.userId);
  const rows = await query
    .select(['payments.id', 'payments.user_id', 'payments.currency', 'payments.completed_at'])
    .orderBy('payments.user_id')
    .orderBy('payments.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id!,
    currency: r.currency,
    completed_at: r.completed_at!,
  }));
}

/**
 * Locks the buyer's account row FOR KEY SHARE, the lock the foreign key check of a new invoice
 * takes anyway, but first: an invoice (or correction) takes the users row before the payments,
 * as the erasure of the account does (users, then payments). Other updates of the row (company
 * details, sign-ins) do not wait for it; only the row's deletion does.
 */
export async function lockBuyer(trx: TDb, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forKeyShare().execute();
}

/** Locks the payments (in id order: concurrent runs of one business wait, never deadlock). */
export async function lockPayments(trx: TDb, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .selectFrom('payments')
    .select('id')
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Of these payments, those still to be invoiced, with what the invoice line needs. A statement of
 * its own after `lockPayments`: it sees what a concurrent run committed meanwhile.
 */
export function findInvoiceablePayments(trx: TDb, ids: number[]) {
  return invoiceable(trx)
    .leftJoin('packages', 'packages.id', 'payments.package_id')
    .where('payments.id', 'in', ids.length ? ids : [0])
    .select([
      'payments.id',
      'payments.reference',
      'payments.user_id',
      'payments.method',
      'payments.amount_minor',
      'payments.net_minor',
      'payments.vat_minor',
      'payments.vat_rate',
      'payments.currency',
      'payments.pages',
      'payments.validity_days',
      'payments.completed_at',
      'packages.code as package_code',
    ])
    .orderBy('payments.completed_at')
    .orderBy('payments.id')
    .execute();
}

export type TInvoiceablePayment = Awaited<ReturnType<typeof findInvoiceablePayments>>[number];

/** The account and its company (null when it has none) as the buyer of an invoice. */
export function findBuyer(db: TDb, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('business_profiles', 'business_profiles.user_id', 'users.id')
    .where('users.id', '=', userId)
    .select([
      'users.id',
      'users.email',
      'users.locale',
      'users.role',
      'business_profiles.business_name',
      'business_profiles.address',
      'business_profiles.city',
      'business_profiles.postcode',
      'business_profiles.country',
      'business_profiles.tax_country',
      'business_profiles.tax_id',
    ])
    .executeTakeFirst();
}

/**
 * The next number of the series in the month: the counter row is locked until the transaction
 * ends, and a rolled back invoice gives its number back (no gaps, no duplicates).
 */
export async function incrementInvoiceCounter(
  trx: TDb,
  series: string,
  period: string,
): Promise<number> {
  const row = await trx
    .insertInto('invoice_counters')
    .values({ series, period, last_number: 1 })
    .onConflict((oc) =>
      oc
        .columns(['series', 'period'])
        .doUpdateSet({ last_number: sql<number>`invoice_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

export async function insertInvoice(trx: TDb, values: TNewInvoice): Promise<number> {
  const row = await trx
    .insertInto('invoices')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertInvoiceLines(trx: TDb, lines: TNewInvoiceLine[]): Promise<void> {
  if (lines.length) await trx.insertInto('invoice_lines').values(lines).execute();
}

export async function setInvoiceXml(
  trx: TDb,
  id: number,
  xml: string,
  xmlSha256: string,
): Promise<void> {
  await trx
    .updateTable('invoices')
    .set({ xml, xml_sha256: xmlSha256, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

const invoiceColumns = [
  'invoices.id',
  'invoices.number',
  'invoices.kind',
  'invoices.user_id',
  'invoices.period',
  'invoices.corrects_invoice_id',
  'invoices.correction_reason',
  'invoices.refund_id',
  'invoices.seller',
  'invoices.buyer',
  'invoices.buyer_name',
  'invoices.buyer_tax_id',
  'invoices.locale',
  'invoices.currency',
  'invoices.net_minor',
  'invoices.vat_minor',
  'invoices.gross_minor',
  'invoices.ksef_status',
  'invoices.ksef_number',
  'invoices.ksef_attempts',
  'invoices.ksef_error',
  'invoices.ksef_sent_at',
  'invoices.ksef_accepted_at',
  'invoices.created_at',
] as const;

/** Invoices with what a correction shows of the invoice it corrects. */
export function invoicesWithCorrected(db: TDb) {
  return db
    .selectFrom('invoices')
    .leftJoin('invoices as corrected', 'corrected.id', 'invoices.corrects_invoice_id')
    .select(invoiceColumns)
    .select([
      issueDate.as('issue_date'),
      saleDate.as('sale_date'),
      'corrected.number as corrects_number',
      sql<string | null>`to_char(corrected.issue_date, 'YYYY-MM-DD')`.as('corrects_issue_date'),
      'corrected.ksef_number as corrects_ksef_number',
      sql<boolean>`invoices.ksef_upo IS NOT NULL`.as('has_upo'),
    ]);
}

export type TInvoiceRecord = Awaited<
  ReturnType<ReturnType<typeof invoicesWithCorrected>['executeTakeFirstOrThrow']>
>;

export function findInvoice(db: TDb, id: number): Promise<TInvoiceRecord | undefined> {
  return invoicesWithCorrected(db).where('invoices.id', '=', id).executeTakeFirst();
}

export function findInvoiceLines(db: TDb, invoiceId: number) {
  return db
    .selectFrom('invoice_lines')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The stored documents of an invoice (the XML as issued, the UPO once KSeF sent it). */
export function findInvoiceDocuments(db: TDb, id: number) {
  return db
    .selectFrom('invoices')
    .select(['id', 'number', 'user_id', 'xml', 'ksef_upo', 'ksef_status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The businesses that have an invoice (not a correction) of the month. */
export async function usersInvoicedInPeriod(db: TDb, period: string): Promise<number[]> {
  const rows = await db
    .selectFrom('invoices')
    .select('user_id')
    .distinct()
    .where('period', '=', period)
    .where('kind', '=', 'invoice')
    .where('user_id', 'is not', null)
    .execute();
  return rows.map((r) => r.user_id!);
}

/** The issued invoice a payment was sold on, with that line. */
export function findSaleLineOfPayment(db: TDb, paymentId: number) {
  return db
    .selectFrom('invoice_lines')
    .innerJoin('invoices', 'invoices.id', 'invoice_lines.invoice_id')
    .selectAll('invoice_lines')
    .select(['invoices.id as invoice_id', 'invoices.user_id as invoice_user_id'])
    .where('invoice_lines.payment_id', '=', paymentId)
    .where('invoice_lines.state', '=', 'sale')
    .executeTakeFirst();
}

/** A refund of a purchase, as its correcting invoice needs it. */
export function findRefund(db: TDb, refundId: number) {
  return db
    .selectFrom('refunds')
    .select(['id', 'payment_id', 'status', 'express_order_id'])
    .where('id', '=', refundId)
    .executeTakeFirst();
}

export async function correctionOfRefundExists(db: TDb, refundId: number): Promise<boolean> {
  const row = await db
    .selectFrom('invoices')
    .select('id')
    .where('refund_id', '=', refundId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The company's invoices, newest first. */
export function listInvoicesOfUser(db: TDb, userId: number) {
  return invoicesWithCorrected(db)
    .where('invoices.user_id', '=', userId)
    .orderBy('invoices.issue_date', 'desc')
    .orderBy('invoices.id', 'desc')
    .execute();
}

/** The account's package purchases, newest first, with their invoice and whether money went back. */
export function listPurchasesOfUser(db: TDb, userId: number) {
  return db
    .selectFrom('payments')
    .leftJoin('packages', 'packages.id', 'payments.package_id')
    .where('payments.user_id', '=', userId)
    .where('payments.package_id', 'is not', null)
    .select([
      'payments.reference',
      'payments.method',
      'payments.status',
      'payments.pages',
      'payments.amount_minor',
      'payments.net_minor',
      'payments.vat_minor',
      'payments.currency',
      'payments.created_at',
      'payments.completed_at',
      'payments.is_business',
      'packages.code as package_code',
    ])
    .select((eb) => [
      eb
        .selectFrom('invoice_lines')
        .innerJoin('invoices', 'invoices.id', 'invoice_lines.invoice_id')
        .select('invoices.number')
        .whereRef('invoice_lines.payment_id', '=', 'payments.id')
        .where('invoice_lines.state', '=', 'sale')
        .limit(1)
        .as('invoice_number'),
      eb
        .exists(
          eb
            .selectFrom('refunds')
            .select('refunds.id')
            .whereRef('refunds.payment_id', '=', 'payments.id')
            .where('refunds.status', '=', 'succeeded'),
        )
        .as('refunded'),
    ])
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .limit(500)
    .execute();
}

import { formatTaxId, splitGross, type TInvoiceRunResult } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TInvoiceParty, TNewInvoiceLine } from '../../db/schema';
import { fieldError } from '../../http/errors';
import { registerRecurringTask, startRecurringTask, type TRecurringTask } from '../jobs/recurring';
import { registerPurchaseRefundListener } from '../payments/purchase-refund-listeners';
import { registerAccountErasureHook } from '../users/account-erasure-hooks';
import { queueRefundCorrection, registerRefundCorrectionWork } from './invoice-correction.service';
import { invoiceTeamMail, queueInvoiceMail, queueInvoiceTeamMail } from './invoice-mail';
import type { TInvoiceModel } from './invoice-model';
import { nextInvoiceNumber } from './invoice-numbering';
import { isPeriod, lastDayOf, localDateOf, periodOf, periodRange } from './invoice-periods';
import { storeInvoice } from './invoice-store';
import {
  findBuyer,
  findInvoiceablePayments,
  listInvoiceablePayments,
  lockBuyer,
  lockPayments,
  usersInvoicedInPeriod,
  type TInvoiceablePayment,
  type TInvoiceCandidate,
} from './invoices.repo';
import { queueKsefSend } from './ksef-send.service';

// The monthly VAT invoices (issue 15 point 4, docs/invoices.md): one invoice per business for
// the month's completed purchases not invoiced yet (złoty only). A purchase is invoiced once, so a month can
// be run again (or concurrently) safely, and an early run of the current month leaves what is
// bought later to the next run.

export const INVOICE_RUN_TASK = 'invoices-monthly';
const HOUR_MS = 60 * 60_000;
/** The currency of every invoice (business packages are sold in złoty only). */
const INVOICE_CURRENCY = 'PLN';

/** Polish plural of a count: 1 strona, 2 strony, 5 stron. */
function plural(n: number, one: string, few: string, many: string): string {
  if (n === 1) return one;
  const tens = n % 100;
  return n % 10 >= 2 && n % 10 <= 4 && (tens < 12 || tens > 14) ? few : many;
}

/** "Pakiet stron M — 2000 stron, ważny 90 dni": Polish, as KSeF receives it. */
export function packageLineDescription(p: {
  package_code: string | null;
  pages: number;
  validity_days: number;
}): string {
  const name = p.package_code ? `Pakiet stron ${p.package_code}` : 'Pakiet stron';
  return `${name} — ${p.pages} ${plural(p.pages, 'strona', 'strony', 'stron')}, ważny ${
    p.validity_days
  } ${p.validity_days === 1 ? 'dzień' : 'dni'}`;
}

/** One line per purchase: what was charged, split as it was charged (VAT per line, half up). */
function saleLine(
  p: TInvoiceablePayment,
  position: number,
  defaultRate: number,
): Omit<TNewInvoiceLine, 'invoice_id'> {
  const vatRate = p.vat_rate ?? defaultRate;
  // Rows without a split (bought before it was recorded): the VAT is worked out of the gross.
  const split =
    p.net_minor !== null && p.vat_minor !== null
      ? { netMinor: p.net_minor, vatMinor: p.vat_minor }
      : splitGross(p.amount_minor, vatRate);
  return {
    position,
    state: 'sale',
    payment_id: p.id,
    description: packageLineDescription(p),
    quantity: 1,
    unit_net_minor: split.netMinor,
    net_minor: split.netMinor,
    vat_rate: vatRate,
    vat_minor: split.vatMinor,
    gross_minor: split.netMinor + split.vatMinor,
    payment_method: p.method,
    paid_at: p.completed_at!,
    payment_reference: p.reference,
  };
}

function sum(lines: { net_minor: number; vat_minor: number; gross_minor: number }[]) {
  return lines.reduce(
    (acc, l) => ({
      net_minor: acc.net_minor + l.net_minor,
      vat_minor: acc.vat_minor + l.vat_minor,
      gross_minor: acc.gross_minor + l.gross_minor,
    }),
    { net_minor: 0, vat_minor: 0, gross_minor: 0 },
  );
}

/**
 * One business's invoice of a month's purchases, in the caller's transaction: its purchases
 * locked and checked again (a concurrent run may have invoiced them meanwhile), the number taken,
 * the invoice, its XML and the KSeF send queued, and (unless `mail: false`) the mail. Null when
 * nothing is left to invoice or the business has no company details yet (it stays a leftover,
 * invoiced by a later run once it has them).
 */
async function issueInvoiceIn(
  ctx: TAppContext,
  trx: TDb,
  group: { userId: number; paymentIds: number[]; period: string },
  now: Date,
  options: { mail: boolean },
): Promise<TInvoiceModel | null> {
  const { userId, paymentIds, period } = group;
  const { timezone, vatRatePercent, seller } = ctx.config.invoices;
  // The account first, then its purchases: the erasure's order (account-erasure.service.ts), so
  // an invoice and the account's erasure wait for each other instead of deadlocking. Once the
  // erasure has committed, the check below finds nothing left (user_id is NULL then).
  await lockBuyer(trx, userId);
  await lockPayments(trx, paymentIds);
  // A statement of its own after the lock: it sees what a concurrent run committed. Złoty only
  // (one currency per invoice; other currencies are left out by the caller, see groupsOf).
  const payments = (await findInvoiceablePayments(trx, paymentIds)).filter(
    (p) => p.currency === INVOICE_CURRENCY,
  );
  if (payments.length === 0) return null;
  const buyer = await findBuyer(trx, userId);
  if (!buyer?.business_name || !buyer.tax_country || !buyer.tax_id) {
    ctx.log.warn(
      { userId, period, payments: payments.length },
      'invoice run: business without company details left for a later run',
    );
    return null;
  }
  const party: TInvoiceParty = {
    name: buyer.business_name,
    address: buyer.address ?? '',
    postcode: buyer.postcode ?? '',
    city: buyer.city ?? '',
    country: buyer.country ?? buyer.tax_country,
    taxCountry: buyer.tax_country,
    taxId: buyer.tax_id,
    email: buyer.email,
  };
  const lines = payments.map((p, i) => saleLine(p, i + 1, vatRatePercent));
  const issueDate = localDateOf(now, timezone);
  const lastDay = lastDayOf(period);
  const model = await storeInvoice(
    trx,
    {
      number: await nextInvoiceNumber(trx, 'FV', period),
      kind: 'invoice',
      user_id: userId,
      period,
      corrects_invoice_id: null,
      correction_reason: null,
      refund_id: null,
      issue_date: issueDate,
      // The month's last day; an early run of the current month: the day it is issued.
      sale_date: issueDate < lastDay ? issueDate : lastDay,
      seller: JSON.stringify(seller),
      buyer: JSON.stringify(party),
      buyer_name: party.name,
      buyer_tax_id: formatTaxId(party),
      locale: buyer.locale,
      currency: INVOICE_CURRENCY,
      ...sum(lines),
    },
    lines,
  );
  await queueKsefSend(trx, model.id);
  if (options.mail) await queueInvoiceMail(trx, model, buyer.email, ctx.config.publicUrl);
  return model;
}

/** One invoice to issue: a business's purchases of one month, in złoty. */
type TInvoiceGroup = { userId: number; period: string; paymentIds: number[] };

/**
 * The purchases grouped by (month, business, currency), in month order. Only złoty purchases are
 * invoiced: one in another currency is logged and left out (business packages are sold in złoty,
 * see ZPackageInput; a foreign-currency invoice would need the VAT in złoty at the NBP rate).
 */
function groupsOf(ctx: TAppContext, candidates: TInvoiceCandidate[]): TInvoiceGroup[] {
  const { timezone } = ctx.config.invoices;
  const groups = new Map<string, TInvoiceGroup>();
  for (const p of candidates) {
    const period = periodOf(p.completed_at, timezone);
    if (p.currency !== INVOICE_CURRENCY) {
      ctx.log.warn(
        { paymentId: p.id, userId: p.user_id, period, currency: p.currency },
        'invoice run: business purchase not in złoty left out',
      );
      continue;
    }
    const key = `${period}:${p.user_id}`;
    const group = groups.get(key) ?? { userId: p.user_id, period, paymentIds: [] };
    group.paymentIds.push(p.id);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) =>
    a.period === b.period ? a.userId - b.userId : a.period < b.period ? -1 : 1,
  );
}

/** Mails the team that a business's invoice failed (once a day per business and month); never throws. */
async function alertRunFailed(
  ctx: TAppContext,
  group: TInvoiceGroup,
  err: unknown,
  now: Date,
): Promise<void> {
  try {
    const reason = err instanceof Error ? err.message : String(err);
    const buyer = await findBuyer(ctx.db, group.userId);
    await queueInvoiceTeamMail(
      ctx.db,
      invoiceTeamMail(ctx.config.teamEmail, 'run_failed', {
        business: buyer?.business_name ?? `#${group.userId}`,
        userId: group.userId,
        month: group.period,
        reason,
      }),
      `invoice-run-failed:${group.userId}:${group.period}:${localDateOf(now, ctx.config.invoices.timezone)}`,
    );
  } catch (alertErr) {
    ctx.log.error(
      { err: alertErr, userId: group.userId, period: group.period },
      'invoice run: could not queue the team alert',
    );
  }
}

/**
 * Issues each group's invoice in a transaction of its own. One business failing does not stop
 * the others: it is logged, the team is mailed (once a day per business and month) and counted;
 * its purchases stay invoiceable, so the next hourly run tries again.
 */
async function issueGroups(
  ctx: TAppContext,
  groups: TInvoiceGroup[],
  now: Date,
): Promise<{ issued: TInvoiceGroup[]; failed: number }> {
  const issued: TInvoiceGroup[] = [];
  let failed = 0;
  for (const group of groups) {
    // All of a business's work in one try: nothing of one business (its invoice, or the lookup
    // and alert after it failed) stops the others.
    try {
      const model = await ctx.db
        .transaction()
        .execute((trx) => issueInvoiceIn(ctx, trx, group, now, { mail: true }));
      if (model) issued.push(group);
    } catch (err) {
      failed += 1;
      ctx.log.error(
        { err, userId: group.userId, period: group.period },
        'invoice run: the invoice of a business could not be issued',
      );
      await alertRunFailed(ctx, group, err, now);
    }
  }
  return { issued, failed };
}

/**
 * Issues the month's invoices (safe to repeat and to run concurrently). The current month may be
 * run early; a month not begun yet is refused.
 */
export async function runInvoiceMonth(
  ctx: TAppContext,
  period: string,
  options: { now?: Date } = {},
): Promise<TInvoiceRunResult> {
  const now = options.now ?? ctx.now();
  const { timezone } = ctx.config.invoices;
  if (!isPeriod(period)) throw fieldError('month', 'invalid');
  if (period > periodOf(now, timezone)) throw fieldError('month', 'invoices.errors.future_month');
  const candidates = await listInvoiceablePayments(ctx.db, periodRange(period, timezone));
  const { issued, failed } = await issueGroups(ctx, groupsOf(ctx, candidates), now);
  const issuedFor = new Set(issued.map((g) => g.userId));
  const invoiced = await usersInvoicedInPeriod(ctx.db, period);
  const result = {
    month: period,
    issued: issuedFor.size,
    existing: invoiced.filter((userId) => !issuedFor.has(userId)).length,
    failed,
  };
  if (result.issued > 0 || failed > 0) ctx.log.info(result, 'invoice run: invoices issued');
  return result;
}

/**
 * Invoices every purchase still open from a month before the one of `at` (each with its own
 * month): on the 1st that is the month just ended; any other hour it catches what an earlier run
 * left (a business that had no company details yet, a refund that failed after the run, a run
 * that could not happen on the 1st).
 */
export async function runInvoiceLeftovers(
  ctx: TAppContext,
  at: Date,
  options: { now?: Date } = {},
): Promise<{ issued: number; failed: number }> {
  const now = options.now ?? ctx.now();
  const { timezone } = ctx.config.invoices;
  const before = periodRange(periodOf(at, timezone), timezone).from;
  const candidates = await listInvoiceablePayments(ctx.db, { to: before });
  if (candidates.length === 0) return { issued: 0, failed: 0 };
  const { issued, failed } = await issueGroups(ctx, groupsOf(ctx, candidates), now);
  const result = { issued: issued.length, failed };
  if (issued.length > 0 || failed > 0)
    ctx.log.info(
      { ...result, months: [...new Set(issued.map((g) => g.period))] },
      'invoice run: invoices issued',
    );
  return result;
}

/**
 * Before an account is erased (users' erasure hooks, in the erasure transaction): its purchases
 * not invoiced yet, of every month including the current one, are invoiced now, while the
 * company's details still exist. No mail (the address is going); the invoice goes to KSeF.
 */
export async function invoiceBeforeErasure(
  ctx: TAppContext,
  trx: TDb,
  userId: number,
): Promise<void> {
  const candidates = await listInvoiceablePayments(trx, { userId });
  const now = ctx.now();
  for (const group of groupsOf(ctx, candidates)) {
    const model = await issueInvoiceIn(ctx, trx, group, now, { mail: false });
    if (model)
      ctx.log.info({ userId, invoice: model.number }, 'invoice issued before account erasure');
    else
      ctx.log.error(
        { userId, period: group.period },
        'account erased with purchases that could not be invoiced (no company details)',
      );
  }
}

/**
 * The hourly check of the recurring task: every hour it invoices what is still open from earlier
 * months (on the 1st, in the invoice time zone, that is the month just ended). Later runs find
 * nothing left; one per hour across instances.
 */
export function invoiceRunTask(ctx: TAppContext): TRecurringTask {
  return {
    name: INVOICE_RUN_TASK,
    everyMs: HOUR_MS,
    run: async ({ at }) => {
      await runInvoiceLeftovers(ctx, at);
    },
  };
}

/**
 * The monthly run (started with the server, see main.ts), the correcting invoice of a refund
 * (a job, issued once the corrected invoice is accepted by KSeF) and the invoices of an account
 * being erased.
 */
export function registerInvoiceRunWork(ctx: TAppContext): void {
  registerRecurringTask(ctx, invoiceRunTask(ctx));
  registerRefundCorrectionWork(ctx);
  registerPurchaseRefundListener('invoices', async (_listenerCtx, trx, refund) => {
    await queueRefundCorrection(trx, refund.refundId);
  });
  registerAccountErasureHook('invoices', invoiceBeforeErasure);
}

/** Starts the monthly run (the server's start; every instance may call it). */
export function startInvoiceRuns(ctx: TAppContext): Promise<void> {
  return startRecurringTask(ctx, invoiceRunTask(ctx));
}

import { formatTaxId, splitGross, type TInvoiceRunResult } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TInvoiceParty, TNewInvoiceLine } from '../../db/schema';
import { fieldError } from '../../http/errors';
import { registerRecurringTask, startRecurringTask, type TRecurringTask } from '../jobs/recurring';
import { registerPurchaseRefundListener } from '../payments/purchase-refund-listeners';
import { issueRefundCorrection } from './invoice-correction.service';
import { queueInvoiceMail } from './invoice-mail';
import type { TInvoiceModel } from './invoice-model';
import { nextInvoiceNumber } from './invoice-numbering';
import {
  isPeriod,
  lastDayOf,
  localDateOf,
  localDayOf,
  periodOf,
  periodRange,
  previousPeriod,
} from './invoice-periods';
import { storeInvoice } from './invoice-store';
import {
  findBuyer,
  findInvoiceablePayments,
  listInvoiceablePayments,
  lockPayments,
  usersInvoicedInPeriod,
  type TInvoiceablePayment,
} from './invoices.repo';
import { queueKsefSend } from './ksef-send.service';

// The monthly VAT invoices (issue 15 point 4, docs/invoices.md): one invoice per business for
// the month's completed purchases not invoiced yet. A purchase is invoiced once, so a month can
// be run again (or concurrently) safely, and an early run of the current month leaves what is
// bought later to the next run.

export const INVOICE_RUN_TASK = 'invoices-monthly';
const HOUR_MS = 60 * 60_000;

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
 * One business's invoice of the month, in one transaction: its purchases locked and checked
 * again (a concurrent run may have invoiced them meanwhile), the number taken, the invoice, its
 * XML, the KSeF send and the mail queued. Null when nothing is left to invoice.
 */
async function issueMonthInvoice(
  ctx: TAppContext,
  userId: number,
  paymentIds: number[],
  period: string,
  now: Date,
): Promise<TInvoiceModel | null> {
  const { timezone, vatRatePercent, seller } = ctx.config.invoices;
  return ctx.db.transaction().execute(async (trx: TDb) => {
    await lockPayments(trx, paymentIds);
    // A statement of its own after the lock: it sees what a concurrent run committed.
    const payments = await findInvoiceablePayments(trx, paymentIds);
    if (payments.length === 0) return null;
    const buyer = await findBuyer(trx, userId);
    if (!buyer?.business_name || !buyer.tax_country || !buyer.tax_id) {
      ctx.log.warn({ userId, period }, 'invoice run: business without company details skipped');
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
        currency: payments[0]!.currency,
        ...sum(lines),
      },
      lines,
    );
    await queueKsefSend(trx, model.id);
    await queueInvoiceMail(trx, model, buyer.email, ctx.config.publicUrl);
    return model;
  });
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
  const byUser = new Map<number, number[]>();
  for (const p of candidates) byUser.set(p.user_id, [...(byUser.get(p.user_id) ?? []), p.id]);
  const issuedFor = new Set<number>();
  for (const [userId, ids] of byUser) {
    const model = await issueMonthInvoice(ctx, userId, ids, period, now);
    if (model) issuedFor.add(userId);
  }
  const invoiced = await usersInvoicedInPeriod(ctx.db, period);
  const result = {
    month: period,
    issued: issuedFor.size,
    existing: invoiced.filter((userId) => !issuedFor.has(userId)).length,
  };
  if (result.issued > 0) ctx.log.info(result, 'invoice run: invoices issued');
  return result;
}

/**
 * The hourly check of the recurring task: on the 1st of a month (in the invoice time zone) it
 * runs the previous month. Later runs that day find nothing left; one per hour across instances.
 */
export function invoiceRunTask(ctx: TAppContext): TRecurringTask {
  return {
    name: INVOICE_RUN_TASK,
    everyMs: HOUR_MS,
    run: async ({ at }) => {
      const { timezone } = ctx.config.invoices;
      if (localDayOf(at, timezone) !== 1) return;
      await runInvoiceMonth(ctx, previousPeriod(periodOf(at, timezone)));
    },
  };
}

/** The monthly run (started with the server, see main.ts) and the correction of a refund. */
export function registerInvoiceRunWork(ctx: TAppContext): void {
  registerRecurringTask(ctx, invoiceRunTask(ctx));
  registerPurchaseRefundListener('invoices', async (listenerCtx, trx, refund) => {
    await issueRefundCorrection(listenerCtx, trx, refund);
  });
}

/** Starts the monthly run (the server's start; every instance may call it). */
export function startInvoiceRuns(ctx: TAppContext): Promise<void> {
  return startRecurringTask(ctx, invoiceRunTask(ctx));
}

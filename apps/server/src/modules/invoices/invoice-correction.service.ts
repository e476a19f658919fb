import { z } from 'zod';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TNewInvoiceLine } from '../../db/schema';
import { enqueueJob, type TJobRun, type TJobType } from '../jobs/queue';
import { invoiceTeamMail, queueInvoiceMail, queueInvoiceTeamMail } from './invoice-mail';
import type { TInvoiceModel } from './invoice-model';
import { nextInvoiceNumber } from './invoice-numbering';
import { localDateOf, periodOf } from './invoice-periods';
import { storeInvoice } from './invoice-store';
import {
  correctionOfRefundExists,
  findBuyer,
  findInvoice,
  findRefund,
  findSaleLineOfPayment,
  lockBuyer,
  lockPayments,
  type TInvoiceRecord,
} from './invoices.repo';
import { queueKsefSend } from './ksef-send.service';

// The correcting invoice (faktura korygująca) of a refunded purchase (issue 15 point 4,
// docs/invoices.md "Corrections"): the purchase's line before (as invoiced) and after (quantity
// and amounts 0); its totals are after − before, so negative. Numbered KOR/… in the month it is
// issued; it bills the corrected invoice's month and keeps its sale date and buyer.
//
// It is issued only once KSeF has accepted the invoice it corrects, so its XML names that
// invoice's KSeF number (NrKSeF), never "issued outside KSeF". The refund's success queues the
// job 'invoice-correction' (one per refund); while the corrected invoice is on its way to KSeF
// the job looks again later, and while it is rejected or failed too, after mailing the team once.

/** The first wait before looking again; doubled each time, at most CORRECTION_MAX_WAIT_MS. */
const CORRECTION_FIRST_WAIT_MS = 10_000;
const CORRECTION_MAX_WAIT_MS = 3_600_000;

export const INVOICE_CORRECTION_JOB = {
  name: 'invoice-correction',
  schema: z.object({
    refundId: z.number().int().positive(),
    /** This look's number (1 = the first). */
    try: z.number().int().min(1).default(1),
  }),
  maxAttempts: 5,
} satisfies TJobType<z.ZodType>;

async function queueTry(db: TDb, refundId: number, tryNumber: number, runAt?: Date) {
  await enqueueJob(
    db,
    INVOICE_CORRECTION_JOB,
    { refundId, try: tryNumber },
    { uniqueKey: `invoice-correction:${refundId}:${tryNumber}`, ...(runAt ? { runAt } : {}) },
  );
}

/**
 * Queues the correction of a refunded purchase (in the transaction that records the refund's
 * success; heard twice, still one job).
 */
export async function queueRefundCorrection(trx: TDb, refundId: number): Promise<void> {
  await queueTry(trx, refundId, 1);
}

export function correctionRetryDelayMs(tryNumber: number): number {
  return Math.min(
    CORRECTION_FIRST_WAIT_MS * 2 ** Math.max(0, tryNumber - 1),
    CORRECTION_MAX_WAIT_MS,
  );
}

/** Issues the correction (the corrected invoice is accepted by KSeF). */
async function issueCorrection(
  ctx: TAppContext,
  trx: TDb,
  refundId: number,
  sale: NonNullable<Awaited<ReturnType<typeof findSaleLineOfPayment>>>,
  corrected: TInvoiceRecord,
  now: Date,
): Promise<TInvoiceModel> {
  const { timezone, seller } = ctx.config.invoices;
  const before: Omit<TNewInvoiceLine, 'invoice_id'> = {
    position: 1,
    state: 'before',
    payment_id: sale.payment_id,
    description: sale.description,
    quantity: sale.quantity,
    unit_net_minor: sale.unit_net_minor,
    net_minor: sale.net_minor,
    vat_rate: sale.vat_rate,
    vat_minor: sale.vat_minor,
    gross_minor: sale.gross_minor,
    payment_method: sale.payment_method,
    paid_at: sale.paid_at,
    payment_reference: sale.payment_reference,
  };
  const after = {
    ...before,
    position: 2,
    state: 'after' as const,
    quantity: 0,
    net_minor: 0,
    vat_minor: 0,
    gross_minor: 0,
  };
  // The corrected invoice's KSeF number reaches the XML (built now) and the PDF (built on each
  // download) through the same join (invoicesWithCorrected): an accepted invoice never changes
  // again (no resend, no new number), so both documents always name the same number.
  const model = await storeInvoice(
    trx,
    {
      number: await nextInvoiceNumber(trx, 'KOR', periodOf(now, timezone)),
      kind: 'correction',
      user_id: corrected.user_id,
      period: corrected.period,
      corrects_invoice_id: corrected.id,
      correction_reason: `Zwrot zapłaty za zakup pakietu ${sale.payment_reference}`,
      refund_id: refundId,
      issue_date: localDateOf(now, timezone),
      sale_date: corrected.sale_date,
      seller: JSON.stringify(seller),
      buyer: JSON.stringify(corrected.buyer),
      buyer_name: corrected.buyer_name,
      buyer_tax_id: corrected.buyer_tax_id,
      locale: corrected.locale,
      currency: corrected.currency,
      net_minor: after.net_minor - before.net_minor,
      vat_minor: after.vat_minor - before.vat_minor,
      gross_minor: after.gross_minor - before.gross_minor,
    },
    [before, after],
  );
  await queueKsefSend(trx, model.id);
  // To the account's address now (it may have changed since the invoice); nobody when the
  // account is gone.
  const account = corrected.user_id === null ? undefined : await findBuyer(trx, corrected.user_id);
  await queueInvoiceMail(trx, model, account?.email, ctx.config.publicUrl);
  ctx.log.info({ invoice: model.number, corrects: corrected.number }, 'correcting invoice issued');
  return model;
}

export type TCorrectionOutcome = 'issued' | 'nothing' | 'waiting';

/**
 * One look of the job: 'issued' (now), 'nothing' (the purchase is not on an issued invoice, the
 * refund has its correction already, or it did not succeed) or 'waiting' (looked again later).
 */
export async function runRefundCorrection(
  ctx: TAppContext,
  refundId: number,
  tryNumber = 1,
): Promise<TCorrectionOutcome> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const refund = await findRefund(trx, refundId);
    if (!refund || refund.status !== 'succeeded' || refund.express_order_id !== null)
      return 'nothing';
    // The account first (FOR KEY SHARE, the lock the new invoice's foreign key takes anyway),
    // then the payment: the erasure's order (users, then payments), so a correction and the
    // account's erasure wait for each other instead of deadlocking.
    const buyerId = (await findSaleLineOfPayment(trx, refund.payment_id))?.invoice_user_id ?? null;
    if (buyerId !== null) await lockBuyer(trx, buyerId);
    // The payment's lock: the same refund's jobs (and the month's run) take turns.
    await lockPayments(trx, [refund.payment_id]);
    if (await correctionOfRefundExists(trx, refundId)) return 'nothing';
    const sale = await findSaleLineOfPayment(trx, refund.payment_id);
    if (!sale) return 'nothing';
    // Invoiced (or invoiced to another account) meanwhile, so its account is not locked: the
    // next look takes the locks in order.
    if (sale.invoice_user_id !== null && sale.invoice_user_id !== buyerId) {
      await queueTry(trx, refundId, tryNumber + 1, now);
      return 'waiting';
    }
    const corrected = await findInvoice(trx, sale.invoice_id);
    if (!corrected) return 'nothing';
    if (corrected.ksef_status === 'accepted' && corrected.ksef_number) {
      await issueCorrection(ctx, trx, refundId, sale, corrected, now);
      return 'issued';
    }
    if (corrected.ksef_status === 'rejected' || corrected.ksef_status === 'failed')
      await queueInvoiceTeamMail(
        trx,
        invoiceTeamMail(ctx.config.teamEmail, 'correction_waits', {
          reference: sale.payment_reference,
          number: corrected.number,
          status: corrected.ksef_status,
        }),
        `invoice-correction-waits:${refundId}`,
      );
    await queueTry(
      trx,
      refundId,
      tryNumber + 1,
      new Date(now.getTime() + correctionRetryDelayMs(tryNumber)),
    );
    return 'waiting';
  });
}

/**
 * One attempt of the job. When its last attempt fails too, the correction would be lost
 * silently: the team is mailed (once per refund) before the error goes to the queue.
 */
export async function runRefundCorrectionJob(
  ctx: TAppContext,
  payload: { refundId: number; try: number },
  run: Pick<TJobRun, 'attempt'>,
): Promise<void> {
  try {
    await runRefundCorrection(ctx, payload.refundId, payload.try);
  } catch (err) {
    if (run.attempt >= INVOICE_CORRECTION_JOB.maxAttempts) {
      try {
        await queueInvoiceTeamMail(
          ctx.db,
          invoiceTeamMail(ctx.config.teamEmail, 'correction_failed', {
            refundId: payload.refundId,
            attempts: run.attempt,
            reason: err instanceof Error ? err.message : String(err),
          }),
          `invoice-correction-failed:${payload.refundId}`,
        );
      } catch (mailErr) {
        ctx.log.error(
          { err: mailErr, refundId: payload.refundId },
          'correcting invoice: could not queue the team alert',
        );
      }
    }
    throw err;
  }
}

/** Registers the job that issues corrections. */
export function registerRefundCorrectionWork(ctx: TAppContext): void {
  ctx.worker.register(INVOICE_CORRECTION_JOB, (payload, run) =>
    runRefundCorrectionJob(ctx, payload, run),
  );
}

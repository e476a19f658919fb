import { randomBytes } from 'node:crypto';
import { expressRefundMinor } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TExpressRefundReason, TPrinterRow, TRefundReason } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import { enqueueJob, type TJobRun } from '../jobs/queue';
import { SEND_MAIL_JOB } from '../mail/mail.jobs';
import { expressRefundMail } from '../mail/mail.templates';
import { ProviderUnavailable, type TRefundResult } from '../payments/payment-provider';
import { paymentProviders } from '../payments/provider-registry';
import { EXPRESS_REFUND_JOB, refundRecheckDelayMs, scheduleDocumentDeletion } from './express-jobs';
import type { TExpressOrderRow } from './express-orders.repo';
import { expressPricesOf } from './express-pricing.service';
import { expressOrderUrl } from './express.presenter';
import {
  findCompletedPaymentOfOrder,
  findOrderForRefundMail,
  findRefundForProvider,
  insertRefundOnce,
  lockRefund,
  updateRefund,
} from './express-refunds.repo';
import { moveExpressOrder, type TExpressActor } from './express-transition.service';

const newRefundReference = () => `re_${randomBytes(16).toString('base64url')}`;

/**
 * What goes back to a guest whose job stopped after `printed` faces came out: the price paid
 * less those faces at the page prices of the checkout and the order's discount (all of it when nothing
 * printed).
 */
export function refundAmountOf(
  ctx: Pick<TAppContext, 'config'>,
  order: Pick<
    TExpressOrderRow,
    'price_minor' | 'currency' | 'discount_percent' | 'mono_price_minor' | 'color_price_minor'
  >,
  printer: Pick<TPrinterRow, 'express_mono_price_minor' | 'express_color_price_minor'> | undefined,
  printed: { colour: number; mono: number },
): number {
  // The prices the guest paid at (frozen at checkout); the printer's only for older orders.
  const { mono_price_minor: mono, color_price_minor: colour } = order;
  const prices =
    mono !== null && colour !== null
      ? { monoMinor: mono, colorMinor: colour, currency: order.currency }
      : printer
        ? {
            ...expressPricesOf(ctx, printer, order.currency),
            ...(mono !== null ? { monoMinor: mono } : {}),
            ...(colour !== null ? { colorMinor: colour } : {}),
          }
        : null;
  // Never a silent "no refund": the caller's transaction rolls back and the job is retried.
  if (!prices) throw new Error('express order without frozen prices and without its printer');
  return expressRefundMinor(order.price_minor, printed, prices, order.discount_percent);
}

/**
 * Ends a paid order that will not (or not wholly) print, in the caller's transaction: the order
 * becomes `refunded`, its one refund row is created (pending) and the provider is asked by a
 * queued job, outside any transaction. Nothing to pay back (a free order, a job that printed
 * everything it was paid for): no refund row; a failed order then stays failed, an order not
 * printed in time still ends. The order must be locked by the caller and be `created` or `failed`.
 */
export async function refundExpressOrder(
  ctx: TAppContext,
  trx: TDb,
  order: TExpressOrderRow,
  reason: TRefundReason,
  amountMinor: number,
  actor: TExpressActor,
): Promise<TExpressOrderRow> {
  const now = ctx.now();
  const payment = await findCompletedPaymentOfOrder(trx, order.id);
  const amount = Math.min(amountMinor, payment?.amount_minor ?? 0);
  if (!payment || amount <= 0) {
    if (reason !== 'not_printed_in_time') return order;
    const ended = await moveExpressOrder(trx, order, 'refund', actor, { ended_at: now });
    await scheduleDocumentDeletion(ctx, trx, ended);
    return ended;
  }
  const refund = await insertRefundOnce(trx, {
    reference: newRefundReference(),
    payment_id: payment.id,
    express_order_id: order.id,
    amount_minor: amount,
    currency: payment.currency,
    reason,
    provider: payment.provider,
  });
  const ended = await moveExpressOrder(trx, order, 'refund', actor, {
    ended_at: order.ended_at ?? now,
  });
  await enqueueJob(
    trx,
    EXPRESS_REFUND_JOB,
    { refundId: refund.id },
    { uniqueKey: `express-refund:${refund.id}` },
  );
  await scheduleDocumentDeletion(ctx, trx, ended);
  return ended;
}

/**
 * The queued refund call: asks the provider (idempotent on the refund's reference, so a retry
 * after a lost answer never pays twice), then records the answer. A provider that is down is
 * retried by the queue with backoff; after the last attempt the refund is marked failed for an
 * administrator. A pending refund (bank transfer) is asked about again later.
 */
export async function processRefund(
  ctx: TAppContext,
  refundId: number,
  run: Pick<TJobRun, 'attempt'> & { maxAttempts?: number },
): Promise<void> {
  const refund = await findRefundForProvider(ctx.db, refundId);
  if (!refund || refund.status !== 'pending') return;
  const provider = paymentProviders(ctx).byName(refund.provider);
  let result: TRefundResult;
  try {
    if (!provider) throw new ProviderUnavailable(`provider ${refund.provider} not configured`);
    if (!refund.payment_provider_reference)
      result = { providerReference: null, status: 'failed', failureCode: 'payment_not_found' };
    else if (refund.provider_reference && provider.refundStatus)
      result = await provider.refundStatus(refund.provider_reference);
    else
      result = await provider.refund({
        reference: refund.reference,
        paymentReference: refund.payment_reference,
        paymentProviderReference: refund.payment_provider_reference,
        amountMinor: refund.amount_minor,
        currency: refund.currency,
      });
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    const lastAttempt = run.attempt >= (run.maxAttempts ?? EXPRESS_REFUND_JOB.maxAttempts);
    ctx.log.warn({ err: error, refundId, attempt: run.attempt }, 'refund call failed');
    await recordRefundOutcome(
      ctx,
      refundId,
      lastAttempt
        ? { providerReference: null, status: 'failed', failureCode: 'provider_unavailable' }
        : null,
    );
    if (!lastAttempt) throw error;
    return;
  }
  await recordRefundOutcome(ctx, refundId, result);
}

/**
 * Writes the provider's answer once (the refund row is locked; an answer for a refund that is no
 * longer pending changes nothing). Succeeded: the guest is told, if they left an e-mail.
 * `null`: only count the attempt.
 */
async function recordRefundOutcome(
  ctx: TAppContext,
  refundId: number,
  result: TRefundResult | null,
): Promise<void> {
  const now = ctx.now();
  const recheck = await ctx.db.transaction().execute(async (trx) => {
    const refund = await lockRefund(trx, refundId);
    if (!refund || refund.status !== 'pending') return false;
    const attempts = refund.attempts + 1;
    if (!result || result.status === 'pending') {
      await updateRefund(trx, refund.id, {
        attempts,
        provider_reference: result?.providerReference ?? refund.provider_reference,
      });
      return result?.status === 'pending';
    }
    await updateRefund(trx, refund.id, {
      attempts,
      status: result.status,
      provider_reference: result.providerReference ?? refund.provider_reference,
      failure_code: result.status === 'failed' ? (result.failureCode ?? 'failed') : null,
      completed_at: now,
    });
    await recordAudit(trx, {
      actorUserId: null,
      action: `refund.${result.status}`,
      subject:
        refund.express_order_id === null
          ? ['payment', refund.payment_id]
          : ['express_order', refund.express_order_id],
      details: {
        reference: refund.reference,
        amount_minor: refund.amount_minor,
        reason: refund.reason as TExpressRefundReason,
        ...(result.failureCode ? { failure_code: result.failureCode } : {}),
      },
    });
    if (result.status === 'succeeded' && refund.express_order_id !== null)
      await queueRefundMail(ctx, trx, {
        ...refund,
        express_order_id: refund.express_order_id,
        reason: refund.reason as TExpressRefundReason,
      });
    return false;
  });
  if (recheck) {
    const refund = await findRefundForProvider(ctx.db, refundId);
    await enqueueJob(
      ctx.db,
      EXPRESS_REFUND_JOB,
      { refundId },
      {
        runAt: new Date(now.getTime() + refundRecheckDelayMs(refund?.attempts ?? 1)),
        uniqueKey: `express-refund:${refundId}:check:${refund?.attempts ?? 0}`,
      },
    );
  }
}

async function queueRefundMail(
  ctx: TAppContext,
  trx: TDb,
  refund: {
    id: number;
    express_order_id: number;
    reference: string;
    amount_minor: number;
    currency: string;
    reason: TExpressRefundReason;
  },
): Promise<void> {
  const order = await findOrderForRefundMail(trx, refund.express_order_id);
  if (!order?.customer_email) return;
  await enqueueJob(
    trx,
    SEND_MAIL_JOB,
    expressRefundMail(order.locale, order.customer_email, {
      reference: refund.reference,
      amountMinor: refund.amount_minor,
      currency: refund.currency,
      printerName: order.printer_name,
      reason: refund.reason,
      link: expressOrderUrl(ctx.config.publicUrl, order.token),
    }),
    { uniqueKey: `express-refund-mail:${refund.id}` },
  );
}

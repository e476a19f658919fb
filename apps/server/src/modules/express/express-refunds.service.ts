import { expressRefundMinor } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TExpressRefundReason, TPrinterRow, TRefundReason } from '../../db/schema';
import { enqueueJob, type TJobRun } from '../jobs/queue';
import { SEND_MAIL_JOB } from '../mail/mail.jobs';
import { expressRefundMail } from '../mail/mail.templates';
import {
  newRefundReference,
  processRefund as processProviderRefund,
  type TRefundKind,
} from '../payments/refunds.service';
import { EXPRESS_REFUND_JOB, scheduleDocumentDeletion } from './express-jobs';
import type { TExpressOrderRow } from './express-orders.repo';
import { expressPricesOf } from './express-pricing.service';
import { expressOrderUrl } from './express.presenter';
import {
  findCompletedPaymentOfOrder,
  findOrderForRefundMail,
  insertRefundOnce,
} from './express-refunds.repo';
import { moveExpressOrder, type TExpressActor } from './express-transition.service';

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

/** Express orders' refunds: the guest is told by mail when the money went back. */
const expressRefunds: TRefundKind = {
  job: EXPRESS_REFUND_JOB,
  recheckKeyPrefix: 'express-refund',
  owns: (refund) => refund.express_order_id !== null,
  async succeeded(ctx, trx, refund) {
    if (refund.express_order_id === null) return;
    await queueRefundMail(ctx, trx, {
      ...refund,
      express_order_id: refund.express_order_id,
      reason: refund.reason as TExpressRefundReason,
    });
  },
};

/**
 * The queued refund call of an express order: the payments module asks the provider (retried,
 * idempotent, pending answers rechecked) and the guest is mailed when it succeeded.
 */
export function processRefund(
  ctx: TAppContext,
  refundId: number,
  run: Pick<TJobRun, 'attempt'> & { maxAttempts?: number },
): Promise<void> {
  return processProviderRefund(ctx, refundId, run, expressRefunds);
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

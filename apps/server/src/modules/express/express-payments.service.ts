import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import { flagPayment, findOpenPaymentOfOrder } from '../payments/payments.service';
import type { TPaymentPurpose } from '../payments/payment-purposes';
import type { TPaymentRow } from '../payments/payments.service';
import { payOrder } from './express-checkout.service';
import { lockOrderById, setOrderJobLocked } from './express-orders.repo';
import { moveExpressOrder } from './express-transition.service';

const PROVIDER = { userId: null, source: 'system' } as const;

/**
 * The provider collected an express order's money (once per payment: the webhook service
 * records each notification once and a completed payment is final). The order is paid unless
 * it already was (a second payment of one order: flagged for the team to pay back) or it ended.
 */
async function completed(
  ctx: TAppContext,
  trx: TDb,
  payment: TPaymentRow,
  now: Date,
): Promise<void> {
  const order =
    payment.express_order_id === null
      ? undefined
      : await lockOrderById(trx, payment.express_order_id);
  if (!order) return;
  // Only the payment of the checkout the order waits for pays it: a late one for an earlier
  // checkout (the order went back to draft; its documents or price may have changed since) is
  // flagged for the team to pay back, like a second payment.
  if (order.status === 'awaiting_payment' && payment.amount_minor === order.price_minor) {
    await payOrder(ctx, trx, order, now, PROVIDER, payment.reference);
    return;
  }
  ctx.log.error(
    { payment: payment.reference, order: order.id, status: order.status },
    'express order paid again, for another checkout, or after it ended',
  );
  await flagPayment(trx, payment.id, 'order_not_payable');
}

/**
 * The payment failed: an order still waiting for it goes back to draft, releasing its discount
 * code hold and reopening its documents for changes (another payment may still be open: a
 * later "Pay" continued it, so then the order keeps waiting).
 */
async function failed(ctx: TAppContext, trx: TDb, payment: TPaymentRow): Promise<void> {
  const order =
    payment.express_order_id === null
      ? undefined
      : await lockOrderById(trx, payment.express_order_id);
  if (!order || order.status !== 'awaiting_payment') return;
  if (await findOpenPaymentOfOrder(trx, order.id)) return;
  const draft = await moveExpressOrder(trx, order, 'payment_failed', PROVIDER, {
    checkout_expires_at: null,
  });
  if (draft.printjob_id !== null) await setOrderJobLocked(trx, draft.printjob_id, false, ctx.now());
}

export const expressPaymentPurpose: TPaymentPurpose = {
  completed,
  failed: (ctx, trx, payment) => failed(ctx, trx, payment),
};

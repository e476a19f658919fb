import type { TAppContext } from '../../context';
import { registerRecurringTask, startRecurringTask, type TRecurringTask } from '../jobs/recurring';
import { transitionPayment } from './payment-status';
import {
  listProcessingPackagePaymentsBefore,
  lockPaymentById,
  updatePaymentIfStatus,
} from './payments.repo';

// Abandoned checkouts (issue 17 point 7): a package purchase whose checkout was never finished
// stayed "in progress" for good. PAYMENT_CHECKOUT_ABANDON_HOURS after it began it fails with
// `failure_code = 'abandoned'` (the purchases list says "Abandoned"). No money is lost: a
// provider's late "paid" for it is a failed → completed transition (payment-status.ts), which
// credits the pages then, once (completed is final, and every status write is made under the
// payment's row lock). Express orders' payments are left to their order (EXPRESS_CHECKOUT_HOLD_MINUTES).

/** The failure code of a checkout nobody finished. */
export const ABANDONED = 'abandoned';

/** How often one instance looks for abandoned checkouts. */
export const CHECKOUT_ABANDON_CHECK_MS = 10 * 60_000;

const BATCH = 100;

/** Fails one checkout as abandoned if it is still in progress and old enough. */
async function abandonCheckout(
  ctx: TAppContext,
  paymentId: number,
  cutoff: Date,
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const payment = await lockPaymentById(trx, paymentId);
    if (!payment || payment.express_order_id !== null || payment.created_at >= cutoff) return false;
    const transition = transitionPayment(payment.status, 'failed');
    if (transition.kind !== 'move') return false;
    return updatePaymentIfStatus(trx, payment.id, payment.status, {
      status: transition.to,
      failure_code: ABANDONED,
    });
  });
}

/** One look for abandoned checkouts (safe on several instances: each is re-checked locked). */
export async function abandonStaleCheckouts(ctx: TAppContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - ctx.config.checkoutAbandonMs);
  let abandoned = 0;
  const seen = new Set<number>();
  for (;;) {
    const ids = (await listProcessingPackagePaymentsBefore(ctx.db, cutoff, BATCH)).filter(
      (id) => !seen.has(id),
    );
    if (ids.length === 0) break;
    for (const id of ids) {
      seen.add(id);
      if (await abandonCheckout(ctx, id, cutoff)) abandoned += 1;
    }
  }
  if (abandoned > 0) ctx.log.info({ abandoned }, 'abandoned checkouts failed');
  return abandoned;
}

function abandonTask(ctx: TAppContext): TRecurringTask {
  return {
    name: 'payments.checkout_abandon_check',
    everyMs: CHECKOUT_ABANDON_CHECK_MS,
    run: async () => {
      await abandonStaleCheckouts(ctx);
    },
  };
}

export function registerCheckoutAbandonWork(ctx: TAppContext): void {
  registerRecurringTask(ctx, abandonTask(ctx));
}

/** Starts the recurring check (the server's start; every instance may call it). */
export function startCheckoutAbandonChecks(ctx: TAppContext): Promise<void> {
  return startRecurringTask(ctx, abandonTask(ctx));
}

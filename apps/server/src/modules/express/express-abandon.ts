import { z } from 'zod';
import type { TAppContext } from '../../context';
import { enqueueJob, type TJobType } from '../jobs/queue';
import { findOpenPaymentOfOrder } from '../payments/payments.service';
import { scheduleDocumentDeletion } from './express-jobs';
import { lockOrderById } from './express-orders.repo';
import { moveExpressOrder } from './express-transition.service';

/** EXPRESS_DRAFT_HOURS after a draft was opened: never paid, it is abandoned. */
export const EXPRESS_ABANDON_JOB = {
  name: 'express.abandon_draft',
  schema: z.object({ orderId: z.number().int().positive() }),
  maxAttempts: 5,
} satisfies TJobType<z.ZodType>;

/** A payment still open at the provider is waited for this much longer before looking again. */
const RECHECK_MS = 60 * 60_000;

/**
 * Idempotent: an order paid (or already ended) meanwhile is left alone. An order awaiting a
 * payment the provider has not decided yet is not abandoned under it (the money could still
 * arrive): it is looked at again later, up to a draft period after that payment started. An abandoned order's documents are deleted after the
 * retention like any ended order's.
 */
export function abandonDraftHandler(ctx: TAppContext) {
  return async ({ orderId }: { orderId: number }): Promise<void> => {
    await ctx.db.transaction().execute(async (trx) => {
      const order = await lockOrderById(trx, orderId);
      if (!order || (order.status !== 'draft' && order.status !== 'awaiting_payment')) return;
      const now = ctx.now();
      const open =
        order.status === 'awaiting_payment'
          ? await findOpenPaymentOfOrder(trx, order.id)
          : undefined;
      // A payment the provider still has not decided a whole draft period after it started is
      // given up (should the money still arrive, the payment is flagged for the team).
      const draftMs = ctx.config.express.draftHours * 3_600_000;
      if (open && now.getTime() - open.created_at.getTime() < draftMs) {
        const later = new Date(now.getTime() + RECHECK_MS);
        await enqueueJob(
          trx,
          EXPRESS_ABANDON_JOB,
          { orderId },
          { runAt: later, uniqueKey: `express-abandon:${orderId}:${later.getTime()}` },
        );
        return;
      }
      const ended = await moveExpressOrder(
        trx,
        order,
        'abandon',
        { userId: null, source: 'system' },
        { ended_at: now, checkout_expires_at: null },
      );
      await scheduleDocumentDeletion(ctx, trx, ended);
    });
  };
}

import { z } from 'zod';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import { enqueueJob, type TJobType } from '../jobs/queue';
import type { TExpressOrderRow } from './express-orders.repo';

// Express orders' background work (issue 13). Each handler re-reads the order and does nothing
// when its moment has passed (the order was printed, reset, already refunded): a job may run
// twice or late. Handlers are registered with the routes (express-printing.routes.ts).

/** Asks the provider to pay a refund back; retried with backoff while the provider is down. */
export const EXPRESS_REFUND_JOB = {
  name: 'express.refund',
  schema: z.object({ refundId: z.number().int().positive() }),
  maxAttempts: 8,
} satisfies TJobType<z.ZodType>;

/** At `print_by`: a paid order not sent to its printer by then is refunded. */
export const EXPRESS_PRINT_DEADLINE_JOB = {
  name: 'express.print_deadline',
  schema: z.object({ orderId: z.number().int().positive() }),
  maxAttempts: 5,
} satisfies TJobType<z.ZodType>;

/** DOCUMENT_RETENTION_HOURS after the order ended: its documents' files are deleted. */
export const EXPRESS_DOCUMENTS_JOB = {
  name: 'express.delete_documents',
  schema: z.object({ orderId: z.number().int().positive() }),
  maxAttempts: 5,
} satisfies TJobType<z.ZodType>;

/**
 * The order was just paid (E1's payment completion calls this in the same transaction): the
 * refund for "not printed in time" is queued for `print_by`. One job per order and deadline.
 */
export async function scheduleExpressDeadlines(
  trx: TDb,
  order: Pick<TExpressOrderRow, 'id' | 'print_by'>,
): Promise<void> {
  if (!order.print_by) return;
  await enqueueJob(
    trx,
    EXPRESS_PRINT_DEADLINE_JOB,
    { orderId: order.id },
    {
      runAt: order.print_by,
      uniqueKey: `express-deadline:${order.id}:${order.print_by.getTime()}`,
    },
  );
}

/** When an ended order's documents are deleted (null while it is open). */
export function documentsDeleteAt(
  ctx: Pick<TAppContext, 'config'>,
  order: Pick<TExpressOrderRow, 'ended_at'>,
): Date | null {
  if (!order.ended_at) return null;
  return new Date(order.ended_at.getTime() + ctx.config.documentRetentionHours * 3_600_000);
}

/** The order ended (`ended_at` set in this transaction): its documents go after the retention. */
export async function scheduleDocumentDeletion(
  ctx: Pick<TAppContext, 'config'>,
  trx: TDb,
  order: Pick<TExpressOrderRow, 'id' | 'ended_at'>,
): Promise<void> {
  const runAt = documentsDeleteAt(ctx, order);
  if (!runAt || !order.ended_at) return;
  await enqueueJob(
    trx,
    EXPRESS_DOCUMENTS_JOB,
    { orderId: order.id },
    { runAt, uniqueKey: `express-documents:${order.id}:${order.ended_at.getTime()}` },
  );
}

import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';

/**
 * Who hears that a package purchase's money went back (issue 15): the invoices module registers
 * the correcting invoice here (payments knows nothing of invoices; the invoices module depends on
 * payments, never the other way round). Called once per refund, in the transaction that records
 * the provider's "succeeded".
 */
export type TPurchaseRefundListener = (
  ctx: TAppContext,
  trx: TDb,
  refund: { refundId: number; paymentId: number; userId: number | null; now: Date },
) => Promise<void>;

const listeners = new Map<string, TPurchaseRefundListener>();

/** Idempotent per name: every app instance in one process registers the same listener. */
export function registerPurchaseRefundListener(
  name: string,
  listener: TPurchaseRefundListener,
): void {
  listeners.set(name, listener);
}

export async function notifyPurchaseRefunded(
  ctx: TAppContext,
  trx: TDb,
  refund: { refundId: number; paymentId: number; userId: number | null; now: Date },
): Promise<void> {
  for (const listener of listeners.values()) await listener(ctx, trx, refund);
}

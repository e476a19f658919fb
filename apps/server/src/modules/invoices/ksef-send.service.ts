import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';

/** Helper H5: registers the KSeF sending job (send, retry, ask again, record the answer). */
export function registerKsefWork(ctx: TAppContext): void {
  void ctx;
}

/** Helper H5: queues sending an invoice just issued (in the issuing transaction). */
export async function queueKsefSend(trx: TDb, invoiceId: number): Promise<void> {
  void trx;
  void invoiceId;
}

/** Helper H5: an admin sends a rejected/failed invoice again (POST /api/admin/invoices/:id/resend). */
export async function resendToKsef(ctx: TAppContext, invoiceId: number): Promise<void> {
  void ctx;
  void invoiceId;
}

import type { TAppContext } from '../../context';
import { registerPaymentPurpose } from '../payments/payment-purposes';
import { onPrintjobEnded } from '../printjobs';
import { abandonDraftHandler, EXPRESS_ABANDON_JOB } from './express-abandon';
import {
  EXPRESS_DOCUMENTS_JOB,
  EXPRESS_PRINT_DEADLINE_JOB,
  EXPRESS_REFUND_JOB,
} from './express-jobs';
import { expressPaymentPurpose } from './express-payments.service';
import {
  deleteExpressOrderDocuments,
  expireExpressOrder,
  onExpressPrintjobEnded,
} from './express-printing.service';
import { processRefund } from './express-refunds.service';

/**
 * The express module's background work and reactions, registered with the context (not the HTTP
 * app), so every process that runs the jobs queue handles them: the order's payment completing or
 * failing, a draft abandoned, refunds (provider calls, retried), the print deadline, the
 * documents' deletion, and the order following its job's end at the printer. Safe to call more
 * than once (registrations replace each other).
 */
export function registerExpressWork(ctx: TAppContext): void {
  registerPaymentPurpose('express_order', expressPaymentPurpose);
  ctx.worker.register(EXPRESS_ABANDON_JOB, abandonDraftHandler(ctx));
  ctx.worker.register(EXPRESS_REFUND_JOB, ({ refundId }, run) => processRefund(ctx, refundId, run));
  ctx.worker.register(EXPRESS_PRINT_DEADLINE_JOB, ({ orderId }) =>
    expireExpressOrder(ctx, orderId),
  );
  ctx.worker.register(EXPRESS_DOCUMENTS_JOB, ({ orderId }) =>
    deleteExpressOrderDocuments(ctx, orderId),
  );
  onPrintjobEnded('express_order', onExpressPrintjobEnded);
}

import type { TExpressRefundReason } from '../../db/schema';
import type {
  TExpressOrderView,
  TExpressPrice,
  TExpressPrinter,
  TLocale,
  TPrintjob,
} from '@printomat/shared';
import { presentJobView, type TDocumentLimits } from '../printjobs';
import type { TJobView } from '../printjobs/printjobs.service';
import type { TExpressOrderRow, TRefundRow } from './express-orders.repo';

/** The order's page, where the provider returns the guest and the e-mails link to. */
export const expressOrderUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/express/orders/${token}`;

/** The guest's job as the uploader shows it (the same shape as GET /ajax/printjobs/current). */
export function presentOrderJob(
  view: TJobView,
  locale: TLocale,
  limits: TDocumentLimits,
): TPrintjob {
  // A guest account has one job: there is no previous one to show.
  return presentJobView({ ...view, lastResult: null }, locale, limits);
}

export interface TOrderViewParts {
  order: TExpressOrderRow;
  printer: TExpressPrinter;
  job: TPrintjob;
  price: TExpressPrice;
  refund: TRefundRow | undefined;
  orderUrl: string;
  documentsDeleteAt: Date | null;
  canPrint: boolean;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function presentExpressOrder(parts: TOrderViewParts): TExpressOrderView {
  const { order, refund } = parts;
  return {
    token: order.token,
    status: order.status,
    printer: parts.printer,
    printjob: parts.job,
    price: parts.price,
    customer_email: order.customer_email,
    locale: order.locale,
    order_url: parts.orderUrl,
    paid_at: iso(order.paid_at),
    print_by: iso(order.print_by),
    printed_at: iso(order.printed_at),
    failure_reason: order.failure_reason,
    refund: refund
      ? {
          amount_minor: refund.amount_minor,
          currency: refund.currency,
          status: refund.status,
          reason: refund.reason as TExpressRefundReason,
        }
      : null,
    documents_delete_at: iso(parts.documentsDeleteAt),
    documents_deleted: order.documents_deleted_at !== null,
    can_print: parts.canPrint,
  };
}

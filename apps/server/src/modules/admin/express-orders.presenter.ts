import type { TExpressRefundReason } from '../../db/schema';
import {
  EXPRESS_ORDER_ACTIONS,
  transitionExpressOrder,
  type TExpressOrder,
} from '@printomat/shared';
import type { TExpressOrderView } from './express-orders.repo';
import type { TOrderMoney } from './express-orders.service';

/** The customer's page of an express order: the token is the only key to it. */
export function expressUrlOf(publicUrl: string, token: string): string {
  return `${publicUrl}/express/orders/${token}`;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function presentExpressOrder(
  order: TExpressOrderView,
  publicUrl: string,
  money: TOrderMoney = { payment: null, refund: null },
): TExpressOrder {
  const printer = {
    is_enabled: order.printer_is_enabled,
    maintenance_mode: order.printer_maintenance_mode,
  };
  const { payment, refund } = money;
  return {
    id: order.id,
    status: order.status,
    customer_email: order.customer_email,
    printer: { id: order.printer_id, name: order.printer_name, ...printer },
    document_count: order.document_count,
    page_count: order.page_count,
    is_color: order.is_color,
    price_minor: order.price_minor,
    currency: order.currency,
    discount_code: order.discount_code,
    discount_percent: order.discount_percent,
    express_url: expressUrlOf(publicUrl, order.token),
    failure_reason: order.failure_reason,
    printed_at: iso(order.printed_at),
    created_at: order.created_at.toISOString(),
    updated_at: order.updated_at.toISOString(),
    // Offered when the order's state allows it; the printer's state is checked when pressed.
    allowed_actions: EXPRESS_ORDER_ACTIONS.filter(
      (action) =>
        transitionExpressOrder(order.status, action, { is_enabled: true, maintenance_mode: false })
          .ok && !(action === 'reset' && order.documents_deleted_at),
    ),
    printjob_id: order.printjob_id,
    color_page_count: order.color_page_count,
    list_price_minor: order.list_price_minor,
    paid_at: iso(order.paid_at),
    print_by: iso(order.print_by),
    printed_faces: order.printed_faces,
    ended_at: iso(order.ended_at),
    documents_deleted_at: iso(order.documents_deleted_at),
    payment: payment
      ? {
          reference: payment.reference,
          provider: payment.provider,
          provider_reference: payment.provider_reference,
          method: payment.method,
          status: payment.status,
          amount_minor: payment.amount_minor,
          currency: payment.currency,
          completed_at: iso(payment.completed_at),
        }
      : null,
    refund: refund
      ? {
          reference: refund.reference,
          provider: refund.provider,
          provider_reference: refund.provider_reference,
          status: refund.status,
          reason: refund.reason as TExpressRefundReason,
          amount_minor: refund.amount_minor,
          currency: refund.currency,
          failure_code: refund.failure_code,
          created_at: refund.created_at.toISOString(),
          completed_at: iso(refund.completed_at),
        }
      : null,
  };
}

import {
  EXPRESS_ORDER_ACTIONS,
  transitionExpressOrder,
  type TExpressOrder,
} from '@printomat/shared';
import type { TExpressOrderView } from './express-orders.repo';

/** The customer's page of an express order: the token is the only key to it. */
export function expressUrlOf(publicUrl: string, token: string): string {
  return `${publicUrl}/express/${token}`;
}

export function presentExpressOrder(order: TExpressOrderView, publicUrl: string): TExpressOrder {
  const printer = {
    is_enabled: order.printer_is_enabled,
    maintenance_mode: order.printer_maintenance_mode,
  };
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
    printed_at: order.printed_at?.toISOString() ?? null,
    created_at: order.created_at.toISOString(),
    updated_at: order.updated_at.toISOString(),
    // Offered when the order's state allows it; the printer's state is checked when pressed.
    allowed_actions: EXPRESS_ORDER_ACTIONS.filter(
      (action) =>
        transitionExpressOrder(order.status, action, { is_enabled: true, maintenance_mode: false })
          .ok,
    ),
  };
}

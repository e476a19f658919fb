/** Express order states: an order is paid for, sent to its printer, then printed or failed. */
export const EXPRESS_ORDER_STATUSES = ['created', 'scheduled', 'printed', 'failed'] as const;
export type TExpressOrderStatus = (typeof EXPRESS_ORDER_STATUSES)[number];

/** What an administrator (or later the printer) can do to an express order. */
export type TExpressOrderEvent = 'print' | 'fail' | 'reset' | 'mark_printed';

/**
 * Named refusals; each maps to a message under `admin.express_orders.errors.`
 * ('Order must be in failed state to be reset', "Can't print on disabled printer", ...).
 */
export type TExpressTransitionError =
  'not_failed' | 'not_created' | 'not_scheduled' | 'printer_disabled' | 'printer_maintenance';

/** What the transition needs to know about the order's printer (only for `print`). */
export type TExpressPrinterState = { is_enabled: boolean; maintenance_mode: boolean };

export type TExpressTransition =
  | { ok: true; from: TExpressOrderStatus; to: TExpressOrderStatus }
  | { ok: false; from: TExpressOrderStatus; error: TExpressTransitionError };

/**
 * The one place that decides express order state changes (spec section 4): print only a created
 * order and never on a disabled printer or one in maintenance; fail or finish only what was sent
 * to the printer; reset only a failed order.
 */
export function transitionExpressOrder(
  from: TExpressOrderStatus,
  event: TExpressOrderEvent,
  printer?: TExpressPrinterState,
): TExpressTransition {
  const refuse = (error: TExpressTransitionError): TExpressTransition => ({
    ok: false,
    from,
    error,
  });
  const move = (to: TExpressOrderStatus): TExpressTransition => ({ ok: true, from, to });
  switch (event) {
    case 'print':
      if (from !== 'created') return refuse('not_created');
      if (!printer || !printer.is_enabled) return refuse('printer_disabled');
      if (printer.maintenance_mode) return refuse('printer_maintenance');
      return move('scheduled');
    case 'fail':
      return from === 'scheduled' ? move('failed') : refuse('not_scheduled');
    case 'mark_printed':
      return from === 'scheduled' ? move('printed') : refuse('not_scheduled');
    case 'reset':
      return from === 'failed' ? move('created') : refuse('not_failed');
  }
}

/**
 * Express order states. A guest fills a draft (documents, settings), pays (awaiting_payment while
 * the provider decides; a failed payment goes back to draft), then the paid order (`created`) is
 * sent to its printer (`scheduled`) and ends printed or failed. Money still owed back ends it
 * `refunded`; a draft never paid ends `abandoned`.
 */
export const EXPRESS_ORDER_STATUSES = [
  'draft',
  'awaiting_payment',
  'created',
  'scheduled',
  'printed',
  'failed',
  'refunded',
  'abandoned',
] as const;
export type TExpressOrderStatus = (typeof EXPRESS_ORDER_STATUSES)[number];

/** Statuses in which the order's money was collected (or it was free) and not given back. */
export const EXPRESS_PAID_STATUSES = ['created', 'scheduled', 'printed', 'failed'] as const;

/**
 * What can happen to an express order: the guest checks out, the provider answers, an
 * administrator (or the guest's "Print now") prints, the printer reports, money goes back.
 */
export type TExpressOrderEvent =
  | 'checkout'
  | 'payment_failed'
  | 'pay'
  | 'print'
  | 'fail'
  | 'reset'
  | 'mark_printed'
  | 'refund'
  | 'abandon';

/**
 * Named refusals; each maps to a message under `admin.express_orders.errors.`
 * ('Order must be in failed state to be reset', "Can't print on disabled printer", ...).
 */
export type TExpressTransitionError =
  | 'not_failed'
  | 'not_created'
  | 'not_scheduled'
  | 'not_draft'
  | 'not_paid'
  | 'not_refundable'
  | 'printer_disabled'
  | 'printer_maintenance';

/** What the transition needs to know about the order's printer (only for `print`). */
export type TExpressPrinterState = { is_enabled: boolean; maintenance_mode: boolean };

export type TExpressTransition =
  | { ok: true; from: TExpressOrderStatus; to: TExpressOrderStatus }
  | { ok: false; from: TExpressOrderStatus; error: TExpressTransitionError };

/**
 * The one place that decides express order state changes (spec section 4): print only a paid
 * (`created`) order and never on a disabled printer or one in maintenance; fail or finish only what
 * was sent to the printer; reset only a failed order; refund only money not yet used up (a paid
 * order not printed, or a failed one).
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
    case 'checkout':
      return from === 'draft' ? move('awaiting_payment') : refuse('not_draft');
    case 'payment_failed':
      return from === 'awaiting_payment' ? move('draft') : refuse('not_paid');
    case 'pay':
      // A late payment after a failed attempt (back in draft) still pays the order.
      return from === 'awaiting_payment' || from === 'draft'
        ? move('created')
        : refuse('not_draft');
    case 'print':
      if (from !== 'created')
        return refuse(from === 'draft' || from === 'awaiting_payment' ? 'not_paid' : 'not_created');
      if (!printer || !printer.is_enabled) return refuse('printer_disabled');
      if (printer.maintenance_mode) return refuse('printer_maintenance');
      return move('scheduled');
    case 'fail':
      return from === 'scheduled' ? move('failed') : refuse('not_scheduled');
    case 'mark_printed':
      return from === 'scheduled' ? move('printed') : refuse('not_scheduled');
    case 'reset':
      return from === 'failed' ? move('created') : refuse('not_failed');
    case 'refund':
      return from === 'created' || from === 'failed' ? move('refunded') : refuse('not_refundable');
    case 'abandon':
      return from === 'draft' || from === 'awaiting_payment'
        ? move('abandoned')
        : refuse('not_draft');
  }
}

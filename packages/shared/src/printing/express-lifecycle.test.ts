import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/translate';
import {
  EXPRESS_ORDER_STATUSES,
  transitionExpressOrder,
  type TExpressOrderEvent,
  type TExpressOrderStatus,
} from './express-lifecycle';

const READY = { is_enabled: true, maintenance_mode: false };
const EVENTS: TExpressOrderEvent[] = [
  'checkout',
  'payment_failed',
  'pay',
  'print',
  'fail',
  'mark_printed',
  'reset',
  'refund',
  'abandon',
];

// Every (state, event) pair with a working printer: the next state, or `!refusal`. Columns in
// the order of EVENTS.
const ROWS: Record<TExpressOrderStatus, string> = {
  draft:
    'awaiting_payment !not_paid created !not_paid !not_scheduled !not_scheduled !not_failed !not_refundable abandoned',
  awaiting_payment:
    '!not_draft draft created !not_paid !not_scheduled !not_scheduled !not_failed !not_refundable abandoned',
  created:
    '!not_draft !not_paid !not_draft scheduled !not_scheduled !not_scheduled !not_failed refunded !not_draft',
  scheduled:
    '!not_draft !not_paid !not_draft !not_created failed printed !not_failed !not_refundable !not_draft',
  printed:
    '!not_draft !not_paid !not_draft !not_created !not_scheduled !not_scheduled !not_failed !not_refundable !not_draft',
  failed:
    '!not_draft !not_paid !not_draft !not_created !not_scheduled !not_scheduled created refunded !not_draft',
  refunded:
    '!not_draft !not_paid !not_draft !not_created !not_scheduled !not_scheduled !not_failed !not_refundable !not_draft',
  abandoned:
    '!not_draft !not_paid !not_draft !not_created !not_scheduled !not_scheduled !not_failed !not_refundable !not_draft',
};

describe('transitionExpressOrder', () => {
  for (const from of EXPRESS_ORDER_STATUSES) {
    for (const event of EVENTS) {
      const expected = ROWS[from].split(' ')[EVENTS.indexOf(event)] ?? '?';
      it(`${from} + ${event} → ${expected}`, () => {
        const result = transitionExpressOrder(from, event, READY);
        if (expected.startsWith('!'))
          expect(result).toEqual({ ok: false, from, error: expected.slice(1) });
        else expect(result).toEqual({ ok: true, from, to: expected });
      });
    }
  }

  it('refuses to print on a disabled printer, and in maintenance mode', () => {
    expect(
      transitionExpressOrder('created', 'print', { is_enabled: false, maintenance_mode: false }),
    ).toEqual({ ok: false, from: 'created', error: 'printer_disabled' });
    expect(
      transitionExpressOrder('created', 'print', { is_enabled: false, maintenance_mode: true }),
    ).toEqual({ ok: false, from: 'created', error: 'printer_disabled' });
    expect(
      transitionExpressOrder('created', 'print', { is_enabled: true, maintenance_mode: true }),
    ).toEqual({ ok: false, from: 'created', error: 'printer_maintenance' });
    expect(transitionExpressOrder('created', 'print')).toEqual({
      ok: false,
      from: 'created',
      error: 'printer_disabled',
    });
  });

  it('names its refusals with the spec’s words in English', () => {
    const t = createTranslator('en');
    expect(t('admin.express_orders.errors.not_failed')).toBe(
      'Order must be in failed state to be reset',
    );
    expect(t('admin.express_orders.errors.printer_disabled')).toBe(
      "Can't print on disabled printer",
    );
  });
});

import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/translate';
import {
  EXPRESS_ORDER_STATUSES,
  transitionExpressOrder,
  type TExpressOrderEvent,
  type TExpressOrderStatus,
} from './express-lifecycle';

const READY = { is_enabled: true, maintenance_mode: false };
const EVENTS: TExpressOrderEvent[] = ['print', 'fail', 'mark_printed', 'reset'];

// Every (state, event) pair with a working printer: the next state, or `!refusal`.
const TABLE: Record<TExpressOrderStatus, Record<TExpressOrderEvent, string>> = {
  created: {
    print: 'scheduled',
    fail: '!not_scheduled',
    mark_printed: '!not_scheduled',
    reset: '!not_failed',
  },
  scheduled: {
    print: '!not_created',
    fail: 'failed',
    mark_printed: 'printed',
    reset: '!not_failed',
  },
  printed: {
    print: '!not_created',
    fail: '!not_scheduled',
    mark_printed: '!not_scheduled',
    reset: '!not_failed',
  },
  failed: {
    print: '!not_created',
    fail: '!not_scheduled',
    mark_printed: '!not_scheduled',
    reset: 'created',
  },
};

describe('transitionExpressOrder', () => {
  for (const from of EXPRESS_ORDER_STATUSES) {
    for (const event of EVENTS) {
      it(`${from} + ${event} → ${TABLE[from][event]}`, () => {
        const result = transitionExpressOrder(from, event, READY);
        const expected = TABLE[from][event];
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

import { PAYMENT_STATUSES } from '@printomat/shared';
import { describe, expect, it } from 'vitest';
import {
  paymentEventMismatch,
  transitionPayment,
  type TPaymentEvent,
  type TPaymentMismatch,
} from './payment-status';

const EVENTS: TPaymentEvent[] = ['processing', 'completed', 'failed'];
const MISMATCHES: (TPaymentMismatch | null)[] = [
  null,
  'provider_reference_mismatch',
  'amount_mismatch',
];

// Every (state, event) pair of a matching event: `→ x` writes status x, `= x` answers x and
// writes nothing.
const TABLE: Record<(typeof PAYMENT_STATUSES)[number], Record<TPaymentEvent, string>> = {
  processing: { processing: '= processing', completed: '→ completed', failed: '→ failed' },
  // A late completion (a transfer that arrived after all) is credited; failed stays failed.
  failed: { processing: '= unchanged', completed: '→ completed', failed: '= unchanged' },
  // Completed is final.
  completed: { processing: '= unchanged', completed: '= unchanged', failed: '= unchanged' },
};

describe('payment lifecycle', () => {
  for (const from of PAYMENT_STATUSES) {
    for (const event of EVENTS) {
      for (const mismatch of MISMATCHES) {
        // A mismatching event only flags a payment that is not completed yet.
        const expected =
          mismatch === null
            ? TABLE[from][event]
            : from === 'completed'
              ? '= unchanged'
              : `! ${mismatch}`;
        it(`${from} + ${event}${mismatch ? ` (${mismatch})` : ''} ${expected}`, () => {
          const result = transitionPayment(from, event, mismatch);
          const [sign, value] = expected.split(' ');
          if (sign === '→') expect(result).toEqual({ kind: 'move', from, to: value });
          else if (sign === '!') expect(result).toEqual({ kind: 'flag', from, flag: value });
          else expect(result).toEqual({ kind: 'stay', from, outcome: value });
        });
      }
    }
  }

  it('treats no mismatch argument as a matching event', () => {
    expect(transitionPayment('processing', 'completed')).toEqual(
      transitionPayment('processing', 'completed', null),
    );
  });
});

describe('paymentEventMismatch', () => {
  const payment = { provider_reference: 'cs_1', amount_minor: 1890, currency: 'PLN' };
  const event = {
    providerReference: 'cs_1',
    status: 'completed' as const,
    amountMinor: 1890,
    currency: 'pln',
  };

  it('accepts the stored checkout with our amount (currency in any case, or amounts unstated)', () => {
    expect(paymentEventMismatch(payment, event)).toBeNull();
    expect(
      paymentEventMismatch(payment, { ...event, amountMinor: null, currency: null }),
    ).toBeNull();
  });

  it('refuses another checkout, a payment without one, and an intent that does not fail', () => {
    expect(paymentEventMismatch(payment, { ...event, providerReference: 'cs_2' })).toBe(
      'provider_reference_mismatch',
    );
    expect(paymentEventMismatch({ ...payment, provider_reference: null }, event)).toBe(
      'provider_reference_mismatch',
    );
    for (const status of ['completed', 'processing'] as const)
      expect(
        paymentEventMismatch(payment, {
          ...event,
          providerObject: 'intent',
          providerReference: 'pi_1',
          status,
        }),
      ).toBe('provider_reference_mismatch');
    expect(
      paymentEventMismatch(payment, {
        ...event,
        providerObject: 'intent',
        providerReference: 'pi_1',
        status: 'failed',
      }),
    ).toBeNull();
  });

  it('refuses another amount or currency (the reference is checked first)', () => {
    expect(paymentEventMismatch(payment, { ...event, amountMinor: 1 })).toBe('amount_mismatch');
    expect(paymentEventMismatch(payment, { ...event, currency: 'EUR' })).toBe('amount_mismatch');
    expect(
      paymentEventMismatch(payment, { ...event, providerReference: 'cs_2', amountMinor: 1 }),
    ).toBe('provider_reference_mismatch');
  });
});

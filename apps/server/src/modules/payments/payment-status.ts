import type { TPaymentStatus } from '../../db/schema';
import type { TProviderEvent } from './payment-provider';

/** What a provider says about a payment (the provider being down is our own `failed`). */
export type TPaymentEvent = 'processing' | 'completed' | 'failed';

/**
 * Why a signed notification is not acted on: it names another checkout than the one stored with
 * the payment, or another amount or currency than ours. The payment is flagged, nothing else.
 */
export type TPaymentMismatch = 'provider_reference_mismatch' | 'amount_mismatch';

export type TPaymentTransition =
  /** Write the new status (with its details) through `updatePaymentIfStatus`. */
  | { kind: 'move'; from: TPaymentStatus; to: 'completed' | 'failed' }
  /** Keep the status, store the flag. */
  | { kind: 'flag'; from: TPaymentStatus; flag: TPaymentMismatch }
  /** Nothing to write; `outcome` is what the webhook answers. */
  | { kind: 'stay'; from: TPaymentStatus; outcome: 'processing' | 'unchanged' };

/**
 * The one place that decides payment state changes: processing → completed / failed;
 * failed → completed (a late completion, e.g. a transfer that arrived after all, is credited);
 * completed is final (a later failure, completion or mismatch changes nothing). A mismatching
 * event on a payment that is not completed only flags it.
 */
export function transitionPayment(
  from: TPaymentStatus,
  event: TPaymentEvent,
  mismatch: TPaymentMismatch | null = null,
): TPaymentTransition {
  const stay = (outcome: 'processing' | 'unchanged'): TPaymentTransition => ({
    kind: 'stay',
    from,
    outcome,
  });
  const move = (to: 'completed' | 'failed'): TPaymentTransition => ({ kind: 'move', from, to });
  if (from === 'completed') return stay('unchanged');
  if (mismatch !== null) return { kind: 'flag', from, flag: mismatch };
  switch (event) {
    case 'processing':
      return stay(from === 'processing' ? 'processing' : 'unchanged');
    case 'failed':
      return from === 'processing' ? move('failed') : stay('unchanged');
    case 'completed':
      return move('completed');
  }
}

/**
 * Whether a signed payment event disagrees with our payment. It must be about the checkout the
 * provider gave us (a signed event pairing our reference with someone else's or a cheaper
 * checkout is refused); events naming another provider object (Stripe's PaymentIntent) may only
 * fail it. The amount and currency, when the provider states them, must be ours.
 */
export function paymentEventMismatch(
  payment: { provider_reference: string | null; amount_minor: number; currency: string },
  event: Pick<
    Extract<TProviderEvent, { kind: 'payment' }>,
    'providerObject' | 'providerReference' | 'status' | 'amountMinor' | 'currency'
  >,
): TPaymentMismatch | null {
  const sameCheckout =
    event.providerObject === 'intent'
      ? event.status === 'failed'
      : payment.provider_reference !== null &&
        event.providerReference === payment.provider_reference;
  if (!sameCheckout) return 'provider_reference_mismatch';
  const amountDiffers =
    (event.amountMinor !== null && event.amountMinor !== payment.amount_minor) ||
    (event.currency !== null && event.currency.toUpperCase() !== payment.currency);
  return amountDiffers ? 'amount_mismatch' : null;
}

import type { TLocale } from '@printomat/shared';

/**
 * The one seam between our payments and whoever moves the money. The built-in sandbox, Stripe
 * and the SMS-payment sandbox each implement it; nothing else in the server knows a provider's
 * API. Amounts are integer minor units; the amount credited is always the one stored on our side.
 */

export type TPaymentMethod = 'card' | 'transfer' | 'blik' | 'sms';
export type TProviderName = 'sandbox' | 'stripe' | 'sms_sandbox';

/** A purchase we ask the provider to collect. */
export interface TCheckoutRequest {
  /** Our payment's public reference (unique; also the idempotency key towards the provider). */
  reference: string;
  amountMinor: number;
  /** ISO 4217, upper case: PLN, EUR. */
  currency: string;
  method: TPaymentMethod;
  /** Shown on the provider's page and statement. */
  description: string;
  /** Null when the payer gave none (an express guest): the provider asks, if it needs one. */
  customerEmail: string | null;
  locale: TLocale;
  /** Where the payer's browser comes back to when the provider is done with them. */
  returnUrl: string;
}

/** Saving a card for later (the add-card bonus is granted on the provider's confirmation). */
export interface TCardSetupRequest {
  /** Our card setup's public reference (unique). */
  reference: string;
  customerEmail: string | null;
  locale: TLocale;
  returnUrl: string;
}

export interface TProviderRedirect {
  /** The provider's id for this payment or setup (stored with our row). */
  providerReference: string;
  /** Hosted page the payer is sent to (card form, bank choice, BLIK code, SMS instructions). */
  redirectUrl: string;
}

/**
 * Money going back for a payment the provider collected (an express order not printed in time or
 * failed by its printer). `reference` is our refund's reference: unique, and the idempotency key
 * towards the provider, so asking twice never pays back twice.
 */
export interface TRefundRequest {
  reference: string;
  /** Our payment's reference and the provider's id of its checkout (stored on our payment). */
  paymentReference: string;
  paymentProviderReference: string;
  amountMinor: number;
  currency: string;
}

/**
 * The provider's answer: accepted and done, accepted but still on its way (bank transfers; read
 * again later with `refundStatus`), or refused for good (`failureCode` for the logs and admins).
 */
export interface TRefundResult {
  providerReference: string | null;
  status: 'succeeded' | 'pending' | 'failed';
  failureCode?: string;
}

/** What a verified notification says. `eventId` is unique per provider event: the dedup key. */
export type TProviderEvent =
  | {
      kind: 'payment';
      eventId: string;
      /** Our reference, echoed back by the provider. */
      reference: string;
      /** The provider's id of the checkout (TProviderRedirect.providerReference); checked. */
      providerReference: string;
      /**
       * Set when providerReference names another of the provider's objects than the checkout
       * we stored (Stripe: a PaymentIntent failure names the intent, not the Checkout Session).
       * Such an event can only fail a payment, never complete it.
       */
      providerObject?: 'intent';
      status: 'processing' | 'completed' | 'failed';
      /** What the provider says it collected (checked against ours, never trusted for crediting). */
      amountMinor: number | null;
      currency: string | null;
      /** Provider's failure text for logs; the user sees our translated message. */
      failureCode?: string;
    }
  | {
      kind: 'card';
      eventId: string;
      reference: string;
      providerReference: string;
      status: 'added' | 'failed';
      /** Same card, same fingerprint, whatever the account: the bonus is once per card. */
      fingerprint: string | null;
      brand: string | null;
      last4: string | null;
    }
  | { kind: 'ignored'; eventId: string; type: string };

/** Why a notification was refused (answered 400, nothing recorded). */
export class WebhookRejected extends Error {
  constructor(readonly reason: 'unsigned' | 'bad_signature' | 'stale' | 'malformed') {
    super(`webhook rejected: ${reason}`);
    this.name = 'WebhookRejected';
  }
}

/** A provider refused or could not be reached (shown as 'Unable to process payments at this time'). */
export class ProviderUnavailable extends Error {
  constructor(
    message: string,
    readonly code: 'unavailable' | 'no_payment_method' = 'unavailable',
  ) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}

/** Signature timestamps older than this are refused (replay window). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface TPaymentProvider {
  readonly name: TProviderName;
  readonly methods: readonly TPaymentMethod[];
  /**
   * False when the provider cannot pay money back at all (a premium SMS is billed by the phone
   * operator): an administrator is refused a refund up front instead of a refund that fails.
   */
  readonly refundable?: boolean;
  createCheckout(request: TCheckoutRequest): Promise<TProviderRedirect>;
  /** Card saving; providers that cannot save cards (SMS) throw ProviderUnavailable. */
  createCardSetup(request: TCardSetupRequest): Promise<TProviderRedirect>;
  /**
   * Verifies the signature on the RAW body (before any JSON parsing) and the timestamp, then
   * reads the event. Throws WebhookRejected; never touches the database.
   */
  parseWebhook(
    rawBody: Buffer,
    headers: Readonly<Record<string, string | string[] | undefined>>,
    now: Date,
  ): TProviderEvent;
  /**
   * Optional: fills what a verified card event only names by id (Stripe: the card's fingerprint
   * is on the PaymentMethod). Called after verification, outside any transaction.
   */
  completeCardEvent?(event: TProviderEvent): Promise<TProviderEvent>;
  /**
   * Pays (part of) a collected payment back. Idempotent on `request.reference`. Throws
   * ProviderUnavailable when the provider cannot be reached (the caller retries later).
   */
  refund(request: TRefundRequest): Promise<TRefundResult>;
  /** Optional: the current state of a refund that was answered `pending`. */
  refundStatus?(providerReference: string): Promise<TRefundResult>;
}

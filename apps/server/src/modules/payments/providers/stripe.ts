import Stripe from 'stripe';
import type { TConfig } from '../../../config';
import {
  ProviderUnavailable,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookRejected,
  type TCardSetupRequest,
  type TCheckoutRequest,
  type TPaymentMethod,
  type TPaymentProvider,
  type TProviderEvent,
  type TProviderRedirect,
  type TRefundRequest,
  type TRefundResult,
} from '../payment-provider';

export interface TStripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  publicUrl: string;
  /** Where the Stripe API is, e.g. a local fake in tests. Default: Stripe's own host. */
  apiBase?: string;
  /** Automatic retries of failed API calls (idempotent: every call carries our key). */
  maxNetworkRetries?: number;
}

/**
 * The card fingerprint of a saved card is on the PaymentMethod, which a webhook event only names
 * by id: reading it is an API call, and `parseWebhook` is synchronous. The registry calls
 * `completeCardEvent` after verification to fill fingerprint, brand and last 4 digits.
 */
export interface TStripeProvider extends TPaymentProvider {
  readonly name: 'stripe';
  completeCardEvent(event: TProviderEvent): Promise<TProviderEvent>;
}

const METHOD_TYPES: Record<Exclude<TPaymentMethod, 'sms'>, 'card' | 'p24' | 'blik'> = {
  card: 'card',
  transfer: 'p24',
  blik: 'blik',
};

/** Currencies Stripe accepts for each method (BLIK is PLN only; Przelewy24 PLN or EUR). */
const METHOD_CURRENCIES: Record<Exclude<TPaymentMethod, 'sms'>, readonly string[] | null> = {
  card: null,
  transfer: ['PLN', 'EUR'],
  blik: ['PLN'],
};

// Must be shorter than the server's own request timeout (30 s by default), retries included.
const API_TIMEOUT_MS = 12_000;
// Stripe's minimum is 30 min; an unpaid session ends (checkout.session.expired) after this.
const CHECKOUT_LIFETIME_SECONDS = 60 * 60;

/** Idempotency keys: a payment's reference as is; card setups in their own namespace. */
export const stripeIdempotencyKey = {
  checkout: (reference: string) => reference,
  cardSetup: (reference: string) => `card-setup-${reference}`,
  refund: (reference: string) => reference,
};

/** Stripe's refund states in ours: `requires_action` and `pending` are money still on its way. */
export function refundResultOf(refund: Stripe.Refund): TRefundResult {
  if (refund.status === 'succeeded') return { providerReference: refund.id, status: 'succeeded' };
  if (refund.status === 'failed' || refund.status === 'canceled')
    return {
      providerReference: refund.id,
      status: 'failed',
      failureCode: refund.failure_reason ?? refund.status,
    };
  return { providerReference: refund.id, status: 'pending' };
}

function isPaymentMethod(method: TPaymentMethod): method is Exclude<TPaymentMethod, 'sms'> {
  return method !== 'sms';
}

function apiLocation(apiBase: string | undefined): Partial<Stripe.StripeConfig> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/**
 * What the person is told: a missing or not enabled payment method is 'User did not enter a
 * payment method'; everything else (network, 5xx, bad key, rate limit) is 'Unable to process
 * payments at this time'. Stripe's own text goes to the logs via the message.
 */
function toProviderError(error: unknown): ProviderUnavailable {
  if (error instanceof Stripe.errors.StripeError) {
    const code = error.code ?? '';
    const param = (error.raw as { param?: string } | undefined)?.param ?? '';
    const noMethod =
      error.type === 'StripeInvalidRequestError' &&
      (code.startsWith('payment_method') || param.includes('payment_method_types'));
    return new ProviderUnavailable(
      `Stripe ${error.type} ${error.statusCode ?? '-'} ${code}: ${error.message}`,
      noMethod ? 'no_payment_method' : 'unavailable',
    );
  }
  return new ProviderUnavailable(
    `Stripe call failed: ${error instanceof Error ? error.message : String(error)}`,
  );
}

/**
 * Stripe refusing the request itself (4xx invalid request: already fully refunded, amount too
 * large, no such payment): asking again cannot help, so it is the refund's failure, with Stripe's
 * code. Network errors, 5xx, rate limits and a bad key stay ProviderUnavailable (retried).
 */
function refusedRefund(error: unknown): TRefundResult | null {
  if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return null;
  const status = error.statusCode ?? 0;
  if (status < 400 || status >= 500 || status === 429) return null;
  return {
    providerReference: null,
    status: 'failed',
    failureCode: error.code ?? 'invalid_request',
  };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined;
  return value;
}

function referenceOf(
  metadata: Stripe.Metadata | null | undefined,
  fallback?: string | null,
): string | null {
  return metadata?.['reference'] ?? fallback ?? null;
}

function cardDetails(paymentMethod: string | Stripe.PaymentMethod | null) {
  const card = typeof paymentMethod === 'object' ? paymentMethod?.card : undefined;
  return {
    fingerprint: card?.fingerprint ?? null,
    brand: card?.brand ?? null,
    last4: card?.last4 ?? null,
  };
}

/** Reads a verified Stripe event into ours; events we do not act on are 'ignored'. */
export function mapStripeEvent(event: Stripe.Event): TProviderEvent {
  const ignored: TProviderEvent = { kind: 'ignored', eventId: event.id, type: event.type };
  if (
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded' ||
    event.type === 'checkout.session.async_payment_failed' ||
    event.type === 'checkout.session.expired'
  ) {
    const session = event.data.object;
    const reference = referenceOf(session.metadata, session.client_reference_id);
    if (!reference) return ignored;
    if (session.mode === 'setup') {
      // A completed setup is reported by setup_intent.succeeded (it names the card).
      if (event.type !== 'checkout.session.expired') return ignored;
      return {
        kind: 'card',
        eventId: event.id,
        reference,
        providerReference: session.id,
        status: 'failed',
        fingerprint: null,
        brand: null,
        last4: null,
      };
    }
    if (session.mode !== 'payment') return ignored;
    const base = {
      kind: 'payment' as const,
      eventId: event.id,
      reference,
      providerReference: session.id,
      amountMinor: session.amount_total,
      currency: session.currency ? session.currency.toUpperCase() : null,
    };
    if (event.type === 'checkout.session.async_payment_succeeded')
      return { ...base, status: 'completed' };
    if (event.type === 'checkout.session.async_payment_failed')
      return { ...base, status: 'failed', failureCode: 'async_payment_failed' };
    if (event.type === 'checkout.session.expired')
      return {
        ...base,
        status: 'failed',
        // No payment intent at expiry: the payer never submitted a payment method.
        failureCode: session.payment_intent ? 'expired' : 'no_payment_method',
      };
    // Delayed methods (Przelewy24 bank transfer) complete the session before the money arrives.
    return { ...base, status: session.payment_status === 'unpaid' ? 'processing' : 'completed' };
  }
  if (event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    const reference = referenceOf(intent.metadata);
    if (!reference) return ignored;
    return {
      kind: 'payment',
      eventId: event.id,
      reference,
      providerReference: intent.id,
      providerObject: 'intent',
      status: 'failed',
      amountMinor: intent.amount,
      currency: intent.currency.toUpperCase(),
      failureCode: intent.last_payment_error?.code ?? intent.last_payment_error?.type ?? 'failed',
    };
  }
  if (event.type === 'setup_intent.succeeded' || event.type === 'setup_intent.setup_failed') {
    const intent = event.data.object;
    const reference = referenceOf(intent.metadata);
    if (!reference) return ignored;
    return {
      kind: 'card',
      eventId: event.id,
      reference,
      providerReference: intent.id,
      status: event.type === 'setup_intent.succeeded' ? 'added' : 'failed',
      ...cardDetails(intent.payment_method),
    };
  }
  return ignored;
}

export function createStripeProvider(options: TStripeProviderOptions): TStripeProvider {
  const stripe = new Stripe(options.secretKey, {
    ...apiLocation(options.apiBase),
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    timeout: API_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'Printomat', url: options.publicUrl },
  });

  async function call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw toProviderError(error);
    }
  }

  /**
   * Opens a hosted Checkout Session (`params` say what for) that comes back to the request's
   * return address, and answers where to send the person.
   */
  async function openCheckoutSession(
    request: TCardSetupRequest,
    params: Stripe.Checkout.SessionCreateParams,
    idempotencyKey: string,
  ): Promise<TProviderRedirect> {
    const session = await call(() =>
      stripe.checkout.sessions.create(
        {
          ...params,
          metadata: { reference: request.reference },
          client_reference_id: request.reference,
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          locale: request.locale,
          success_url: request.returnUrl,
          cancel_url: request.returnUrl,
          expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_LIFETIME_SECONDS,
        },
        { idempotencyKey },
      ),
    );
    if (!session.url) throw new ProviderUnavailable(`Stripe session ${session.id} has no URL`);
    return { providerReference: session.id, redirectUrl: session.url };
  }

  return {
    name: 'stripe',
    methods: ['card', 'transfer', 'blik'],

    async createCheckout(request: TCheckoutRequest): Promise<TProviderRedirect> {
      if (!isPaymentMethod(request.method))
        throw new ProviderUnavailable(`Stripe does not collect ${request.method} payments`);
      const currencies = METHOD_CURRENCIES[request.method];
      const currency = request.currency.toUpperCase();
      if (currencies && !currencies.includes(currency))
        throw new ProviderUnavailable(
          `Stripe ${METHOD_TYPES[request.method]} does not take ${currency}`,
          'no_payment_method',
        );
      const metadata = { reference: request.reference };
      return openCheckoutSession(
        request,
        {
          mode: 'payment',
          allowed_payment_method_types: [METHOD_TYPES[request.method as 'card']],
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: currency.toLowerCase(),
                unit_amount: request.amountMinor,
                product_data: { name: request.description },
              },
            },
          ],
          // 3-D Secure whenever the card or the regulation (SCA) asks for it.
          ...(request.method === 'card'
            ? { payment_method_options: { card: { request_three_d_secure: 'automatic' } } }
            : {}),
          payment_intent_data: { metadata, description: request.description },
        },
        stripeIdempotencyKey.checkout(request.reference),
      );
    },

    async createCardSetup(request: TCardSetupRequest): Promise<TProviderRedirect> {
      return openCheckoutSession(
        request,
        {
          mode: 'setup',
          allowed_payment_method_types: ['card'],
          payment_method_options: { card: { request_three_d_secure: 'automatic' } },
          setup_intent_data: { metadata: { reference: request.reference } },
        },
        stripeIdempotencyKey.cardSetup(request.reference),
      );
    },

    parseWebhook(rawBody, headers, now): TProviderEvent {
      const signature = headerValue(headers['stripe-signature']);
      if (!signature) throw new WebhookRejected('unsigned');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          now.getTime(),
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          if (/tolerance/i.test(error.message)) throw new WebhookRejected('stale');
          if (/unable to extract/i.test(error.message)) throw new WebhookRejected('malformed');
          throw new WebhookRejected('bad_signature');
        }
        // Signed correctly, but the body is not a JSON event.
        throw new WebhookRejected('malformed');
      }
      if (typeof event?.id !== 'string' || typeof event.type !== 'string' || !event.data?.object)
        throw new WebhookRejected('malformed');
      return mapStripeEvent(event);
    },

    /**
     * A refund is of the PaymentIntent behind our Checkout Session (the session is what we
     * stored); the refund reference is the idempotency key, so a retried call never refunds twice.
     */
    async refund(request: TRefundRequest): Promise<TRefundResult> {
      try {
        const session = await stripe.checkout.sessions.retrieve(request.paymentProviderReference);
        const intent =
          typeof session.payment_intent === 'string'
            ? session.payment_intent
            : (session.payment_intent?.id ?? null);
        if (!intent)
          return { providerReference: null, status: 'failed', failureCode: 'no_payment' };
        const refund = await stripe.refunds.create(
          {
            payment_intent: intent,
            amount: request.amountMinor,
            metadata: { reference: request.reference, payment: request.paymentReference },
          },
          { idempotencyKey: stripeIdempotencyKey.refund(request.reference) },
        );
        return refundResultOf(refund);
      } catch (error) {
        const refused = refusedRefund(error);
        if (refused) return refused;
        throw toProviderError(error);
      }
    },

    async refundStatus(providerReference: string): Promise<TRefundResult> {
      return refundResultOf(await call(() => stripe.refunds.retrieve(providerReference)));
    },

    async completeCardEvent(event: TProviderEvent): Promise<TProviderEvent> {
      if (event.kind !== 'card' || event.status !== 'added' || event.fingerprint) return event;
      const intent = await call(() =>
        stripe.setupIntents.retrieve(event.providerReference, { expand: ['payment_method'] }),
      );
      return { ...event, ...cardDetails(intent.payment_method) };
    },
  };
}

/** The registry's factory: Stripe when its keys are configured, else undefined. */
export function stripeProviderFromConfig(config: TConfig): TStripeProvider | undefined {
  return config.stripe
    ? createStripeProvider({ ...config.stripe, publicUrl: config.publicUrl })
    : undefined;
}

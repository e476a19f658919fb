import { productionSettings } from './helpers/production-env';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ProviderUnavailable,
  type TCheckoutRequest,
} from '../src/modules/payments/payment-provider';
import {
  createStripeProvider,
  stripeProviderFromConfig,
} from '../src/modules/payments/providers/stripe';
import { smsPaymentProviderFromConfig } from '../src/modules/payments/providers/sms-payment';
import { ConfigError, loadConfig } from '../src/config';
import { LocalHttpServer, onBody } from './helpers/local-server';
import { freePort, rejectedReason } from './helpers/payments';

/** What a production start needs (Stripe with live-looking keys, https, SMTP). */
const PRODUCTION_ENV = {
  ...productionSettings(),
  SMTP_URL: 'smtp://mail.shop.test:587',
};

const SECRET_KEY = 'sk_test_printomat';
const WEBHOOK_SECRET = 'whsec_test_printomat_secret';
const PUBLIC_URL = 'http://printomat.test';
// The SDK's own helpers (signature generation), never pointed at the network.
const sdk = new Stripe('sk_test_helper');

interface TSeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}

type TAnswer = { status: number; body: unknown };

/**
 * A local stand-in for the few Stripe API endpoints the adapter calls. It records what the SDK
 * sent (form-encoded body, headers) and answers with queued replies, or a default success.
 */
class FakeStripeApi extends LocalHttpServer {
  readonly seen: TSeenRequest[] = [];
  readonly queued: TAnswer[] = [];

  protected handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    onBody(req, (body) => {
      const url = new URL(req.url ?? '/', this.origin);
      const form = new URLSearchParams(req.method === 'GET' ? url.search : body.toString());
      this.seen.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
      const answer = this.queued.shift() ?? this.defaultAnswer(req.method ?? '', url.pathname);
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': 'req_1' });
      res.end(JSON.stringify(answer.body));
    });
  }

  private defaultAnswer(method: string, path: string): TAnswer {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const n = this.seen.length;
      return {
        status: 200,
        body: {
          id: `cs_test_${n}`,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/cs_test_${n}`,
        },
      };
    }
    const intent = /^\/v1\/setup_intents\/(seti_\w+)$/.exec(path);
    if (method === 'GET' && intent)
      return {
        status: 200,
        body: {
          id: intent[1],
          object: 'setup_intent',
          status: 'succeeded',
          payment_method: {
            id: 'pm_1',
            object: 'payment_method',
            type: 'card',
            card: { brand: 'visa', last4: '4242', fingerprint: 'fp_visa_4242' },
          },
        },
      };
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `no route ${path}` } },
    };
  }
}

const api = new FakeStripeApi();
beforeAll(() => api.start());
afterAll(() => api.stop());
beforeEach(() => {
  api.seen.length = 0;
  api.queued.length = 0;
});

const provider = (maxNetworkRetries = 0) =>
  createStripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    publicUrl: PUBLIC_URL,
    apiBase: api.origin,
    maxNetworkRetries,
  });

const checkout = (overrides: Partial<TCheckoutRequest> = {}): TCheckoutRequest => ({
  reference: 'pay_7Hq2mX',
  amountMinor: 2999,
  currency: 'PLN',
  method: 'card',
  description: 'Package M (300 pages)',
  customerEmail: 'anna@example.com',
  locale: 'pl',
  returnUrl: `${PUBLIC_URL}/payments/pay_7Hq2mX`,
  ...overrides,
});

const stripeError = (status: number, error: Record<string, string>): TAnswer => ({
  status,
  body: { error },
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('Stripe checkout', () => {
  it('creates a Checkout Session for a card payment with 3-D Secure, our amount and our reference', async () => {
    const redirect = await provider().createCheckout(checkout());
    expect(redirect).toEqual({
      providerReference: 'cs_test_1',
      redirectUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
    });
    expect(api.seen).toHaveLength(1);
    const [sent] = api.seen;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/checkout/sessions');
    expect(sent?.headers['authorization']).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent?.headers['idempotency-key']).toBe('pay_7Hq2mX');
    const form = sent!.form;
    expect(form.get('mode')).toBe('payment');
    expect(form.getAll('allowed_payment_method_types[0]')).toEqual(['card']);
    expect(form.get('allowed_payment_method_types[1]')).toBeNull();
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('2999');
    expect(form.get('line_items[0][price_data][currency]')).toBe('pln');
    expect(form.get('line_items[0][quantity]')).toBe('1');
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe('Package M (300 pages)');
    expect(form.get('payment_method_options[card][request_three_d_secure]')).toBe('automatic');
    expect(form.get('metadata[reference]')).toBe('pay_7Hq2mX');
    expect(form.get('payment_intent_data[metadata][reference]')).toBe('pay_7Hq2mX');
    expect(form.get('client_reference_id')).toBe('pay_7Hq2mX');
    expect(form.get('customer_email')).toBe('anna@example.com');
    expect(form.get('locale')).toBe('pl');
    expect(form.get('success_url')).toBe(`${PUBLIC_URL}/payments/pay_7Hq2mX`);
    expect(form.get('cancel_url')).toBe(`${PUBLIC_URL}/payments/pay_7Hq2mX`);
    const expiresAt = Number(form.get('expires_at'));
    expect(expiresAt - Date.now() / 1000).toBeGreaterThan(30 * 60);
  });

  it('offers Przelewy24 for a transfer and BLIK for blik, without card options', async () => {
    await provider().createCheckout(checkout({ method: 'transfer', reference: 'pay_tr1' }));
    await provider().createCheckout(checkout({ method: 'blik', reference: 'pay_bl1' }));
    const [transfer, blik] = api.seen;
    expect(transfer?.form.get('allowed_payment_method_types[0]')).toBe('p24');
    expect(transfer?.headers['idempotency-key']).toBe('pay_tr1');
    expect(transfer?.form.get('payment_method_options[card][request_three_d_secure]')).toBeNull();
    expect(blik?.form.get('allowed_payment_method_types[0]')).toBe('blik');
    expect(blik?.headers['idempotency-key']).toBe('pay_bl1');
  });

  it('sends no customer e-mail when the payer gave none (an express guest): Stripe asks for it', async () => {
    await provider().createCheckout(checkout({ customerEmail: null, reference: 'pay_guest' }));
    const [sent] = api.seen;
    expect(sent?.form.get('customer_email')).toBeNull();
    expect(sent?.form.get('client_reference_id')).toBe('pay_guest');
  });

  it('refuses BLIK in euros before calling Stripe', async () => {
    const error = await rejection(
      provider().createCheckout(checkout({ method: 'blik', currency: 'EUR' })),
    );
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect((error as ProviderUnavailable).code).toBe('no_payment_method');
    expect(api.seen).toHaveLength(0);
  });

  it('refuses the SMS method (not a Stripe method)', async () => {
    const error = await rejection(provider().createCheckout(checkout({ method: 'sms' })));
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(api.seen).toHaveLength(0);
  });

  it('creates a setup-mode session for saving a card, under its own idempotency key', async () => {
    const redirect = await provider().createCardSetup({
      reference: 'card_k2Pq',
      customerEmail: 'anna@example.com',
      locale: 'de',
      returnUrl: `${PUBLIC_URL}/account/cards`,
    });
    expect(redirect.providerReference).toBe('cs_test_1');
    const form = api.seen[0]!.form;
    expect(api.seen[0]?.headers['idempotency-key']).toBe('card-setup-card_k2Pq');
    expect(form.get('mode')).toBe('setup');
    expect(form.get('allowed_payment_method_types[0]')).toBe('card');
    expect(form.get('setup_intent_data[metadata][reference]')).toBe('card_k2Pq');
    expect(form.get('metadata[reference]')).toBe('card_k2Pq');
    expect(form.get('locale')).toBe('de');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBeNull();
  });

  it('retries a 500 with the same idempotency key and succeeds', async () => {
    api.queued.push(stripeError(500, { type: 'api_error', message: 'Something went wrong' }));
    const redirect = await provider(1).createCheckout(checkout());
    expect(redirect.providerReference).toBe('cs_test_2');
    expect(api.seen.map((r) => r.headers['idempotency-key'])).toEqual(['pay_7Hq2mX', 'pay_7Hq2mX']);
  });

  it('maps a persistent 500 to ProviderUnavailable (unavailable)', async () => {
    api.queued.push(stripeError(500, { type: 'api_error', message: 'Something went wrong' }));
    const error = await rejection(provider().createCheckout(checkout()));
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect((error as ProviderUnavailable).code).toBe('unavailable');
    expect((error as Error).message).toContain('Something went wrong');
  });

  it('maps a rejected API key to ProviderUnavailable (unavailable)', async () => {
    api.queued.push(
      stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' }),
    );
    const error = await rejection(provider().createCardSetup({ ...checkout() }));
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect((error as ProviderUnavailable).code).toBe('unavailable');
  });

  it('maps a payment method that is not enabled to no_payment_method', async () => {
    api.queued.push(
      stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_method_unactivated',
        param: 'allowed_payment_method_types',
        message: 'The payment method type provided: blik is invalid.',
      }),
    );
    const error = await rejection(provider().createCheckout(checkout({ method: 'blik' })));
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect((error as ProviderUnavailable).code).toBe('no_payment_method');
  });

  it('maps an unreachable Stripe to ProviderUnavailable (unavailable)', async () => {
    const port = await freePort();
    const offline = createStripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      publicUrl: PUBLIC_URL,
      apiBase: `http://127.0.0.1:${port}`,
      maxNetworkRetries: 0,
    });
    const error = await rejection(offline.createCheckout(checkout()));
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect((error as ProviderUnavailable).code).toBe('unavailable');
  });
});

function eventBody(type: string, object: Record<string, unknown>, id = 'evt_1'): string {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: 1_800_000_000,
    data: { object },
  });
}

const NOW = new Date('2026-11-23T12:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);

function signed(body: string, options: { secret?: string; timestamp?: number } = {}) {
  return {
    'stripe-signature': sdk.webhooks.generateTestHeaderString({
      payload: body,
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: options.timestamp ?? nowSeconds,
    }),
  };
}

const completedSession = {
  id: 'cs_test_9',
  object: 'checkout.session',
  mode: 'payment',
  payment_status: 'paid',
  status: 'complete',
  amount_total: 2999,
  currency: 'pln',
  client_reference_id: 'pay_7Hq2mX',
  metadata: { reference: 'pay_7Hq2mX' },
  payment_intent: 'pi_1',
};

function parse(body: string, headers: Record<string, string | undefined>) {
  return provider().parseWebhook(Buffer.from(body), headers, NOW);
}

describe('Stripe webhooks', () => {
  it('reads a signed checkout.session.completed as a completed payment', () => {
    const body = eventBody('checkout.session.completed', completedSession);
    expect(parse(body, signed(body))).toEqual({
      kind: 'payment',
      eventId: 'evt_1',
      reference: 'pay_7Hq2mX',
      providerReference: 'cs_test_9',
      status: 'completed',
      amountMinor: 2999,
      currency: 'PLN',
    });
  });

  it('reads an unpaid completed session (Przelewy24 pending) as processing, then its async outcome', () => {
    const pending = eventBody('checkout.session.completed', {
      ...completedSession,
      payment_status: 'unpaid',
    });
    expect(parse(pending, signed(pending))).toMatchObject({ status: 'processing' });
    const paid = eventBody('checkout.session.async_payment_succeeded', completedSession, 'evt_2');
    expect(parse(paid, signed(paid))).toMatchObject({ eventId: 'evt_2', status: 'completed' });
    const failed = eventBody(
      'checkout.session.async_payment_failed',
      { ...completedSession, payment_status: 'unpaid' },
      'evt_3',
    );
    expect(parse(failed, signed(failed))).toMatchObject({ eventId: 'evt_3', status: 'failed' });
  });

  it('reads payment_intent.payment_failed with our reference from the intent metadata', () => {
    const body = eventBody('payment_intent.payment_failed', {
      id: 'pi_1',
      object: 'payment_intent',
      amount: 2999,
      currency: 'pln',
      metadata: { reference: 'pay_7Hq2mX' },
      last_payment_error: { type: 'card_error', code: 'card_declined' },
    });
    expect(parse(body, signed(body))).toEqual({
      kind: 'payment',
      eventId: 'evt_1',
      reference: 'pay_7Hq2mX',
      providerReference: 'pi_1',
      providerObject: 'intent',
      status: 'failed',
      amountMinor: 2999,
      currency: 'PLN',
      failureCode: 'card_declined',
    });
  });

  it('reads an expired session without a payment attempt as failed: no payment method', () => {
    const body = eventBody('checkout.session.expired', {
      ...completedSession,
      status: 'expired',
      payment_status: 'unpaid',
      payment_intent: null,
    });
    expect(parse(body, signed(body))).toMatchObject({
      kind: 'payment',
      status: 'failed',
      failureCode: 'no_payment_method',
    });
  });

  it('reads setup_intent.succeeded as a card added, and fetches the fingerprint from the API', async () => {
    const body = eventBody('setup_intent.succeeded', {
      id: 'seti_1',
      object: 'setup_intent',
      status: 'succeeded',
      metadata: { reference: 'card_k2Pq' },
      payment_method: 'pm_1',
    });
    const stripe = provider();
    const event = stripe.parseWebhook(Buffer.from(body), signed(body), NOW);
    expect(event).toEqual({
      kind: 'card',
      eventId: 'evt_1',
      reference: 'card_k2Pq',
      providerReference: 'seti_1',
      status: 'added',
      fingerprint: null,
      brand: null,
      last4: null,
    });
    expect(await stripe.completeCardEvent(event)).toMatchObject({
      fingerprint: 'fp_visa_4242',
      brand: 'visa',
      last4: '4242',
    });
    expect(api.seen[0]?.path).toBe('/v1/setup_intents/seti_1');
    expect(api.seen[0]?.form.getAll('expand[0]')).toEqual(['payment_method']);
  });

  it('ignores the setup-mode session completion and events it does not act on', () => {
    const setup = eventBody('checkout.session.completed', {
      ...completedSession,
      mode: 'setup',
      setup_intent: 'seti_1',
    });
    expect(parse(setup, signed(setup))).toEqual({
      kind: 'ignored',
      eventId: 'evt_1',
      type: 'checkout.session.completed',
    });
    const other = eventBody('customer.created', { id: 'cus_1', object: 'customer' }, 'evt_9');
    expect(parse(other, signed(other))).toEqual({
      kind: 'ignored',
      eventId: 'evt_9',
      type: 'customer.created',
    });
  });

  it('refuses a missing signature header as unsigned', () => {
    const body = eventBody('checkout.session.completed', completedSession);
    expect(rejectedReason(() => parse(body, {}))).toBe('unsigned');
    expect(rejectedReason(() => parse(body, { 'stripe-signature': '' }))).toBe('unsigned');
  });

  it('refuses a tampered body as bad_signature', () => {
    const body = eventBody('checkout.session.completed', completedSession);
    const tampered = body.replace('"amount_total":2999', '"amount_total":1');
    expect(tampered).not.toBe(body);
    expect(rejectedReason(() => parse(tampered, signed(body)))).toBe('bad_signature');
  });

  it('refuses a signature made with another secret as bad_signature', () => {
    const body = eventBody('checkout.session.completed', completedSession);
    expect(rejectedReason(() => parse(body, signed(body, { secret: 'whsec_other' })))).toBe(
      'bad_signature',
    );
  });

  it('refuses a timestamp 301 s old as stale, accepts one 300 s old', () => {
    const body = eventBody('checkout.session.completed', completedSession);
    expect(rejectedReason(() => parse(body, signed(body, { timestamp: nowSeconds - 301 })))).toBe(
      'stale',
    );
    expect(parse(body, signed(body, { timestamp: nowSeconds - 300 }))).toMatchObject({
      kind: 'payment',
    });
  });

  it('refuses a garbled signature header and a signed non-JSON body as malformed', () => {
    const body = eventBody('checkout.session.completed', completedSession);
    expect(rejectedReason(() => parse(body, { 'stripe-signature': 'nonsense' }))).toBe('malformed');
    const notJson = 'this is not json';
    expect(rejectedReason(() => parse(notJson, signed(notJson)))).toBe('malformed');
  });
});

describe('payment provider configuration', () => {
  const configProblems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('needs both Stripe secrets when Stripe is the provider, and lists both at once', () => {
    expect(configProblems({ PAYMENT_PROVIDER: 'stripe' })).toEqual([
      'STRIPE_SECRET_KEY: must be set when PAYMENT_PROVIDER is stripe',
      'STRIPE_WEBHOOK_SECRET: must be set when PAYMENT_PROVIDER is stripe',
    ]);
    expect(configProblems({ STRIPE_SECRET_KEY: 'pk_live_1', STRIPE_WEBHOOK_SECRET: 'x' })).toEqual([
      'STRIPE_SECRET_KEY: must start with sk_ or rk_',
      'STRIPE_WEBHOOK_SECRET: must start with whsec_',
    ]);
    const config = loadConfig({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    expect(config.stripe).toEqual({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  });

  it('never runs the SMS-payment sandbox in production; outside it, its secret is random per data directory', () => {
    expect(loadConfig(PRODUCTION_ENV).smsPaymentSandbox).toBeUndefined();
    // Setting its secret does not switch it on: the start is refused (config.test.ts).
    expect(() =>
      loadConfig({
        ...PRODUCTION_ENV,
        SMS_PAYMENT_SANDBOX_SECRET: randomBytes(24).toString('hex'),
      }),
    ).toThrow(/SMS_PAYMENT_SANDBOX_SECRET/);
    expect(
      loadConfig({ SMS_PAYMENT_SANDBOX_SECRET: 'sms-secret-0123456789' }).smsPaymentSandbox
        ?.webhookSecret,
    ).toBe('sms-secret-0123456789');
    // Development: on, with a random secret kept in (and stable for) one data directory.
    const dirA = mkdtempSync(path.join(os.tmpdir(), 'printomat-sms-a-'));
    const dirB = mkdtempSync(path.join(os.tmpdir(), 'printomat-sms-b-'));
    try {
      const dev = loadConfig({ DATA_DIR: dirA }).smsPaymentSandbox?.webhookSecret;
      expect(dev).toMatch(/^[0-9a-f]{64}$/);
      expect(loadConfig({ DATA_DIR: dirA }).smsPaymentSandbox?.webhookSecret).toBe(dev);
      expect(loadConfig({ DATA_DIR: dirB }).smsPaymentSandbox?.webhookSecret).not.toBe(dev);
    } finally {
      rmSync(dirA, { recursive: true, force: true });
      rmSync(dirB, { recursive: true, force: true });
    }
  });
});

describe('registry factories', () => {
  it('build Stripe only with its keys, and the SMS sandbox only when it is on', () => {
    expect(stripeProviderFromConfig(loadConfig({}))).toBeUndefined();
    const stripe = stripeProviderFromConfig(
      loadConfig({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }),
    );
    expect(stripe?.name).toBe('stripe');
    expect(stripe?.methods).toEqual(['card', 'transfer', 'blik']);
    expect(smsPaymentProviderFromConfig(loadConfig({}))?.methods).toEqual(['sms']);
    expect(smsPaymentProviderFromConfig(loadConfig(PRODUCTION_ENV))).toBeUndefined();
  });
});

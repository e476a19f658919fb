import type http from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADD_CARD_BONUS_DAYS,
  ADD_CARD_BONUS_PAGES,
  type TCardSetup,
  type TPackageList,
  type TPayment,
} from '@printomat/shared';
import { checkLedger } from '../src/modules/payments/ledger-check';
import { remainingPages } from '../src/modules/pages/pages-ledger.service';
import { seedPackages } from '../src/seed/packages-seed';
import { LocalHttpServer, onBody } from './helpers/local-server';
import { confirmedUser as confirmedUserOf, personalPackageM } from './helpers/payments';
import { createTestApp, type TestAgent, type TTestApp } from './helpers/test-app';

// The Stripe path through OUR webhook service: the real app configured with PAYMENT_PROVIDER=stripe,
// the real SDK talking to a local fake of the Stripe API (STRIPE_API_BASE), and notifications
// signed with the SDK's own test helper posted to /api/payments/webhooks/stripe.

const SECRET_KEY = 'sk_test_printomat_integration';
const WEBHOOK_SECRET = 'whsec_printomat_integration_secret';
const WEBHOOK = '/api/payments/webhooks/stripe';
const DAY_MS = 24 * 60 * 60 * 1000;

// The SDK's helpers (signatures) only; never pointed at the network.
const sdk = new Stripe('sk_test_helper');

interface TSeen {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}

/** The few Stripe API endpoints the adapter calls; records what the SDK sent. */
class FakeStripeApi extends LocalHttpServer {
  readonly seen: TSeen[] = [];
  /** The card behind each SetupIntent id (what `expand[]=payment_method` answers). */
  readonly cards = new Map<string, { fingerprint: string; brand: string; last4: string }>();
  private sessions = 0;

  protected handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    onBody(req, (form) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      this.seen.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        form: new URLSearchParams(form.toString()),
        headers: req.headers,
      });
      const [status, body] = this.answer(req.method ?? '', url.pathname);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      res.end(JSON.stringify(body));
    });
  }

  private answer(method: string, path: string): [number, unknown] {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      this.sessions += 1;
      const id = `cs_test_${this.sessions}`;
      return [
        200,
        { id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` },
      ];
    }
    const intent = /^\/v1\/setup_intents\/(seti_\w+)$/.exec(path)?.[1];
    const card = intent ? this.cards.get(intent) : undefined;
    if (method === 'GET' && intent && card)
      return [
        200,
        {
          id: intent,
          object: 'setup_intent',
          status: 'succeeded',
          payment_method: { id: `pm_${intent}`, object: 'payment_method', type: 'card', card },
        },
      ];
    return [404, { error: { type: 'invalid_request_error', message: `no route ${path}` } }];
  }
}

const api = new FakeStripeApi();
let t: TTestApp;
let packageM: TPackageList['packages'][number];

beforeAll(async () => {
  await api.start();
  t = await createTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: api.origin,
  });
  await seedPackages(t.ctx.db);
  packageM = await personalPackageM(t);
}, 60_000);

afterAll(async () => {
  expect(await checkLedger(t.ctx.db)).toEqual([]);
  await t?.close();
  await api.stop();
});

beforeEach(() => {
  api.seen.length = 0;
});

const confirmedUser = () => confirmedUserOf(t);

let eventCounter = 0;

/** A Stripe event as Stripe sends it, signed now with the SDK's own test helper. */
function stripeEvent(type: string, object: Record<string, unknown>) {
  eventCounter += 1;
  const body = JSON.stringify({
    id: `evt_test_${eventCounter}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  return { body, signature: sign(body) };
}

const sign = (body: string) =>
  sdk.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });

/** Posts the exact bytes to our webhook route, as Stripe does (no session, no CSRF token). */
function deliver(event: { body: string; signature: string }) {
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.body,
  });
}

async function grantsOf(userId: number, source: 'package' | 'card_bonus') {
  return t.ctx.db
    .selectFrom('page_grants')
    .select(['pages', 'reference', 'expires_at'])
    .where('user_id', '=', userId)
    .where('source', '=', source)
    .execute();
}

describe('Stripe: buying a package', () => {
  it('creates the Checkout Session on the API, completes on checkout.session.completed and credits once on replays', async () => {
    const { agent, id } = await confirmedUser();
    const started = await agent.post('/api/payments', {
      package_id: packageM.id,
      method: 'blik',
      idempotency_key: 'stripe-buy-1',
    });
    expect(started.statusCode).toBe(201);
    const { reference, redirect_url } = started.json<{ reference: string; redirect_url: string }>();
    expect(redirect_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\d+$/);

    // What the SDK asked Stripe for: our amount, our currency, BLIK, our reference and key.
    const created = api.seen.filter((r) => r.method === 'POST');
    expect(created).toHaveLength(1);
    const request = created[0]!;
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request.headers['idempotency-key']).toBe(reference);
    expect(request.form.get('mode')).toBe('payment');
    expect(request.form.get('line_items[0][price_data][unit_amount]')).toBe(
      String(packageM.price_minor),
    );
    expect(request.form.get('line_items[0][price_data][currency]')).toBe('pln');
    expect(request.form.get('allowed_payment_method_types[0]')).toBe('blik');
    expect(request.form.get('metadata[reference]')).toBe(reference);
    expect(request.form.get('success_url')).toBe(`${t.ctx.config.publicUrl}/payments/${reference}`);
    const sessionId = /cs_test_\d+$/.exec(redirect_url)![0];

    const row = await t.ctx.db
      .selectFrom('payments')
      .select(['provider', 'provider_reference', 'status'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      provider: 'stripe',
      provider_reference: sessionId,
      status: 'processing',
    });

    const completed = stripeEvent('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      amount_total: packageM.price_minor,
      currency: 'pln',
      client_reference_id: reference,
      metadata: { reference },
      payment_intent: 'pi_test_1',
    });
    const first = await deliver(completed);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'completed' });

    // Stripe retries: the same event (re-signed, as a retry is) changes nothing.
    for (let i = 0; i < 3; i += 1) {
      const replay = await deliver({ body: completed.body, signature: sign(completed.body) });
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    }

    const payment = (await agent.get(`/api/payments/${reference}`)).json<TPayment>();
    expect(payment).toMatchObject({ status: 'completed', method: 'blik', pages: 90 });
    const grants = await grantsOf(id, 'package');
    expect(grants).toEqual([{ pages: 90, reference, expires_at: expect.any(Date) }]);
    const validity = (grants[0]?.expires_at?.getTime() ?? 0) - Date.now();
    expect(Math.abs(validity - packageM.validity_days * DAY_MS)).toBeLessThan(60_000);
    expect(await remainingPages(t.ctx.db, id, new Date())).toBe(90);
  });

  it('refuses a notification signed with another secret, and records nothing', async () => {
    const { agent } = await confirmedUser();
    const started = await agent.post('/api/payments', {
      package_id: packageM.id,
      method: 'card',
      idempotency_key: 'stripe-buy-forged',
    });
    const { reference } = started.json<{ reference: string }>();
    const body = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_forged',
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          amount_total: packageM.price_minor,
          currency: 'pln',
          metadata: { reference },
        },
      },
    });
    const forged = await deliver({
      body,
      signature: sdk.webhooks.generateTestHeaderString({
        payload: body,
        secret: 'whsec_someone_else',
      }),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('webhook_bad_signature');
    const events = await t.ctx.db
      .selectFrom('provider_events')
      .select('id')
      .where('event_id', '=', 'evt_forged')
      .execute();
    expect(events).toHaveLength(0);
    expect((await agent.get(`/api/payments/${reference}`)).json<TPayment>().status).toBe(
      'processing',
    );
  });
});

describe('Stripe: a signed event about another Checkout Session', () => {
  it('is refused and flags the payment; an intent failure may still fail it', async () => {
    const { agent, id } = await confirmedUser();
    const started = await agent.post('/api/payments', {
      package_id: packageM.id,
      method: 'card',
      idempotency_key: 'stripe-buy-other-session',
    });
    const { reference } = started.json<{ reference: string }>();
    const completed = stripeEvent('checkout.session.completed', {
      id: 'cs_test_someone_elses',
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      amount_total: packageM.price_minor,
      currency: 'pln',
      client_reference_id: reference,
      metadata: { reference },
    });
    const response = await deliver(completed);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'provider_reference_mismatch' });
    expect(await grantsOf(id, 'package')).toEqual([]);
    const row = await t.ctx.db
      .selectFrom('payments')
      .select(['status', 'flag'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'processing', flag: 'provider_reference_mismatch' });

    // payment_intent.payment_failed names the intent, not the session: it may fail the payment.
    const failed = stripeEvent('payment_intent.payment_failed', {
      id: 'pi_test_declined',
      object: 'payment_intent',
      amount: packageM.price_minor,
      currency: 'pln',
      metadata: { reference },
      last_payment_error: { type: 'card_error', code: 'card_declined' },
    });
    expect((await deliver(failed)).json()).toEqual({ received: true, outcome: 'failed' });
    expect((await agent.get(`/api/payments/${reference}`)).json<TPayment>().status).toBe('failed');
  });
});

describe('Stripe: adding a card', () => {
  async function addCard(agent: TestAgent, setupIntent: string, fingerprint: string) {
    const started = await agent.post('/api/cards/setup');
    expect(started.statusCode).toBe(201);
    const { reference } = started.json<{ reference: string }>();
    const created = api.seen.filter((r) => r.method === 'POST').at(-1);
    expect(created?.form.get('mode')).toBe('setup');
    expect(created?.form.get('setup_intent_data[metadata][reference]')).toBe(reference);

    api.cards.set(setupIntent, { fingerprint, brand: 'visa', last4: '4242' });
    const event = stripeEvent('setup_intent.succeeded', {
      id: setupIntent,
      object: 'setup_intent',
      status: 'succeeded',
      metadata: { reference },
      // Stripe names the card only by id: the fingerprint needs an API call.
      payment_method: `pm_${setupIntent}`,
    });
    return { reference, event };
  }

  it('reads the fingerprint from the API and grants 12 pages for 7 days once; the same card elsewhere gets nothing', async () => {
    const anna = await confirmedUser();
    const { reference, event } = await addCard(anna.agent, 'seti_anna', 'fp_shared_card');
    const first = await deliver(event);
    expect(first.json()).toEqual({ received: true, outcome: 'card_added' });
    const lookups = api.seen.filter((r) => r.method === 'GET');
    expect(lookups).toHaveLength(1);
    expect(lookups[0]?.path).toBe('/v1/setup_intents/seti_anna');
    expect([...(lookups[0]?.query ?? [])]).toEqual([['expand[0]', 'payment_method']]);

    const replay = await deliver({ body: event.body, signature: sign(event.body) });
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });

    const setup = (await anna.agent.get(`/api/cards/setups/${reference}`)).json<TCardSetup>();
    expect(setup).toMatchObject({
      status: 'added',
      card: { brand: 'visa', last4: '4242' },
      bonus_pages: ADD_CARD_BONUS_PAGES,
    });
    const bonus = await grantsOf(anna.id, 'card_bonus');
    expect(bonus).toHaveLength(1);
    expect(bonus[0]?.pages).toBe(12);
    const validity = (bonus[0]?.expires_at?.getTime() ?? 0) - Date.now();
    expect(Math.abs(validity - ADD_CARD_BONUS_DAYS * DAY_MS)).toBeLessThan(60_000);
    expect(await remainingPages(t.ctx.db, anna.id, new Date())).toBe(12);

    // Another account with the same card: the card is saved, no bonus.
    const ben = await confirmedUser();
    const other = await addCard(ben.agent, 'seti_ben', 'fp_shared_card');
    const answer = await deliver(other.event);
    expect(answer.json()).toEqual({ received: true, outcome: 'card_added_no_bonus' });
    const benSetup = (
      await ben.agent.get(`/api/cards/setups/${other.reference}`)
    ).json<TCardSetup>();
    expect(benSetup).toMatchObject({ status: 'added', bonus_pages: 0 });
    expect(await grantsOf(ben.id, 'card_bonus')).toHaveLength(0);
    expect(await remainingPages(t.ctx.db, ben.id, new Date())).toBe(0);
    // And Anna still has exactly one bonus.
    expect(await grantsOf(anna.id, 'card_bonus')).toHaveLength(1);
  });

  it('a refused card followed by another card on the same Stripe page still adds the card and its bonus', async () => {
    const { agent, id } = await confirmedUser();
    const { reference, event } = await addCard(agent, 'seti_second_try', 'fp_second_try');
    const refused = stripeEvent('setup_intent.setup_failed', {
      id: 'seti_second_try',
      object: 'setup_intent',
      status: 'requires_payment_method',
      metadata: { reference },
      payment_method: null,
      last_setup_error: { type: 'card_error', code: 'card_declined' },
    });
    expect((await deliver(refused)).json()).toEqual({ received: true, outcome: 'card_failed' });
    expect((await agent.get(`/api/cards/setups/${reference}`)).json<TCardSetup>().status).toBe(
      'failed',
    );

    expect((await deliver(event)).json()).toEqual({ received: true, outcome: 'card_added' });
    expect((await agent.get(`/api/cards/setups/${reference}`)).json<TCardSetup>()).toMatchObject({
      status: 'added',
      bonus_pages: ADD_CARD_BONUS_PAGES,
    });
    expect(await remainingPages(t.ctx.db, id, new Date())).toBe(12);
    // A late failure cannot undo it.
    const late = stripeEvent('setup_intent.setup_failed', {
      id: 'seti_second_try',
      object: 'setup_intent',
      status: 'requires_payment_method',
      metadata: { reference },
      payment_method: null,
    });
    expect((await deliver(late)).json()).toEqual({ received: true, outcome: 'unchanged' });
    expect((await agent.get(`/api/cards/setups/${reference}`)).json<TCardSetup>().status).toBe(
      'added',
    );
  });

  it('when the API cannot be read, the event is not recorded, so Stripe’s retry still works', async () => {
    const { agent, id } = await confirmedUser();
    const { reference, event } = await addCard(agent, 'seti_late', 'fp_late_card');
    api.cards.delete('seti_late'); // the lookup fails (404 from the API)
    const refused = await deliver(event);
    expect(refused.statusCode).toBe(503);
    expect(
      await t.ctx.db
        .selectFrom('provider_events')
        .select('id')
        .where('reference', '=', reference)
        .execute(),
    ).toHaveLength(0);

    api.cards.set('seti_late', { fingerprint: 'fp_late_card', brand: 'mastercard', last4: '4444' });
    const retried = await deliver({ body: event.body, signature: sign(event.body) });
    expect(retried.json()).toEqual({ received: true, outcome: 'card_added' });
    expect(await remainingPages(t.ctx.db, id, new Date())).toBe(12);
  });
});

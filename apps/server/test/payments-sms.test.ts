import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type TPackageList } from '@printomat/shared';
import { checkLedger } from '../src/modules/payments/ledger-check';
import {
  createProviderRegistry,
  paymentProviders,
  usePaymentProviders,
} from '../src/modules/payments/provider-registry';
import { createSandboxProvider } from '../src/modules/payments/providers/sandbox';
import { remainingPages } from '../src/modules/pages/pages-ledger.service';
import { confirmedUser, createListeningShop, paymentOf } from './helpers/payments';
import { TestAgent, type TTestApp } from './helpers/test-app';

// Paying for a package by SMS through the real app: the shop offers SMS, the purchase goes to
// the SMS-payment sandbox's operator page, the simulated SMS reaches our real webhook route
// (/api/payments/webhooks/sms_sandbox) over HTTP, twice, and the package is credited once.

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TTestApp;
let publicUrl: string;
let packageM: TPackageList['packages'][number];

beforeAll(async () => {
  // The operator notifies PUBLIC_URL + /api/payments/webhooks/sms_sandbox: the app listens there.
  ({
    t,
    packageM,
    origin: publicUrl,
  } = await createListeningShop((origin) => ({
    PUBLIC_URL: origin,
    SMS_PAYMENT_SANDBOX_SECRET: 'sms-sandbox-secret-for-payments-test',
  })));
}, 60_000);

afterAll(async () => {
  expect(await checkLedger(t.ctx.db)).toEqual([]);
  await t.close();
});

/** A signed-in person with a confirmed e-mail, browsing from our public address. */
const payer = () => confirmedUser(t, { locale: 'en', origin: publicUrl });

let keyCounter = 0;

/** Buys package M by SMS and follows the redirect to the operator page; answers its token. */
async function buyBySms(agent: TestAgent) {
  keyCounter += 1;
  const started = await agent.post('/api/payments', {
    package_id: packageM.id,
    method: 'sms',
    idempotency_key: `sms-key-${keyCounter}`,
  });
  expect(started.statusCode).toBe(201);
  const { reference, redirect_url } = started.json<{ reference: string; redirect_url: string }>();
  const redirect = new URL(redirect_url);
  expect(`${redirect.origin}${redirect.pathname}`).toBe(`${publicUrl}/sandbox-sms`);
  const session = redirect.searchParams.get('session') ?? '';

  // The operator page, as the payer's browser sees it (no session cookie needed).
  const browser = new TestAgent(t.app);
  browser.origin = publicUrl;
  browser.acceptLanguage = 'en';
  const page = await browser.get(`${redirect.pathname}${redirect.search}`);
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('data-testid="sms-number">92555<');
  expect(page.body).toMatch(/data-testid="sms-text">PRINT [A-Z0-9]{6}</);
  return { reference, session, browser };
}

async function packageGrants(userId: number, reference: string) {
  return t.ctx.db
    .selectFrom('page_grants')
    .selectAll()
    .where('user_id', '=', userId)
    .where('source', '=', 'package')
    .where('reference', '=', reference)
    .execute();
}

describe('the shop offers SMS when an SMS-payment provider is configured', () => {
  it('lists SMS with the other methods; without the SMS provider it is gone', async () => {
    const shop = (await new TestAgent(t.app).get('/api/packages')).json<TPackageList>();
    expect(shop.payment_methods).toEqual(['card', 'transfer', 'blik', 'sms']);

    const real = paymentProviders(t.ctx);
    try {
      usePaymentProviders(
        t.ctx,
        createProviderRegistry(
          { config: t.ctx.config, db: t.ctx.db },
          { sandbox: (deps) => createSandboxProvider(deps) },
        ),
      );
      const without = (await new TestAgent(t.app).get('/api/packages')).json<TPackageList>();
      expect(without.payment_methods).toEqual(['card', 'transfer', 'blik']);
      // And SMS is refused with the spec's words, nothing charged.
      const { agent } = await payer();
      const refused = await agent.post('/api/payments', {
        package_id: packageM.id,
        method: 'sms',
        idempotency_key: 'sms-without-provider',
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toBe('Unable to process payments at this time');
    } finally {
      usePaymentProviders(t.ctx, real);
    }
  });
});

describe('paying for a package by SMS', () => {
  it('the simulated SMS credits the package once although the operator notifies twice', async () => {
    const { agent, id, email } = await payer();
    const { reference, session, browser } = await buyBySms(agent);
    expect((await paymentOf(agent, reference)).status).toBe('processing');

    const sent = await browser.post('/sandbox-sms/simulate', { session, outcome: 'success' });
    expect(sent.statusCode).toBe(200);
    // The payer's browser goes back to our status page.
    expect(sent.json()).toEqual({ redirect_url: `${publicUrl}/payments/${reference}` });

    // Both notifications reached our webhook route and were accepted; the first one credited.
    const delivery = await t.ctx.db
      .selectFrom('sms_sandbox_sessions')
      .select(['deliveries', 'last_delivery_status', 'event_id'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ deliveries: 2, last_delivery_status: '200,200' });
    const events = await t.ctx.db
      .selectFrom('provider_events')
      .select(['provider', 'event_id', 'outcome'])
      .where('reference', '=', reference)
      .execute();
    expect(events).toEqual([
      { provider: 'sms_sandbox', event_id: delivery.event_id, outcome: 'completed' },
    ]);

    const payment = await paymentOf(agent, reference);
    expect(payment).toMatchObject({
      status: 'completed',
      method: 'sms',
      pages: 90,
      amount_minor: packageM.price_minor,
      currency: 'PLN',
    });
    expect(payment.receipt_number).toMatch(/^R-\d{4}-\d{6}$/);
    const grants = await packageGrants(id, reference);
    expect(grants).toHaveLength(1);
    expect(grants[0]?.pages).toBe(90);
    const expires = new Date(payment.pages_expire_at ?? 0).getTime();
    expect(Math.abs(expires - Date.now() - 60 * DAY_MS)).toBeLessThan(60_000);
    expect(await remainingPages(t.ctx.db, id, new Date())).toBe(90);

    // Pressing "notify again" on the operator page re-sends the same event: still one credit.
    const again = await browser.post('/sandbox-sms/simulate', { session, outcome: 'success' });
    expect(again.statusCode).toBe(200);
    expect(await packageGrants(id, reference)).toHaveLength(1);
    expect(await remainingPages(t.ctx.db, id, new Date())).toBe(90);

    // The receipt mail goes out, once.
    await t.smtp.waitFor(email, (m) => m.text.includes(reference));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.smtp.mails.filter((m) => m.text.includes(reference))).toHaveLength(1);
  });

  it("a rejected SMS fails the payment ('Unable to finish transaction, please try again later.') and grants nothing", async () => {
    const { agent, id } = await payer();
    const { reference, session, browser } = await buyBySms(agent);
    const sent = await browser.post('/sandbox-sms/simulate', { session, outcome: 'failure' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ redirect_url: `${publicUrl}/payments/${reference}` });

    const payment = await paymentOf(agent, reference);
    expect(payment.status).toBe('failed');
    expect(payment.pages_expire_at).toBeNull();
    expect(payment.receipt_number).toBeNull();
    // What the status page says for a failed payment (spec section 8), in each language.
    expect(translate('en', 'payments.errors.failed')).toBe(
      'Unable to finish transaction, please try again later.',
    );
    const row = await t.ctx.db
      .selectFrom('payments')
      .select(['failure_code', 'grant_id'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failure_code: 'operator_rejected', grant_id: null });
    expect(await packageGrants(id, reference)).toHaveLength(0);
    expect(await remainingPages(t.ctx.db, id, new Date())).toBe(0);

    // The operator's outcome is final: trying "success" on the same session changes nothing.
    const retried = await browser.post('/sandbox-sms/simulate', { session, outcome: 'success' });
    expect(retried.statusCode).toBe(200);
    expect((await paymentOf(agent, reference)).status).toBe('failed');
    expect(await remainingPages(t.ctx.db, id, new Date())).toBe(0);
  });
});

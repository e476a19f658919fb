import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPayment, TPackageList } from '@printomat/shared';
import { checkLedger } from '../src/modules/payments/ledger-check';
import { signSandboxPayload } from '../src/modules/payments/providers/sandbox-signature';
import { remainingPages } from '../src/modules/pages/pages-ledger.service';
import { until } from './helpers/http-session';
import {
  confirmedUser as confirmedUserOf,
  createListeningShop,
  withCardProviderDown,
  paymentOf,
} from './helpers/payments';
import { registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEBHOOK = '/api/payments/webhooks/sandbox';

let t: TTestApp;
let packageM: TPackageList['packages'][number];

beforeAll(async () => {
  // The sandbox delivers its webhooks over real HTTP, like a foreign provider: listen for them.
  ({ t, packageM } = await createListeningShop((origin) => ({
    PAYMENT_SANDBOX_WEBHOOK_URL: `${origin}${WEBHOOK}`,
    PAYMENT_WEBHOOK_SECRET: 'test-sandbox-secret-0123456789',
  })));
}, 60_000);

afterAll(async () => {
  // Whatever the scenarios did, the ledger adds up.
  expect(await checkLedger(t.ctx.db)).toEqual([]);
  await t.close();
});

const confirmedUser = (locale: 'en' | 'pl' = 'en') => confirmedUserOf(t, { locale });

let keyCounter = 0;
const newKey = () => `key-${Date.now().toString(36)}-${(keyCounter += 1)}`;

async function startPurchase(agent: TestAgent, method: string = 'card') {
  const response = await agent.post('/api/payments', {
    package_id: packageM.id,
    method,
    idempotency_key: newKey(),
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ reference: string; redirect_url: string }>();
}

/** The sandbox page's path (its address is on PUBLIC_URL; inject wants the path). */
const pathOf = (url: string) => new URL(url).pathname;

/** Pays on the sandbox's hosted page the way a person does: card form, then 3-D Secure. */
async function payByCard(
  redirectUrl: string,
  options: { number?: string; outcome?: string } = {},
): Promise<string> {
  const page = pathOf(redirectUrl);
  const browser = new TestAgent(t.app);
  browser.origin = undefined;
  const submitted = await browser.request(
    'POST',
    page,
    new URLSearchParams({
      number: options.number ?? '4242 4242 4242 4242',
      exp_month: '12',
      exp_year: String(new Date().getUTCFullYear() + 2),
      cvv: '123',
      postal_code: '00-001',
      outcome: options.outcome ?? 'success',
    }).toString(),
    { csrf: false, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  );
  expect(submitted.statusCode).toBe(303);
  expect(submitted.headers.location).toBe(`${page}/3ds`);
  const challenge = await browser.get(`${page}/3ds`);
  const code = /data-testid="sandbox-3ds-code">(\d{6})</.exec(challenge.body)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  const done = await browser.request(
    'POST',
    `${page}/3ds`,
    new URLSearchParams({ code: code ?? '', action: 'confirm' }).toString(),
    { csrf: false, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  );
  expect(done.statusCode).toBe(303);
  return String(done.headers.location);
}

const waitForStatus = (agent: TestAgent, reference: string, status: TPayment['status']) =>
  until(async () => {
    const p = await paymentOf(agent, reference);
    return p.status === status ? p : undefined;
  }, 15_000);

async function grantsOf(userId: number, source: 'package' | 'card_bonus') {
  return t.ctx.db
    .selectFrom('page_grants')
    .selectAll()
    .where('user_id', '=', userId)
    .where('source', '=', source)
    .execute();
}

/** The ids of the person's payments, whatever their state. */
const paymentsOf = (userId: number) =>
  t.ctx.db.selectFrom('payments').select('id').where('user_id', '=', userId).execute();

async function providerReferenceOf(reference: string): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('payments')
    .select('provider_reference')
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  return row.provider_reference ?? '';
}

let eventCounter = 0;
async function paymentEvent(
  reference: string,
  type: 'payment.completed' | 'payment.failed' = 'payment.completed',
  overrides: { amount_minor?: number; provider_reference?: string } = {},
) {
  eventCounter += 1;
  return JSON.stringify({
    id: `evt_test_${Date.now().toString(36)}_${eventCounter}`,
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      reference,
      provider_reference: overrides.provider_reference ?? (await providerReferenceOf(reference)),
      amount_minor: overrides.amount_minor ?? packageM.price_minor,
      currency: 'PLN',
    },
  });
}

function sendWebhook(body: string, signature: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-sandbox-signature': signature }),
    },
    payload: body,
  });
}
const sign = (body: string, at = new Date()) =>
  signSandboxPayload('test-sandbox-secret-0123456789', body, at);

const countEvents = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('provider_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('packages', () => {
  it('sells the S–XL ladder with 30 % off package M, colour = pages / 3', async () => {
    const list = (
      await new TestAgent(t.app).get('/api/packages?audience=personal')
    ).json<TPackageList>();
    expect(list.packages.map((p) => p.code)).toEqual(['S', 'M', 'L', 'XL']);
    expect(packageM).toMatchObject({
      pages: 90,
      color_pages: 30,
      validity_days: 60,
      regular_price_minor: 2700,
      promo_percent: 30,
      price_minor: 1890,
      currency: 'PLN',
    });
  });
});

describe('buying a package through the sandbox', () => {
  it('card + 3-D Secure: completed once although notified twice, pages with the right expiry, receipt mailed and listed', async () => {
    const { agent, id, email } = await confirmedUser();
    const before = await remainingPages(t.ctx.db, id);
    const key = newKey();
    const first = await agent.post('/api/payments', {
      package_id: packageM.id,
      method: 'card',
      idempotency_key: key,
    });
    expect(first.statusCode).toBe(201);
    const started = first.json<{ reference: string; redirect_url: string }>();
    // Same key: same payment, no second row.
    const again = await agent.post('/api/payments', {
      package_id: packageM.id,
      method: 'card',
      idempotency_key: key,
    });
    expect(again.json()).toEqual(started);
    expect(await paymentsOf(id)).toHaveLength(1);
    expect((await paymentOf(agent, started.reference)).status).toBe('processing');

    // The hosted card form honours the spec's field lengths.
    const form = await new TestAgent(t.app).get(pathOf(started.redirect_url));
    expect(form.statusCode).toBe(200);
    for (const [name, max] of [
      ['number', 19],
      ['exp_month', 2],
      ['exp_year', 4],
      ['cvv', 3],
      ['postal_code', 8],
    ] as const)
      expect(form.body).toMatch(new RegExp(`name="${name}" maxlength="${max}"`));
    expect(form.body).toMatch(/PLN\s18\.90/);

    // A wrong card number is refused on the form, and nothing happens.
    const bad = await new TestAgent(t.app).request(
      'POST',
      pathOf(started.redirect_url),
      'number=4242424242424241&exp_month=12&exp_year=2099&cvv=123&postal_code=00-001',
      { csrf: false, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Enter a valid card number.');

    const returnUrl = await payByCard(started.redirect_url);
    expect(returnUrl).toBe(`http://printomat.test/payments/${started.reference}`);

    const paid = await waitForStatus(agent, started.reference, 'completed');
    const completedAt = new Date(paid.completed_at ?? 0).getTime();
    expect(new Date(paid.pages_expire_at ?? 0).getTime()).toBe(completedAt + 60 * DAY_MS);
    expect(paid.receipt_number).toMatch(/^R-\d{4}-\d{6}$/);
    expect(await remainingPages(t.ctx.db, id)).toBe(before + 90);

    // Both deliveries of the event arrived; one was recorded, one grant exists.
    await until(async () => {
      const jobs = await t.ctx.db
        .selectFrom('jobs')
        .select(['status'])
        .where('name', '=', 'payments.sandbox_webhook')
        .where('status', '!=', 'done')
        .execute();
      return jobs.length === 0 ? true : undefined;
    });
    const grants = await grantsOf(id, 'package');
    expect(grants).toHaveLength(1);
    expect(grants[0]?.pages).toBe(90);
    const events = await t.ctx.db
      .selectFrom('provider_events')
      .selectAll()
      .where('reference', '=', started.reference)
      .execute();
    expect(events).toHaveLength(1);

    const mail = await t.smtp.waitFor(email, (m) => m.subject.includes(paid.receipt_number ?? '?'));
    expect(mail.text).toContain('90 pages were added');
    expect(mail.text).toContain('18.90');

    const history = (await agent.get('/api/payments')).json<{ payments: TPayment[] }>();
    expect(history.payments.map((p) => [p.reference, p.status, p.receipt_number])).toEqual([
      [started.reference, 'completed', paid.receipt_number],
    ]);
  });

  it('the same idempotency key sent 5 times at once makes one payment', async () => {
    const { agent, id } = await confirmedUser();
    const key = newKey();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        agent.post('/api/payments', {
          package_id: packageM.id,
          method: 'card',
          idempotency_key: key,
        }),
      ),
    );
    // Each answer is the one payment, or "already being started" while the first is in flight.
    const references = new Set(
      responses
        .filter((r) => r.statusCode === 201)
        .map((r) => r.json<{ reference: string }>().reference),
    );
    expect(references.size).toBe(1);
    expect(responses.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it('a failure outcome leaves the payment failed and credits nothing', async () => {
    const { agent, id } = await confirmedUser();
    const started = await startPurchase(agent);
    await payByCard(started.redirect_url, { outcome: 'failure' });
    await waitForStatus(agent, started.reference, 'failed');
    expect(await grantsOf(id, 'package')).toHaveLength(0);
  });

  it('BLIK and bank transfer pages: the code and the bank are checked', async () => {
    const { agent, id } = await confirmedUser();
    const blik = await startPurchase(agent, 'blik');
    const browser = new TestAgent(t.app);
    const form = { csrf: false, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    const wrong = await browser.request('POST', pathOf(blik.redirect_url), 'blik_code=12345', form);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('Enter the 6-digit BLIK code.');
    const ok = await browser.request(
      'POST',
      pathOf(blik.redirect_url),
      'blik_code=123456&outcome=processing',
      form,
    );
    expect(ok.statusCode).toBe(303);

    const transfer = await startPurchase(agent, 'transfer');
    const page = await browser.get(pathOf(transfer.redirect_url));
    expect(page.body).toContain('mBank');
    const paid = await browser.request(
      'POST',
      pathOf(transfer.redirect_url),
      'bank=mBank&outcome=success',
      form,
    );
    expect(paid.statusCode).toBe(303);
    await waitForStatus(agent, transfer.reference, 'completed');
    // "Stays processing" stays processing.
    expect((await paymentOf(agent, blik.reference)).status).toBe('processing');
    expect(await grantsOf(id, 'package')).toHaveLength(1);
    // A used page cannot be paid again.
    expect((await browser.get(pathOf(transfer.redirect_url))).statusCode).toBe(410);
  });

  it('another person gets 404 for my payment', async () => {
    const { agent } = await confirmedUser();
    const started = await startPurchase(agent);
    const other = await confirmedUser();
    expect((await other.agent.get(`/api/payments/${started.reference}`)).statusCode).toBe(404);
  });
});

describe('refusals with the spec messages', () => {
  it('an unconfirmed e-mail must be confirmed first (403 email_required), nothing saved', async () => {
    const agent = new TestAgent(t.app);
    const { id } = await registerAndSignIn(agent);
    const response = await agent.post('/api/payments', {
      package_id: packageM.id,
      method: 'card',
      idempotency_key: newKey(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'email_required',
      message: 'Please confirm your e-mail address before paying.',
    });
    const card = await agent.post('/api/cards/setup');
    expect(card.json()).toMatchObject({ code: 'email_required' });
    expect(await paymentsOf(id)).toHaveLength(0);
  });

  it("no method: 'User did not enter a payment method' (in Polish too)", async () => {
    const { agent } = await confirmedUser();
    const response = await agent.post('/api/payments', {
      package_id: packageM.id,
      idempotency_key: newKey(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'no_payment_method',
      message: 'User did not enter a payment method',
    });
    agent.acceptLanguage = 'pl';
    await agent.put('/api/account/locale', { locale: 'pl' });
    const pl = await agent.post('/api/payments', {
      package_id: packageM.id,
      idempotency_key: newKey(),
    });
    expect(pl.json<{ message: string }>().message).toBe('Nie wybrano metody płatności');
  });

  it("provider down: 'Unable to process payments at this time', the payment is kept as failed", async () => {
    const { agent, id } = await confirmedUser();
    await withCardProviderDown(t, async () => {
      const response = await agent.post('/api/payments', {
        package_id: packageM.id,
        method: 'card',
        idempotency_key: newKey(),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'payments_unavailable',
        message: 'Unable to process payments at this time',
      });
    });
    const rows = await t.ctx.db
      .selectFrom('payments')
      .select(['status', 'failure_code'])
      .where('user_id', '=', id)
      .execute();
    expect(rows).toEqual([{ status: 'failed', failure_code: 'provider_unavailable' }]);
  });

  it('an unknown or inactive package is not found', async () => {
    const { agent } = await confirmedUser();
    const response = await agent.post('/api/payments', {
      package_id: 999_999,
      method: 'card',
      idempotency_key: newKey(),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('webhooks: exactly once', () => {
  it('10 replays in a row credit once', async () => {
    const { agent, id } = await confirmedUser();
    const started = await startPurchase(agent);
    const body = await paymentEvent(started.reference);
    const outcomes: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const response = await sendWebhook(body, sign(body));
      expect(response.statusCode).toBe(200);
      outcomes.push(response.json<{ outcome: string }>().outcome);
    }
    expect(outcomes[0]).toBe('completed');
    expect(outcomes.slice(1).every((o) => o === 'duplicate')).toBe(true);
    expect(await grantsOf(id, 'package')).toHaveLength(1);
    expect(await remainingPages(t.ctx.db, id)).toBe(90);
  });

  it('10 concurrent deliveries credit once', async () => {
    const { agent, id } = await confirmedUser();
    const started = await startPurchase(agent);
    const body = await paymentEvent(started.reference);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => sendWebhook(body, sign(body))),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(
      responses.filter((r) => r.json<{ outcome: string }>().outcome === 'completed'),
    ).toHaveLength(1);
    expect(await grantsOf(id, 'package')).toHaveLength(1);
    // A different event saying "completed" again changes nothing either.
    const second = await paymentEvent(started.reference);
    expect((await sendWebhook(second, sign(second))).json()).toMatchObject({
      outcome: 'unchanged',
    });
    expect(await remainingPages(t.ctx.db, id)).toBe(90);
  });

  it('tampered, unsigned and stale notifications are refused and record nothing', async () => {
    const { agent, id } = await confirmedUser();
    const started = await startPurchase(agent);
    const body = await paymentEvent(started.reference);
    const eventsBefore = await countEvents();

    const tampered = body.replace(`"amount_minor":${packageM.price_minor}`, '"amount_minor":1');
    expect(tampered).not.toBe(body);
    const refusals = [
      await sendWebhook(tampered, sign(body)),
      await sendWebhook(body, undefined),
      await sendWebhook(body, 't=123,v1=00'),
      await sendWebhook(body, sign(body).replace(/v1=[0-9a-f]{4}/, 'v1=0000')),
      await sendWebhook(body, sign(body, new Date(Date.now() - 301_000))),
      await sendWebhook(body, signSandboxPayload('someone-elses-secret-value', body, new Date())),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(refusals.map((r) => r.json<{ code: string }>().code)).toEqual([
      'webhook_bad_signature',
      'webhook_unsigned',
      'webhook_bad_signature',
      'webhook_bad_signature',
      'webhook_stale',
      'webhook_bad_signature',
    ]);
    expect(await countEvents()).toBe(eventsBefore);
    expect((await paymentOf(agent, started.reference)).status).toBe('processing');
    expect(await grantsOf(id, 'package')).toHaveLength(0);

    // 299 s old is still inside the window.
    const fresh = await sendWebhook(body, sign(body, new Date(Date.now() - 299_000)));
    expect(fresh.statusCode).toBe(200);
    expect(await grantsOf(id, 'package')).toHaveLength(1);
  });

  it('an amount that differs from ours is not credited and the payment is flagged', async () => {
    const { agent, id } = await confirmedUser();
    const started = await startPurchase(agent);
    const body = await paymentEvent(started.reference, 'payment.completed', { amount_minor: 1 });
    const response = await sendWebhook(body, sign(body));
    expect(response.json()).toMatchObject({ outcome: 'amount_mismatch' });
    expect((await paymentOf(agent, started.reference)).status).toBe('processing');
    expect(await grantsOf(id, 'package')).toHaveLength(0);
    const row = await t.ctx.db
      .selectFrom('payments')
      .select('flag')
      .where('reference', '=', started.reference)
      .executeTakeFirstOrThrow();
    expect(row.flag).toBe('amount_mismatch');
  });

  it('an event pairing our reference with another checkout is refused and the payment flagged', async () => {
    const { agent, id } = await confirmedUser();
    const started = await startPurchase(agent);
    // Someone else's (or a cheaper) sandbox session, correctly signed, naming this payment.
    const other = await confirmedUser();
    const otherStarted = await startPurchase(other.agent);
    const body = await paymentEvent(started.reference, 'payment.completed', {
      provider_reference: await providerReferenceOf(otherStarted.reference),
    });
    const response = await sendWebhook(body, sign(body));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'provider_reference_mismatch' });
    expect((await paymentOf(agent, started.reference)).status).toBe('processing');
    expect(await grantsOf(id, 'package')).toHaveLength(0);
    const row = await t.ctx.db
      .selectFrom('payments')
      .select('flag')
      .where('reference', '=', started.reference)
      .executeTakeFirstOrThrow();
    expect(row.flag).toBe('provider_reference_mismatch');
    const event = await t.ctx.db
      .selectFrom('provider_events')
      .select('outcome')
      .where('reference', '=', started.reference)
      .executeTakeFirstOrThrow();
    expect(event.outcome).toBe('provider_reference_mismatch');

    // A made-up provider reference is refused the same way.
    const madeUp = await paymentEvent(started.reference, 'payment.completed', {
      provider_reference: 'sbx_made_up',
    });
    expect((await sendWebhook(madeUp, sign(madeUp))).json()).toMatchObject({
      outcome: 'provider_reference_mismatch',
    });
    expect(await grantsOf(id, 'package')).toHaveLength(0);
  });

  it('the pages credited are the ones stored with our payment, even if the package changed since', async () => {
    const { agent, id } = await confirmedUser();
    const started = await startPurchase(agent);
    await sql`UPDATE packages SET pages = 9999 WHERE id = ${packageM.id}`.execute(t.ctx.db);
    try {
      const body = await paymentEvent(started.reference);
      await sendWebhook(body, sign(body));
    } finally {
      await sql`UPDATE packages SET pages = 90 WHERE id = ${packageM.id}`.execute(t.ctx.db);
    }
    expect(await remainingPages(t.ctx.db, id)).toBe(90);
  });

  it('a completion reported after a failure is credited once; completed is final', async () => {
    const { agent, id } = await confirmedUser();
    const started = await startPurchase(agent);
    const send = async (type: 'payment.completed' | 'payment.failed') => {
      const body = await paymentEvent(started.reference, type);
      return (await sendWebhook(body, sign(body))).json<{ outcome: string }>().outcome;
    };
    const failureCodeOf = async () =>
      (
        await t.ctx.db
          .selectFrom('payments')
          .select('failure_code')
          .where('reference', '=', started.reference)
          .executeTakeFirstOrThrow()
      ).failure_code;

    expect(await send('payment.failed')).toBe('failed');
    expect(await failureCodeOf()).toBe('failed');
    // A second failure changes nothing.
    expect(await send('payment.failed')).toBe('unchanged');
    // The transfer arrived after all: credited, the failure forgotten.
    expect(await send('payment.completed')).toBe('completed');
    expect((await paymentOf(agent, started.reference)).status).toBe('completed');
    expect(await failureCodeOf()).toBeNull();
    expect(await grantsOf(id, 'package')).toHaveLength(1);
    // A later failure (or completion) cannot undo or repeat it.
    expect(await send('payment.failed')).toBe('unchanged');
    expect(await send('payment.completed')).toBe('unchanged');
    expect((await paymentOf(agent, started.reference)).status).toBe('completed');
    expect(await grantsOf(id, 'package')).toHaveLength(1);
    expect(await remainingPages(t.ctx.db, id)).toBe(90);
  });
});

describe('adding a card', () => {
  async function addCard(agent: TestAgent, number: string) {
    const response = await agent.post('/api/cards/setup');
    expect(response.statusCode).toBe(201);
    const setup = response.json<{ reference: string; redirect_url: string }>();
    const back = await payByCard(setup.redirect_url, { number });
    expect(back).toBe(`http://printomat.test/cards/add?setup=${setup.reference}`);
    return until(async () => {
      const r = (await agent.get(`/api/cards/setups/${setup.reference}`)).json<{
        status: string;
        bonus_pages: number;
        bonus_expires_at: string | null;
        card: { brand: string; last4: string } | null;
      }>();
      return r.status === 'pending' ? undefined : r;
    });
  }

  it('gives exactly 12 pages for 7 days, once per person and once per card', async () => {
    const first = await confirmedUser();
    const added = await addCard(first.agent, '4000 0566 5566 5556');
    expect(added).toMatchObject({
      status: 'added',
      bonus_pages: 12,
      card: { brand: 'visa', last4: '5556' },
    });
    const bonus = await grantsOf(first.id, 'card_bonus');
    expect(bonus).toHaveLength(1);
    expect(bonus[0]?.pages).toBe(12);
    const validFor = (bonus[0]?.expires_at?.getTime() ?? 0) - (bonus[0]?.created_at.getTime() ?? 0);
    expect(Math.abs(validFor - 7 * DAY_MS)).toBeLessThan(60_000);
    expect(await remainingPages(t.ctx.db, first.id)).toBe(12);

    // The same person with another card: card saved, no second bonus.
    const secondCard = await addCard(first.agent, '5555 5555 5555 4444');
    expect(secondCard).toMatchObject({ status: 'added', bonus_pages: 0, card: { last4: '4444' } });
    expect(await remainingPages(t.ctx.db, first.id)).toBe(12);

    // Someone else with the first card: no bonus either (once per card).
    const other = await confirmedUser();
    expect(await addCard(other.agent, '4000 0566 5566 5556')).toMatchObject({ bonus_pages: 0 });
    expect(await remainingPages(t.ctx.db, other.id)).toBe(0);
  });

  it('two card confirmations at once for one person grant one bonus', async () => {
    const { agent, id } = await confirmedUser();
    const setups = await Promise.all(
      [1, 2].map(async () => (await agent.post('/api/cards/setup')).json<{ reference: string }>()),
    );
    const bodies = await Promise.all(
      setups.map(async (s, i) => {
        const row = await t.ctx.db
          .selectFrom('card_setups')
          .select('provider_reference')
          .where('reference', '=', s.reference)
          .executeTakeFirstOrThrow();
        return JSON.stringify({
          id: `evt_card_${s.reference}`,
          type: 'card.added',
          created: Math.floor(Date.now() / 1000),
          data: {
            reference: s.reference,
            provider_reference: row.provider_reference,
            fingerprint: `fp-concurrent-${id}-${i}`,
            brand: 'visa',
            last4: `000${i}`,
          },
        });
      }),
    );
    const responses = await Promise.all(bodies.map((b) => sendWebhook(b, sign(b))));
    expect(responses.map((r) => r.json<{ outcome: string }>().outcome).sort()).toEqual([
      'card_added',
      'card_added_no_bonus',
    ]);
    expect(await grantsOf(id, 'card_bonus')).toHaveLength(1);
  });
});

describe('ledger check', () => {
  it('notices pages taken from a grant without a reservation, and a purchase without its grant', async () => {
    const { agent, id } = await confirmedUser();
    const started = await startPurchase(agent);
    const body = await paymentEvent(started.reference);
    await sendWebhook(body, sign(body));
    const [grant] = await grantsOf(id, 'package');
    if (!grant) throw new Error('no grant');
    await sql`UPDATE page_grants SET remaining = remaining - 1 WHERE id = ${grant.id}`.execute(
      t.ctx.db,
    );
    await sql`UPDATE payments SET pages = 91 WHERE reference = ${started.reference}`.execute(
      t.ctx.db,
    );
    try {
      const problems = await checkLedger(t.ctx.db);
      expect(problems.map((p) => [p.userId, p.problem])).toEqual([
        [id, 'grant_missing_not_held'],
        [id, 'purchase_grant_mismatch'],
      ]);
    } finally {
      await sql`UPDATE page_grants SET remaining = remaining + 1 WHERE id = ${grant.id}`.execute(
        t.ctx.db,
      );
      await sql`UPDATE payments SET pages = 90 WHERE reference = ${started.reference}`.execute(
        t.ctx.db,
      );
    }
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });
});

describe('receipts and money records', () => {
  it('mails the receipt in the payer’s language', async () => {
    const { agent, email } = await confirmedUser('pl');
    const started = await startPurchase(agent);
    const body = await paymentEvent(started.reference);
    await sendWebhook(body, sign(body));
    const mail = await t.smtp.waitFor(email, (m) => m.subject.startsWith('Potwierdzenie zakupu'));
    expect(mail.text).toContain('dodaliśmy 90 stron do Twojego konta');
    expect(mail.text).toMatch(/Zapłacona kwota: 18,90\szł/);
  });

  it('keeps a payment when its payer is deleted (payer e-mail copied), and credits nobody', async () => {
    const { agent, id, email } = await confirmedUser();
    const started = await startPurchase(agent);
    await t.ctx.db.deleteFrom('users').where('id', '=', id).execute();
    const body = await paymentEvent(started.reference);
    expect((await sendWebhook(body, sign(body))).json()).toMatchObject({ outcome: 'completed' });
    const row = await t.ctx.db
      .selectFrom('payments')
      .select(['user_id', 'payer_email', 'status', 'flag', 'amount_minor'])
      .where('reference', '=', started.reference)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      user_id: null,
      payer_email: email,
      status: 'completed',
      flag: 'payer_deleted',
      amount_minor: 1890,
    });
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPackageList, TPaymentList } from '@printomat/shared';
import { remainingPages } from '../src/modules/pages/pages-ledger.service';
import { abandonStaleCheckouts } from '../src/modules/payments/checkout-abandon.service';
import {
  confirmedUser,
  createListeningShop,
  notifySandboxPayment,
  paymentOf,
  personalPackageM,
} from './helpers/payments';
import type { TestAgent, TTestApp } from './helpers/test-app';
import { useTwoInstances } from './helpers/two-instances';

// Issue 17 point 7: checkouts nobody finished stayed "in progress" for good. They now fail as
// abandoned after PAYMENT_CHECKOUT_ABANDON_HOURS, and a payment that arrives later is still
// credited, exactly once.

const WEBHOOK = '/api/payments/webhooks/sandbox';
const SECRET = 'test-sandbox-secret-0123456789';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let keyCounter = 0;
async function startPurchase(t: TTestApp, agent: TestAgent, packageId: number) {
  keyCounter += 1;
  const response = await agent.post('/api/payments', {
    package_id: packageId,
    method: 'card',
    idempotency_key: `abandon-${Date.now().toString(36)}-${keyCounter}`,
  });
  expect(response.statusCode, response.body).toBe(201);
  const { reference } = response.json<{ reference: string }>();
  const row = await t.ctx.db
    .selectFrom('payments')
    .select(['id', 'provider_reference', 'amount_minor'])
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  return { reference, ...row };
}

describe('abandoned checkouts', () => {
  let t: TTestApp;
  let packageM: TPackageList['packages'][number];

  beforeAll(async () => {
    // A checkout still in progress 2.16 s after it began is abandoned here.
    ({ t, packageM } = await createListeningShop((origin) => ({
      PAYMENT_SANDBOX_WEBHOOK_URL: `${origin}${WEBHOOK}`,
      PAYMENT_WEBHOOK_SECRET: SECRET,
      PAYMENT_CHECKOUT_ABANDON_HOURS: '0.0006',
    })));
  }, 60_000);
  afterAll(() => t?.close());

  let eventCounter = 0;
  async function lateCompletion(purchase: {
    reference: string;
    provider_reference: string | null;
    amount_minor: number;
  }) {
    eventCounter += 1;
    const response = await notifySandboxPayment(
      t,
      {
        reference: purchase.reference,
        provider_reference: purchase.provider_reference,
        amount_minor: purchase.amount_minor,
      },
      'payment.completed',
      `evt_abandon_${Date.now().toString(36)}_${eventCounter}`,
    );
    return response.json<{ outcome: string }>().outcome;
  }

  const packageGrants = (userId: number) =>
    t.ctx.db
      .selectFrom('page_grants')
      .select('pages')
      .where('user_id', '=', userId)
      .where('source', '=', 'package')
      .execute();

  it('fails a checkout left unfinished as abandoned, and a late payment is still credited once', async () => {
    const { agent, id } = await confirmedUser(t, { locale: 'pl' });
    const purchase = await startPurchase(t, agent, packageM.id);
    expect((await paymentOf(agent, purchase.reference)).status).toBe('processing');

    // Not old enough yet: left in progress.
    expect(await abandonStaleCheckouts(t.ctx)).toBe(0);
    expect((await paymentOf(agent, purchase.reference)).status).toBe('processing');

    await sleep(2_300);
    expect(await abandonStaleCheckouts(t.ctx)).toBe(1);
    expect(await paymentOf(agent, purchase.reference)).toMatchObject({
      status: 'failed',
      is_abandoned: true,
      completed_at: null,
    });
    // The account page's purchases list shows it abandoned.
    const list = (await agent.get('/api/payments')).json<TPaymentList>();
    expect(list.payments.find((p) => p.reference === purchase.reference)).toMatchObject({
      status: 'failed',
      is_abandoned: true,
    });
    expect(await packageGrants(id)).toEqual([]);
    // A second run changes nothing.
    expect(await abandonStaleCheckouts(t.ctx)).toBe(0);

    // The money arrives after all: the pages are credited, once, however often it is told.
    expect(await lateCompletion(purchase)).toBe('completed');
    expect(await lateCompletion(purchase)).toBe('unchanged');
    expect(await paymentOf(agent, purchase.reference)).toMatchObject({
      status: 'completed',
      is_abandoned: false,
    });
    expect(await packageGrants(id)).toEqual([{ pages: packageM.pages }]);
    expect(await remainingPages(t.ctx.db, id)).toBe(packageM.pages);
    // A completed purchase is never abandoned.
    expect(await abandonStaleCheckouts(t.ctx)).toBe(0);
    expect((await paymentOf(agent, purchase.reference)).status).toBe('completed');
  });

  it('leaves a completed purchase as it is', async () => {
    const { agent } = await confirmedUser(t);
    const purchase = await startPurchase(t, agent, packageM.id);
    expect(await lateCompletion(purchase)).toBe('completed');
    await sleep(2_300);
    await abandonStaleCheckouts(t.ctx);
    expect(await paymentOf(agent, purchase.reference)).toMatchObject({
      status: 'completed',
      is_abandoned: false,
    });
  });
});

describe('abandoned checkouts on two instances', () => {
  const instances = useTwoInstances();

  it('each checkout is abandoned once when both instances look at the same moment', async () => {
    const { a, b } = instances;
    const packageM = await personalPackageM(a);
    const purchases = [];
    for (let i = 0; i < 3; i += 1) {
      const { agent } = await confirmedUser(a);
      purchases.push({ agent, ...(await startPurchase(a, agent, packageM.id)) });
    }
    // Begun 25 hours ago (default: abandoned after 24 hours).
    for (const purchase of purchases)
      await sql`UPDATE payments SET created_at = ${new Date(Date.now() - 25 * 3_600_000)}
                WHERE id = ${purchase.id}`.execute(a.ctx.db);
    const [na, nb] = await Promise.all([
      abandonStaleCheckouts(a.ctx),
      abandonStaleCheckouts(b.ctx),
    ]);
    expect(na + nb).toBe(3);
    for (const purchase of purchases)
      expect(await paymentOf(purchase.agent, purchase.reference)).toMatchObject({
        status: 'failed',
        is_abandoned: true,
      });
  });
});

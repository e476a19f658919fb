import net from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TPackageList, TPayment } from '@printomat/shared';
import {
  ProviderUnavailable,
  WebhookRejected,
  type TPaymentProvider,
} from '../../src/modules/payments/payment-provider';
import {
  createProviderRegistry,
  paymentProviders,
  usePaymentProviders,
} from '../../src/modules/payments/provider-registry';
import { signSandboxPayload } from '../../src/modules/payments/providers/sandbox-signature';
import { seedPackages } from '../../src/seed/packages-seed';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './test-app';

/** A loopback port nobody listens on (yet), for an app that must be reached over real HTTP. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * A signed-in person with a confirmed e-mail (and, if given, that profile language), browsing
 * from `origin` when given.
 */
export async function confirmedUser(
  t: TTestApp,
  options: { locale?: 'en' | 'pl'; origin?: string } = {},
) {
  const agent = new TestAgent(t.app);
  if (options.origin !== undefined) agent.origin = options.origin;
  const user = await registerAndSignIn(agent);
  await t.ctx.db
    .updateTable('users')
    .set({
      email_confirmed_at: new Date(),
      ...(options.locale === undefined ? {} : { locale: options.locale }),
    })
    .where('id', '=', user.id)
    .execute();
  return { agent, ...user };
}

/** The shop's personal package M (needs `seedPackages`). */
export async function personalPackageM(t: TTestApp): Promise<TPackageList['packages'][number]> {
  const list = (await new TestAgent(t.app).get('/api/packages')).json<TPackageList>();
  const m = list.packages.find((p) => p.code === 'M' && p.audience === 'personal');
  if (!m) throw new Error('package M missing');
  return m;
}

/**
 * `agent` buys package M by card, and the sandbox provider's webhook completes the payment:
 * answers the package (its pages are the agent's now).
 */
export async function buyPackageMByCard(
  t: TTestApp,
  agent: TestAgent,
): Promise<TPackageList['packages'][number]> {
  const m = await personalPackageM(t);
  const started = await agent.post('/api/payments', {
    package_id: m.id,
    method: 'card',
    idempotency_key: `package-m-${Date.now()}-${(sandboxEvents += 1)}`,
  });
  expect(started.statusCode).toBe(201);
  const payment = await t.ctx.db
    .selectFrom('payments')
    .select(['reference', 'provider_reference', 'amount_minor'])
    .where('reference', '=', started.json<{ reference: string }>().reference)
    .executeTakeFirstOrThrow();
  const webhook = await notifySandboxPayment(t, payment, 'payment.completed');
  expect(webhook.statusCode).toBeLessThan(300);
  return m;
}

/**
 * The real app listening on a free loopback port, for providers that call it over real HTTP
 * (`env` gets its origin), with the packages seeded; answers the app, its origin and package M.
 */
export async function createListeningShop(env: (origin: string) => Record<string, string>) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await createTestApp(env(origin));
  await t.app.listen({ port, host: '127.0.0.1' });
  await seedPackages(t.ctx.db);
  return { t, origin, packageM: await personalPackageM(t) };
}

/** The payment as its owner sees it. */
export async function paymentOf(agent: TestAgent, reference: string): Promise<TPayment> {
  const response = await agent.get(`/api/payments/${reference}`);
  expect(response.statusCode).toBe(200);
  return response.json<TPayment>();
}

/** The reason of the WebhookRejected that `run` throws. */
export function rejectedReason(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookRejected) return error.reason;
    throw error;
  }
  throw new Error('expected WebhookRejected');
}

/**
 * Runs `work` while the card provider cannot be reached (every checkout refused as a network
 * failure would be), then puts the real providers back.
 */
export async function withCardProviderDown<T>(t: TTestApp, work: () => Promise<T>): Promise<T> {
  const real = paymentProviders(t.ctx);
  const down: TPaymentProvider = {
    ...real.forMethod('card'),
    createCheckout: () => Promise.reject(new ProviderUnavailable('connect ECONNREFUSED')),
  };
  usePaymentProviders(
    t.ctx,
    createProviderRegistry({ config: t.ctx.config, db: t.ctx.db }, { sandbox: () => down }),
  );
  try {
    return await work();
  } finally {
    usePaymentProviders(t.ctx, real);
  }
}

let sandboxEvents = 0;

/**
 * The sandbox provider's signed notification that a payment completed or failed, delivered to the
 * webhook as the provider does (a fresh event id each time unless given).
 */
export function notifySandboxPayment(
  t: TTestApp,
  payment: { reference: string; provider_reference: string | null; amount_minor: number },
  type: 'payment.completed' | 'payment.failed',
  eventId = `evt_test_${Date.now().toString(36)}_${(sandboxEvents += 1)}`,
): Promise<LightMyRequestResponse> {
  const body = JSON.stringify({
    id: eventId,
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      reference: payment.reference,
      provider_reference: payment.provider_reference,
      amount_minor: payment.amount_minor,
      currency: 'PLN',
    },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/sandbox',
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature': signSandboxPayload(
        t.ctx.config.payments.webhookSecret,
        body,
        new Date(),
      ),
    },
    payload: body,
  });
}

import type http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scheduleExpressDeadlines } from '../src/modules/express/express-jobs';
import { expireExpressOrder } from '../src/modules/express/express-printing.service';
import { processRefund, refundAmountOf } from '../src/modules/express/express-refunds.service';
import { ProviderUnavailable, type TRefundRequest } from '../src/modules/payments/payment-provider';
import {
  createProviderRegistry,
  usePaymentProviders,
} from '../src/modules/payments/provider-registry';
import { createSandboxProvider } from '../src/modules/payments/providers/sandbox';
import { createStripeProvider } from '../src/modules/payments/providers/stripe';
import { seedDemoData } from '../src/seed/seed';
import {
  orderRow,
  paidExpressOrder,
  printerIdByCode,
  refundRow,
  sandboxRefunds,
} from './helpers/express-paid';
import { LocalHttpServer, onBody } from './helpers/local-server';
import { createTestApp, TestAgent, type TTestApp } from './helpers/test-app';

// Money going back for express orders (issue 13): the providers' refunds (Stripe behind its real
// adapter against a local stand-in of its API, the sandbox for real), and the refund of an order
// not printed in time, through the queue, once, with the notice in the order's language.

interface TSeen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}

/** The few Stripe API endpoints a refund touches, answering like Stripe does. */
class FakeStripeRefunds extends LocalHttpServer {
  readonly seen: TSeen[] = [];
  refundStatus = 'succeeded';
  failWith: number | null = null;
  /** Stripe refusing the refund itself (invalid request, 4xx) with this error code. */
  refuseRefundWith: string | null = null;

  protected handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    onBody(req, (body) => {
      const url = new URL(req.url ?? '/', this.origin);
      const form = new URLSearchParams(req.method === 'GET' ? url.search : body.toString());
      this.seen.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_1' });
        res.end(JSON.stringify(json));
      };
      if (this.failWith)
        return send(this.failWith, { error: { type: 'api_error', message: 'Stripe is down' } });
      const session = /^\/v1\/checkout\/sessions\/(cs_\w+)$/.exec(url.pathname);
      if (req.method === 'GET' && session)
        return send(200, {
          id: session[1],
          object: 'checkout.session',
          payment_intent: session[1] === 'cs_unpaid' ? null : 'pi_paid_1',
        });
      if (req.method === 'POST' && url.pathname === '/v1/refunds' && this.refuseRefundWith)
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: this.refuseRefundWith,
            message: 'Charge has already been refunded.',
          },
        });
      if (req.method === 'POST' && url.pathname === '/v1/refunds')
        return send(200, {
          id: 're_stripe_1',
          object: 'refund',
          amount: Number(form.get('amount')),
          status: this.refundStatus,
          failure_reason: this.refundStatus === 'failed' ? 'expired_or_canceled_card' : null,
        });
      const refund = /^\/v1\/refunds\/(re_\w+)$/.exec(url.pathname);
      if (req.method === 'GET' && refund)
        return send(200, { id: refund[1], object: 'refund', status: 'succeeded' });
      return send(404, { error: { type: 'invalid_request_error', message: 'no route' } });
    });
  }
}

const stripeApi = new FakeStripeRefunds();
let t: TTestApp;
let printerId: number;

beforeAll(async () => {
  await stripeApi.start();
  t = await createTestApp();
  await seedDemoData(t.ctx.db);
  printerId = await printerIdByCode(t);
});
afterAll(async () => {
  await stripeApi.stop();
  await t?.close();
});
beforeEach(() => {
  stripeApi.seen.length = 0;
  stripeApi.refundStatus = 'succeeded';
  stripeApi.failWith = null;
  stripeApi.refuseRefundWith = null;
  usePaymentProviders(t.ctx, createProviderRegistry({ config: t.ctx.config, db: t.ctx.db }));
});

const stripe = () =>
  createStripeProvider({
    secretKey: 'sk_test_printomat',
    webhookSecret: 'whsec_test',
    publicUrl: 'http://printomat.test',
    apiBase: stripeApi.origin,
    maxNetworkRetries: 0,
  });

const refundRequest = (overrides: Partial<TRefundRequest> = {}): TRefundRequest => ({
  reference: 're_our_1',
  paymentReference: 'pay_1',
  paymentProviderReference: 'cs_paid',
  amountMinor: 150,
  currency: 'PLN',
  ...overrides,
});

describe('Stripe refunds', () => {
  it('refunds the PaymentIntent behind our Checkout Session, keyed by our refund reference', async () => {
    const result = await stripe().refund(refundRequest());
    expect(result).toEqual({ providerReference: 're_stripe_1', status: 'succeeded' });
    expect(stripeApi.seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/checkout/sessions/cs_paid',
      'POST /v1/refunds',
    ]);
    const refund = stripeApi.seen[1]!;
    expect(refund.headers['idempotency-key']).toBe('re_our_1');
    expect(Object.fromEntries(refund.form)).toMatchObject({
      payment_intent: 'pi_paid_1',
      amount: '150',
      'metadata[reference]': 're_our_1',
      'metadata[payment]': 'pay_1',
    });
  });

  it('tells a refund on its way, a refused one and a session never paid apart', async () => {
    stripeApi.refundStatus = 'pending';
    expect(await stripe().refund(refundRequest())).toEqual({
      providerReference: 're_stripe_1',
      status: 'pending',
    });
    expect(await stripe().refundStatus!('re_stripe_1')).toEqual({
      providerReference: 're_stripe_1',
      status: 'succeeded',
    });
    stripeApi.refundStatus = 'failed';
    expect(await stripe().refund(refundRequest())).toEqual({
      providerReference: 're_stripe_1',
      status: 'failed',
      failureCode: 'expired_or_canceled_card',
    });
    stripeApi.seen.length = 0;
    expect(await stripe().refund(refundRequest({ paymentProviderReference: 'cs_unpaid' }))).toEqual(
      { providerReference: null, status: 'failed', failureCode: 'no_payment' },
    );
    // Nothing to refund: no refund was asked for.
    expect(stripeApi.seen.map((r) => r.path)).toEqual(['/v1/checkout/sessions/cs_unpaid']);
  });

  it('reports Stripe being down as unavailable (the caller retries later)', async () => {
    stripeApi.failWith = 500;
    await expect(stripe().refund(refundRequest())).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('a refund Stripe refuses as an invalid request (4xx) fails with its code, not retried', async () => {
    stripeApi.refuseRefundWith = 'charge_already_refunded';
    expect(await stripe().refund(refundRequest())).toEqual({
      providerReference: null,
      status: 'failed',
      failureCode: 'charge_already_refunded',
    });
    // An unknown session is refused the same way (Stripe's 404 resource_missing has no code here).
    stripeApi.refuseRefundWith = null;
    expect(await stripe().refund(refundRequest({ paymentProviderReference: 'nope' }))).toEqual({
      providerReference: null,
      status: 'failed',
      failureCode: 'invalid_request',
    });
    // A bad key or a rate limit is not the refund's fault: still unavailable.
    stripeApi.failWith = 401;
    await expect(stripe().refund(refundRequest())).rejects.toBeInstanceOf(ProviderUnavailable);
    stripeApi.failWith = 429;
    await expect(stripe().refund(refundRequest())).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});

describe('the amount given back for a job that stopped', () => {
  const order = {
    price_minor: 200,
    currency: 'PLN',
    discount_percent: 50,
    mono_price_minor: 100,
    color_price_minor: 300,
  };
  it('comes from the prices frozen on the order, without the printer', () => {
    // 1 mono + 1 colour page paid at 50 %: 200; one mono page printed (50 at 50 %) is kept.
    expect(refundAmountOf(t.ctx, order, undefined, { mono: 1, colour: 0 })).toBe(150);
    expect(
      refundAmountOf(
        t.ctx,
        order,
        { express_mono_price_minor: 1, express_color_price_minor: 1 },
        { mono: 1, colour: 0 },
      ),
    ).toBe(150);
  });
  it('refuses (never skips) an order without frozen prices whose printer is gone', () => {
    const older = { ...order, mono_price_minor: null, color_price_minor: null };
    expect(() => refundAmountOf(t.ctx, older, undefined, { mono: 1, colour: 0 })).toThrow();
  });
});

describe('sandbox refunds', () => {
  it('pays back a finished sandbox payment once per reference, never more than it collected', async () => {
    const order = await paidExpressOrder(t, { printerId, priceMinor: 300 });
    const payment = await t.ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('express_order_id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    const sandbox = createSandboxProvider({ config: t.ctx.config, db: t.ctx.db });
    const request = refundRequest({
      reference: 're_sbx_1',
      paymentReference: payment.reference,
      paymentProviderReference: payment.provider_reference!,
      amountMinor: 200,
    });
    const first = await sandbox.refund(request);
    expect(first).toMatchObject({ status: 'succeeded' });
    expect(first.providerReference).toMatch(/^sbx_re_/);
    // Asked again (a lost answer, a retry): the same refund, nothing paid twice.
    expect(await sandbox.refund(request)).toEqual(first);
    // Another refund may take the rest, not more.
    expect(await sandbox.refund({ ...request, reference: 're_sbx_2', amountMinor: 101 })).toEqual({
      providerReference: null,
      status: 'failed',
      failureCode: 'amount_too_large',
    });
    expect(
      await sandbox.refund({ ...request, reference: 're_sbx_3', amountMinor: 100 }),
    ).toMatchObject({ status: 'succeeded' });
    expect(
      await sandbox.refund({ ...request, reference: 're_sbx_4', paymentReference: 'pay_other' }),
    ).toEqual({ providerReference: null, status: 'failed', failureCode: 'payment_not_found' });
    const rows = (await sandboxRefunds(t)).filter(
      (r) => r.session_provider_reference === payment.provider_reference,
    );
    expect(rows.map((r) => [r.reference, r.amount_minor])).toEqual([
      ['re_sbx_1', 200],
      ['re_sbx_3', 100],
    ]);
  });
});

/** The print deadline of the order passed: its queued deadline job is due now. */
async function deadlinePassed(orderId: number) {
  const printBy = new Date(Date.now() - 60_000);
  await t.ctx.db
    .updateTable('express_orders')
    .set({ print_by: printBy })
    .where('id', '=', orderId)
    .execute();
  await scheduleExpressDeadlines(t.ctx.db, { id: orderId, print_by: printBy });
  t.ctx.worker.kick();
  await t.ctx.worker.drain();
}

async function waitForRefund(orderId: number, status: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const refund = await refundRow(t, orderId);
    if (refund?.status === status) return refund;
    if (Date.now() > deadline) throw new Error(`refund still ${refund?.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('an order paid but not printed in time', () => {
  it('is refunded in full through the provider, once, and the guest is told in their language', async () => {
    const email = 'anna.refund@example.com';
    const order = await paidExpressOrder(t, {
      printerId,
      priceMinor: 250,
      locale: 'pl',
      email,
    });
    await deadlinePassed(order.orderId);

    const ended = await orderRow(t, order.orderId);
    expect(ended.status).toBe('refunded');
    expect(ended.ended_at).not.toBeNull();
    const refund = await waitForRefund(order.orderId, 'succeeded');
    expect(refund).toMatchObject({
      amount_minor: 250,
      currency: 'PLN',
      reason: 'not_printed_in_time',
      provider: 'sandbox',
      attempts: 1,
      failure_code: null,
    });
    expect(refund.provider_reference).toMatch(/^sbx_re_/);
    const paidBack = (await sandboxRefunds(t)).filter((r) => r.reference === refund.reference);
    expect(paidBack.map((r) => r.amount_minor)).toEqual([250]);

    const mail = await t.smtp.waitFor(email, (m) => m.subject.startsWith('Printomat: zwracamy'));
    expect(mail.subject).toMatch(/^Printomat: zwracamy Ci 2,50\s?zł$/u);
    expect(mail.text).toContain('nie zostało wydrukowane na czas');
    expect(mail.text).toContain(refund.reference);
    expect(mail.text).toContain(`http://printomat.test/express/orders/${order.token}`);

    // Everything again (a late duplicate job, a retried refund job): nothing changes.
    await expireExpressOrder(t.ctx, order.orderId);
    await processRefund(t.ctx, refund.id, { attempt: 2 });
    await t.ctx.worker.drain();
    expect(await refundRow(t, order.orderId)).toEqual(refund);
    expect((await sandboxRefunds(t)).filter((r) => r.reference === refund.reference)).toHaveLength(
      1,
    );
    // It can no longer be printed.
    const res = await new TestAgent(t.app).post(`/ajax/express/orders/${order.token}/print`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Only an order that was not sent to the printer yet can be printed.',
    );
    // Its documents go after the retention (8 hours by default).
    const deletion = await t.ctx.db
      .selectFrom('jobs')
      .select(['run_at'])
      .where('unique_key', '=', `express-documents:${order.orderId}:${ended.ended_at!.getTime()}`)
      .executeTakeFirstOrThrow();
    expect(deletion.run_at.getTime()).toBe(ended.ended_at!.getTime() + 8 * 3_600_000);
  });

  it('waits for a provider that is down: the queue retries until the refund is paid', async () => {
    let calls = 0;
    usePaymentProviders(
      t.ctx,
      createProviderRegistry(
        { config: t.ctx.config, db: t.ctx.db },
        {
          sandbox: (deps) => {
            const real = createSandboxProvider(deps);
            return {
              ...real,
              refund: (request) => {
                calls += 1;
                if (calls === 1) throw new ProviderUnavailable('sandbox down');
                return real.refund(request);
              },
            };
          },
        },
      ),
    );
    const order = await paidExpressOrder(t, { printerId, priceMinor: 100, email: null });
    await deadlinePassed(order.orderId);
    // The first call failed: still pending, one attempt counted.
    const deadline = Date.now() + 10_000;
    while ((await refundRow(t, order.orderId))?.attempts !== 1 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(await refundRow(t, order.orderId)).toMatchObject({ status: 'pending', attempts: 1 });
    // The queue tries again after its backoff (2 s).
    const refund = await waitForRefund(order.orderId, 'succeeded');
    expect(refund.attempts).toBe(2);
    expect(calls).toBe(2);
    expect((await sandboxRefunds(t)).filter((r) => r.reference === refund.reference)).toHaveLength(
      1,
    );
  });

  it('keeps the refund pending after the last attempt and asks the provider again later', async () => {
    usePaymentProviders(
      t.ctx,
      createProviderRegistry(
        { config: t.ctx.config, db: t.ctx.db },
        {
          sandbox: (deps) => ({
            ...createSandboxProvider(deps),
            refund: () => Promise.reject(new ProviderUnavailable('sandbox down')),
          }),
        },
      ),
    );
    const order = await paidExpressOrder(t, { printerId, priceMinor: 100, email: null });
    await deadlinePassed(order.orderId);
    const pending = await refundRow(t, order.orderId);
    expect(pending?.status).toBe('pending');
    await processRefund(t.ctx, pending!.id, { attempt: 8 });
    // The first call may have reached the provider: not failed, asked again with the same
    // reference (idempotent) at least 5 minutes on.
    expect(await refundRow(t, order.orderId)).toMatchObject({
      status: 'pending',
      failure_code: null,
      reference: pending!.reference,
    });
    const rechecks = await t.ctx.db
      .selectFrom('jobs')
      .select(['run_at', 'payload'])
      .where('unique_key', 'like', `express-refund:${pending!.id}:check:%`)
      .execute();
    expect(rechecks).toHaveLength(1);
    expect(rechecks[0]!.payload).toEqual({ refundId: pending!.id });
    expect(rechecks[0]!.run_at.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
  });

  it('a free order (100 % code) just ends: there is nothing to pay back', async () => {
    const order = await paidExpressOrder(t, { printerId, priceMinor: 0, discountPercent: 100 });
    await deadlinePassed(order.orderId);
    expect((await orderRow(t, order.orderId)).status).toBe('refunded');
    expect(await refundRow(t, order.orderId)).toBeUndefined();
  });

  it('an order printed before its deadline is left alone', async () => {
    const order = await paidExpressOrder(t, { printerId, priceMinor: 100 });
    await t.ctx.db
      .updateTable('express_orders')
      .set({ status: 'printed', printed_at: new Date() })
      .where('id', '=', order.orderId)
      .execute();
    await deadlinePassed(order.orderId);
    expect((await orderRow(t, order.orderId)).status).toBe('printed');
    expect(await refundRow(t, order.orderId)).toBeUndefined();
  });
});

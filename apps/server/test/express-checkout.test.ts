import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatMoney,
  type TErrorResponse,
  type TExpressCheckoutResult,
  type TExpressOrderView,
} from '@printomat/shared';
import { signSandboxPayload } from '../src/modules/payments/providers/sandbox-signature';
import { seedDemoData } from '../src/seed/seed';
import {
  addDiscountCode,
  addReadyDocument,
  newKey,
  openOrder,
  orderPath,
  seededPrinterId,
  uniqueCode,
  usesOf,
} from './helpers/express-guest';
import { until } from './helpers/http-session';
import { freePort, withCardProviderDown } from './helpers/payments';
import { createTestApp, TestAgent, uniqueEmail, type TTestApp } from './helpers/test-app';

const WEBHOOK = '/api/payments/webhooks/sandbox';
const SECRET = 'test-sandbox-secret-0123456789';

let t: TTestApp;
let printerId: number;

beforeAll(async () => {
  // The sandbox delivers its webhooks over real HTTP, like a foreign provider: listen for them.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    PAYMENT_SANDBOX_WEBHOOK_URL: `${origin}${WEBHOOK}`,
    PAYMENT_WEBHOOK_SECRET: SECRET,
    RATE_LIMIT_EXPRESS_ORDER_PER_IP: '500/1h',
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  await seedDemoData(t.ctx.db);
  printerId = await seededPrinterId(t);
}, 60_000);
afterAll(() => t?.close());

const pathOf = (url: string) => new URL(url).pathname;

/** Pays on the sandbox's hosted page the way a person does: card form, then 3-D Secure. */
async function payByCard(redirectUrl: string, outcome = 'success'): Promise<string> {
  const page = pathOf(redirectUrl);
  const browser = new TestAgent(t.app);
  browser.origin = undefined;
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const submitted = await browser.request(
    'POST',
    page,
    new URLSearchParams({
      number: '4242 4242 4242 4242',
      exp_month: '12',
      exp_year: String(new Date().getUTCFullYear() + 2),
      cvv: '123',
      postal_code: '00-001',
      outcome,
    }).toString(),
    { csrf: false, headers: form },
  );
  expect(submitted.statusCode).toBe(303);
  const challenge = await browser.get(`${page}/3ds`);
  const code = /data-testid="sandbox-3ds-code">(\d{6})</.exec(challenge.body)?.[1] ?? '';
  const done = await browser.request(
    'POST',
    `${page}/3ds`,
    new URLSearchParams({ code, action: 'confirm' }).toString(),
    { csrf: false, headers: form },
  );
  expect(done.statusCode).toBe(303);
  return String(done.headers.location);
}

const getOrder = async (agent: TestAgent, token: string) => {
  const res = await agent.get(orderPath(token));
  expect(res.statusCode).toBe(200);
  return res.json<TExpressOrderView>();
};
const waitForOrder = (agent: TestAgent, token: string, status: TExpressOrderView['status']) =>
  until(async () => {
    const order = await getOrder(agent, token);
    return order.status === status ? order : undefined;
  }, 15_000);

function checkout(agent: TestAgent, token: string, body: Record<string, unknown>) {
  return agent.post(`${orderPath(token)}/checkout`, { idempotency_key: newKey(), ...body });
}

const paymentsOfOrder = (token: string) =>
  t.ctx.db
    .selectFrom('payments')
    .innerJoin('express_orders', 'express_orders.id', 'payments.express_order_id')
    .select([
      'payments.reference',
      'payments.status',
      'payments.package_id',
      'payments.amount_minor',
      'payments.provider_reference',
    ])
    .where('express_orders.token', '=', token)
    .execute();

let eventCounter = 0;
function completedEvent(payment: {
  reference: string;
  provider_reference: string | null;
  amount_minor: number;
}): string {
  eventCounter += 1;
  return JSON.stringify({
    id: `evt_express_${Date.now().toString(36)}_${eventCounter}`,
    type: 'payment.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      reference: payment.reference,
      provider_reference: payment.provider_reference,
      amount_minor: payment.amount_minor,
      currency: 'PLN',
    },
  });
}
const sendWebhook = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature': signSandboxPayload(SECRET, body, new Date()),
    },
    payload: body,
  });

describe('paying for an express order', () => {
  it('card + 3-D Secure with a 50 % code: paid once although notified again, the code used once, receipt with the discounted amount', async () => {
    const code = uniqueCode('HALF');
    const codeId = await addDiscountCode(t, { code, percent: 50, number_of_uses: 5 });
    const { agent, order } = await openOrder(t, printerId, { locale: 'en' });
    await addReadyDocument(t, order.token, 2);
    await addReadyDocument(t, order.token, 1);
    const email = uniqueEmail('express');
    const key = newKey();
    const body = { email, discount_code: code.toLowerCase(), method: 'card', idempotency_key: key };
    const first = await agent.post(`${orderPath(order.token)}/checkout`, body);
    expect(first.statusCode, first.body).toBe(200);
    const started = first.json<TExpressCheckoutResult>();
    expect(started.redirect_url).toMatch(/\/sandbox-pay\//);
    expect(started.order.status).toBe('awaiting_payment');
    expect(started.order.price).toMatchObject({
      faces: 3,
      list_minor: 150,
      discount_minor: 75,
      total_minor: 75,
      discount_code: code,
      discount_percent: 50,
    });
    // The same key (a double click), and another "Pay" while the payment is open: the same page.
    const again = await agent.post(`${orderPath(order.token)}/checkout`, body);
    expect(again.json<TExpressCheckoutResult>().redirect_url).toBe(started.redirect_url);
    const other = await checkout(agent, order.token, { method: 'card' });
    expect(other.json<TExpressCheckoutResult>().redirect_url).toBe(started.redirect_url);
    const payments = await paymentsOfOrder(order.token);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 'processing', package_id: null, amount_minor: 75 });
    // What was paid for is frozen, page prices included (a later refund is worked out with them).
    expect(
      await t.ctx.db
        .selectFrom('express_orders')
        .select(['page_count', 'list_price_minor', 'price_minor', 'mono_price_minor'])
        .where('token', '=', order.token)
        .executeTakeFirstOrThrow(),
    ).toEqual({ page_count: 3, list_price_minor: 150, price_minor: 75, mono_price_minor: 50 });

    const returnUrl = await payByCard(started.redirect_url ?? '');
    expect(returnUrl).toBe(`http://printomat.test/express/orders/${order.token}`);
    const paid = await waitForOrder(agent, order.token, 'created');
    const paidAt = new Date(paid.paid_at ?? 0).getTime();
    expect(new Date(paid.print_by ?? 0).getTime()).toBe(paidAt + 120 * 60_000);
    expect(paid.customer_email).toBe(email);
    expect(await usesOf(t, codeId)).toBe(1);

    const mail = await t.smtp.waitFor(email);
    expect(mail.subject).toContain('express order');
    expect(mail.text).toContain(`Price: ${formatMoney('en', 150, 'PLN')}`);
    expect(mail.text).toContain(`Paid: ${formatMoney('en', 75, 'PLN')}`);
    expect(mail.text).toContain(`Discount code ${code} (50 %)`);
    expect(mail.text).toContain(`http://printomat.test/express/orders/${order.token}`);

    // Replayed notifications: the same event (duplicate), a new event for the same payment.
    const [payment] = await paymentsOfOrder(order.token);
    if (!payment) throw new Error('no payment');
    expect(payment.status).toBe('completed');
    const event = completedEvent(payment);
    const outcomes = [];
    for (const eventBody of [event, event, completedEvent(payment)])
      outcomes.push((await sendWebhook(eventBody)).json<{ outcome: string }>().outcome);
    expect(outcomes).toEqual(['unchanged', 'duplicate', 'unchanged']);
    expect(await usesOf(t, codeId)).toBe(1);
    expect((await getOrder(agent, order.token)).paid_at).toBe(paid.paid_at);
    // A checkout replayed after payment answers the paid order, with nothing more to pay.
    const replay = await agent.post(`${orderPath(order.token)}/checkout`, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json<TExpressCheckoutResult>()).toMatchObject({
      redirect_url: null,
      order: { status: 'created' },
    });
    expect(await paymentsOfOrder(order.token)).toHaveLength(1);
    // The guest account's own address is never mailed.
    expect(t.smtp.mails.filter((m) => m.to.includes('@express.invalid'))).toEqual([]);
  });

  it('a refused card puts the order back to draft: editable again, its code hold released', async () => {
    const code = uniqueCode('ONCE');
    const codeId = await addDiscountCode(t, { code, percent: 50, number_of_uses: 1 });
    const a = await openOrder(t, printerId);
    const b = await openOrder(t, printerId);
    await addReadyDocument(t, a.order.token, 2);
    await addReadyDocument(t, b.order.token, 2);
    const started = await checkout(a.agent, a.order.token, { discount_code: code, method: 'card' });
    expect(started.statusCode, started.body).toBe(200);
    // A's checkout holds the only use.
    const held = await checkout(b.agent, b.order.token, { discount_code: code, method: 'card' });
    expect(held.statusCode).toBe(422);
    expect(held.json<TErrorResponse>().errors?.discount_code).toEqual([
      'This discount code has been used up.',
    ]);

    await payByCard(started.json<TExpressCheckoutResult>().redirect_url ?? '', 'failure');
    const draft = await waitForOrder(a.agent, a.order.token, 'draft');
    expect(draft.printjob.is_submitted).toBe(false);
    const copies = await a.agent.request(
      'PATCH',
      `${orderPath(a.order.token)}/documents/${draft.printjob.documents[0]?.id}`,
      { copies: 2 },
    );
    expect(copies.statusCode, copies.body).toBe(200);
    expect(await usesOf(t, codeId)).toBe(0);
    // Released: B gets the use now.
    const now = await checkout(b.agent, b.order.token, { discount_code: code, method: 'card' });
    expect(now.statusCode, now.body).toBe(200);
  });

  it('a payment completing late for an order back in draft does not pay it: flagged order_not_payable', async () => {
    const { agent, order } = await openOrder(t, printerId);
    await addReadyDocument(t, order.token, 1);
    const started = await checkout(agent, order.token, { method: 'card' });
    expect(started.statusCode, started.body).toBe(200);
    // The card is refused: the order is a draft again, its hold released, editable.
    await payByCard(started.json<TExpressCheckoutResult>().redirect_url ?? '', 'failure');
    await waitForOrder(agent, order.token, 'draft');
    const [payment] = await paymentsOfOrder(order.token);
    if (!payment) throw new Error('no payment');
    expect(payment.status).toBe('failed');
    // The provider reports that old checkout completed after all: it pays nothing here.
    const res = await sendWebhook(completedEvent(payment));
    expect(res.statusCode, res.body).toBe(200);
    const after = await getOrder(agent, order.token);
    expect(after.status).toBe('draft');
    expect(after.paid_at).toBeNull();
    expect(
      await t.ctx.db
        .selectFrom('payments')
        .select(['status', 'flag'])
        .where('reference', '=', payment.reference)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'completed', flag: 'order_not_payable' });
  });

  it('a checkout re-sent with the key of an earlier failed attempt is refused: still a draft, no new payment', async () => {
    const { agent, order } = await openOrder(t, printerId);
    await addReadyDocument(t, order.token, 1);
    const body = { method: 'card', idempotency_key: newKey() };
    await withCardProviderDown(t, async () => {
      const res = await agent.post(`${orderPath(order.token)}/checkout`, body);
      expect(res.statusCode).toBe(503);
    });
    // The provider is back, but this key belongs to the failed attempt.
    const again = await agent.post(`${orderPath(order.token)}/checkout`, body);
    expect(again.statusCode).toBe(503);
    expect(again.json<TErrorResponse>()).toMatchObject({
      code: 'payments_unavailable',
      message: 'Unable to process payments at this time',
    });
    const after = await getOrder(agent, order.token);
    expect(after.status).toBe('draft');
    expect(after.printjob.is_submitted).toBe(false);
    expect((await paymentsOfOrder(order.token)).map((p) => p.status)).toEqual(['failed']);
  });

  it('after the checkout’s hold ran out, a new "Pay" starts a new payment and the code is free for others meanwhile', async () => {
    const code = uniqueCode('HOLD');
    await addDiscountCode(t, { code, percent: 20, number_of_uses: 1 });
    const a = await openOrder(t, printerId);
    const b = await openOrder(t, printerId);
    await addReadyDocument(t, a.order.token, 1);
    await addReadyDocument(t, b.order.token, 1);
    const first = await checkout(a.agent, a.order.token, { discount_code: code, method: 'card' });
    expect(first.statusCode, first.body).toBe(200);
    // 30 minutes later the hold is gone: another order may take the code.
    await t.ctx.db
      .updateTable('express_orders')
      .set({ checkout_expires_at: new Date(Date.now() - 1_000) })
      .where('token', '=', a.order.token)
      .execute();
    const other = await checkout(b.agent, b.order.token, { discount_code: code, method: 'card' });
    expect(other.statusCode, other.body).toBe(200);
    // A's guest comes back and pays again: a new payment (the code is taken now).
    const taken = await checkout(a.agent, a.order.token, { discount_code: code, method: 'card' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json<TErrorResponse>().code).toBe('discount_code_used_up');
    const again = await checkout(a.agent, a.order.token, { method: 'blik' });
    expect(again.statusCode, again.body).toBe(200);
    const result = again.json<TExpressCheckoutResult>();
    expect(result.redirect_url).not.toBe(first.json<TExpressCheckoutResult>().redirect_url);
    expect(result.order).toMatchObject({ status: 'awaiting_payment', price: { total_minor: 50 } });
    expect(await paymentsOfOrder(a.order.token)).toHaveLength(2);
  });

  it('a 100 % code needs no payment: paid at once, the use counted, receipt mailed in the page’s language', async () => {
    const code = uniqueCode('FREE');
    const codeId = await addDiscountCode(t, { code, percent: 100, number_of_uses: 2 });
    const { agent, order } = await openOrder(t, printerId);
    await addReadyDocument(t, order.token, 4, [1]);
    const email = uniqueEmail('free');
    agent.acceptLanguage = 'pl';
    const res = await checkout(agent, order.token, { discount_code: code, email });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<TExpressCheckoutResult>();
    expect(result.redirect_url).toBeNull();
    expect(result.order.status).toBe('created');
    expect(result.order.price).toMatchObject({ list_minor: 200, total_minor: 0 });
    expect(result.order.locale).toBe('pl');
    expect(await paymentsOfOrder(order.token)).toEqual([]);
    expect(await usesOf(t, codeId)).toBe(1);
    const mail = await t.smtp.waitFor(email);
    expect(mail.subject).toContain('zamówienie express');
    expect(mail.text).toContain(`Zapłacono: ${formatMoney('pl', 0, 'PLN')}`);
  });

  it('20 orders checking out at once on a code with 1 use left: exactly one gets it', async () => {
    const code = uniqueCode('LAST');
    const codeId = await addDiscountCode(t, { code, percent: 50, number_of_uses: 3, uses: 2 });
    const orders = [];
    for (let i = 0; i < 20; i += 1) {
      const opened = await openOrder(t, printerId);
      await addReadyDocument(t, opened.order.token, 1);
      orders.push(opened);
    }
    const answers = await Promise.all(
      orders.map(({ agent, order }) =>
        checkout(agent, order.token, { discount_code: code, method: 'card' }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(19);
    for (const r of answers.filter((a) => a.statusCode === 422))
      expect(r.json<TErrorResponse>().code).toBe('discount_code_used_up');
    const winner = orders[answers.findIndex((r) => r.statusCode === 200)];
    if (!winner) throw new Error('no winner');
    const redirect = answers.find((r) => r.statusCode === 200)?.json<TExpressCheckoutResult>();
    await payByCard(redirect?.redirect_url ?? '');
    await waitForOrder(winner.agent, winner.order.token, 'created');
    expect(await usesOf(t, codeId)).toBe(3);
    const paidWithCode = await t.ctx.db
      .selectFrom('express_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('discount_code_id', '=', codeId)
      .where('status', '=', 'created')
      .executeTakeFirstOrThrow();
    expect(Number(paidWithCode.n)).toBe(1);
  });

  it('refuses to take money with clear messages: nothing to print, still processing, no method, disabled printer', async () => {
    const { agent, order } = await openOrder(t, printerId);
    const empty = await checkout(agent, order.token, { method: 'card' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json<TErrorResponse>().message).toBe('Add a document to print first.');

    await t.ctx.db
      .insertInto('documents')
      .values({
        printjob_id: order.printjob.id,
        user_id: (
          await t.ctx.db
            .selectFrom('printjobs')
            .select('user_id')
            .where('id', '=', order.printjob.id)
            .executeTakeFirstOrThrow()
        ).user_id,
        name: 'slow.pdf',
        size_bytes: 10,
      })
      .execute();
    const processing = await checkout(agent, order.token, { method: 'card' });
    expect(processing.statusCode).toBe(422);
    expect(processing.json<TErrorResponse>().message).toBe(
      'Please wait until your documents are ready.',
    );
    await t.ctx.db.deleteFrom('documents').where('printjob_id', '=', order.printjob.id).execute();

    await addReadyDocument(t, order.token, 1);
    agent.acceptLanguage = 'de';
    const noMethod = await checkout(agent, order.token, {});
    expect(noMethod.statusCode).toBe(422);
    expect(noMethod.json<TErrorResponse>().errors?.method).toEqual([
      'Wähle, wie du bezahlen möchtest.',
    ]);
    agent.acceptLanguage = 'en';

    await t.ctx.db
      .updateTable('printers')
      .set({ is_enabled: false })
      .where('id', '=', printerId)
      .execute();
    try {
      const disabled = await checkout(agent, order.token, { method: 'card' });
      expect(disabled.statusCode).toBe(409);
      expect(disabled.json<TErrorResponse>().code).toBe('printer_disabled');
    } finally {
      await t.ctx.db
        .updateTable('printers')
        .set({ is_enabled: true })
        .where('id', '=', printerId)
        .execute();
    }
    expect((await getOrder(agent, order.token)).status).toBe('draft');
    expect(await paymentsOfOrder(order.token)).toEqual([]);
  });

  it("provider down: 'Unable to process payments at this time', the order stays a draft", async () => {
    const { agent, order } = await openOrder(t, printerId);
    await addReadyDocument(t, order.token, 1);
    await withCardProviderDown(t, async () => {
      const res = await checkout(agent, order.token, { method: 'card' });
      expect(res.statusCode).toBe(503);
      expect(res.json<TErrorResponse>().message).toBe('Unable to process payments at this time');
    });
    const after = await getOrder(agent, order.token);
    expect(after.status).toBe('draft');
    expect(after.printjob.is_submitted).toBe(false);
    expect((await paymentsOfOrder(order.token)).map((p) => p.status)).toEqual(['failed']);
    // The guest can try again.
    const retry = await checkout(agent, order.token, { method: 'card' });
    expect(retry.statusCode, retry.body).toBe(200);
  });
});

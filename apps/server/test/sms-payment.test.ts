import type http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ProviderUnavailable,
  type TCheckoutRequest,
  type TPaymentProvider,
} from '../src/modules/payments/payment-provider';
import {
  createSmsPaymentProvider,
  decodeSessionToken,
  signSmsNotification,
} from '../src/modules/payments/providers/sms-payment';
import { LocalHttpServer, onBody } from './helpers/local-server';
import { rejectedReason } from './helpers/payments';
import { createTestApp, TestAgent, type TTestApp } from './helpers/test-app';

const SECRET = 'sms-sandbox-test-secret-0123456789';

interface TReceived {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Stands in for our payments webhook route: records every notification the operator sends. */
class WebhookReceiver extends LocalHttpServer {
  readonly received: TReceived[] = [];
  status = 200;

  protected handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    onBody(req, (body) => {
      this.received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(this.status, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  }
}

const receiver = new WebhookReceiver();
let t: TTestApp;
let provider: TPaymentProvider;
let realNow: () => Date;

beforeAll(async () => {
  await receiver.start();
  // The operator notifies PUBLIC_URL + /api/payments/webhooks/sms_sandbox: here, the receiver.
  t = await createTestApp({ PUBLIC_URL: receiver.origin, SMS_PAYMENT_SANDBOX_SECRET: SECRET });
  realNow = t.ctx.now;
  provider = createSmsPaymentProvider({ webhookSecret: SECRET, publicUrl: receiver.origin });
});
afterAll(async () => {
  await t?.close();
  await receiver.stop();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.status = 200;
  t.ctx.now = realNow;
});

let counter = 0;
function checkout(overrides: Partial<TCheckoutRequest> = {}): TCheckoutRequest {
  counter += 1;
  return {
    reference: `pay_sms_${counter}`,
    amountMinor: 2999,
    currency: 'PLN',
    method: 'sms',
    description: 'Pakiet M <300 stron>',
    customerEmail: 'anna@example.com',
    locale: 'pl',
    returnUrl: `${receiver.origin}/payments/pay_sms_${counter}`,
    ...overrides,
  };
}

function agent(): TestAgent {
  const a = new TestAgent(t.app);
  a.origin = receiver.origin;
  return a;
}

const tokenOf = (redirectUrl: string) => new URL(redirectUrl).searchParams.get('session') ?? '';
const pathOf = (redirectUrl: string) => {
  const url = new URL(redirectUrl);
  return `${url.pathname}${url.search}`;
};

describe('SMS payment sandbox: checkout and the operator page', () => {
  it('sends the payer to a signed instruction page showing the number, the text and the price', async () => {
    const request = checkout();
    const redirect = await provider.createCheckout(request);
    expect(redirect.providerReference).toMatch(/^smss_/);
    expect(redirect.redirectUrl.startsWith(`${receiver.origin}/sandbox-sms?session=`)).toBe(true);
    const session = decodeSessionToken(SECRET, tokenOf(redirect.redirectUrl));
    expect(session).toMatchObject({
      sessionId: redirect.providerReference,
      reference: request.reference,
      amountMinor: 2999,
      currency: 'PLN',
      returnUrl: request.returnUrl,
    });

    const page = await agent().get(pathOf(redirect.redirectUrl));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="pl">');
    expect(page.body).toContain(`Wyślij SMS o treści PRINT ${session!.code} na numer 92555.`);
    expect(page.body).toContain('data-testid="sms-number">92555<');
    expect(page.body).toContain(`data-testid="sms-text">PRINT ${session!.code}<`);
    expect(page.body).toMatch(/Koszt: 29,99\s?zł z VAT/);
    // The description is text, never markup.
    expect(page.body).toContain('Pakiet M &lt;300 stron&gt;');
    expect(page.body).not.toContain('<300 stron>');
    expect(page.body).toContain('name="outcome" value="success"');
    expect(page.body).toContain('name="outcome" value="failure"');
  });

  it('refuses an edited token with a clear message and no page', async () => {
    const redirect = await provider.createCheckout(checkout());
    const token = tokenOf(redirect.redirectUrl);
    const forged = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    const a = agent();
    a.acceptLanguage = 'en';
    const page = await a.get(`/sandbox-sms?session=${encodeURIComponent(forged)}`);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This SMS payment link is not valid.');
    expect(page.body).not.toContain('PRINT');
    const post = await a.post('/sandbox-sms/simulate', { session: forged, outcome: 'success' });
    expect(post.statusCode).toBe(404);
    expect(post.json().message).toBe('This SMS payment link is not valid.');
    expect(receiver.received).toHaveLength(0);
  });

  it('cannot save a card and takes only SMS payments', async () => {
    await expect(
      provider.createCardSetup({
        reference: 'card_1',
        customerEmail: 'a@example.com',
        locale: 'en',
        returnUrl: 'http://x.test/',
      }),
    ).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(provider.createCheckout(checkout({ method: 'card' }))).rejects.toBeInstanceOf(
      ProviderUnavailable,
    );
  });
});

describe('SMS payment sandbox: the simulated SMS', () => {
  it('notifies our webhook twice with signed notifications that parseWebhook accepts, then returns the payer', async () => {
    const request = checkout();
    const redirect = await provider.createCheckout(request);
    const token = tokenOf(redirect.redirectUrl);
    const response = await agent().post('/sandbox-sms/simulate', {
      session: token,
      outcome: 'success',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ redirect_url: request.returnUrl });

    expect(receiver.received).toHaveLength(2);
    const events = receiver.received.map((r) => {
      expect(r.path).toBe('/api/payments/webhooks/sms_sandbox');
      expect(r.headers['x-sms-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      return provider.parseWebhook(r.body, r.headers, new Date());
    });
    expect(events[0]).toEqual({
      kind: 'payment',
      eventId: expect.stringMatching(/^smsevt_/),
      reference: request.reference,
      providerReference: redirect.providerReference,
      status: 'completed',
      amountMinor: 2999,
      currency: 'PLN',
    });
    // The same event twice: the shop's dedup key makes it count once.
    expect(events[1]).toEqual(events[0]);

    const row = await t.ctx.db
      .selectFrom('sms_sandbox_sessions')
      .selectAll()
      .where('session_id', '=', redirect.providerReference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      outcome: 'success',
      deliveries: 2,
      last_delivery_status: '200,200',
    });
    expect(row.delivered_at).toBeInstanceOf(Date);

    // The page now says the SMS was sent, and sending again cannot change the outcome.
    const page = await agent().get(pathOf(redirect.redirectUrl));
    expect(page.body).toContain('SMS został wysłany i opłacony.');
    expect(page.body).not.toContain('value="failure"');
    receiver.received.length = 0;
    const again = await agent().post('/sandbox-sms/simulate', {
      session: token,
      outcome: 'failure',
    });
    expect(again.statusCode).toBe(200);
    expect(receiver.received).toHaveLength(2);
    const repeated = provider.parseWebhook(
      receiver.received[0]!.body,
      receiver.received[0]!.headers,
      new Date(),
    );
    expect(repeated).toEqual(events[0]);
  });

  it('records one outcome when two different outcomes are sent at the same moment', async () => {
    const redirect = await provider.createCheckout(checkout());
    const session = tokenOf(redirect.redirectUrl);
    const [a, b] = await Promise.all([
      agent().post('/sandbox-sms/simulate', { session, outcome: 'success' }),
      agent().post('/sandbox-sms/simulate', { session, outcome: 'failure' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await t.ctx.db
      .selectFrom('sms_sandbox_sessions')
      .selectAll()
      .where('session_id', '=', redirect.providerReference)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.deliveries).toBe(4);
    const events = receiver.received.map((r) =>
      provider.parseWebhook(r.body, r.headers, new Date()),
    );
    expect(events).toHaveLength(4);
    expect(new Set(events.map((e) => JSON.stringify(e))).size).toBe(1);
    expect(events[0]).toMatchObject({
      eventId: rows[0]?.event_id,
      status: rows[0]?.outcome === 'success' ? 'completed' : 'failed',
    });
  });

  it('reports a rejected SMS as a failed payment', async () => {
    const request = checkout({ amountMinor: 615 });
    const redirect = await provider.createCheckout(request);
    const response = await agent().post('/sandbox-sms/simulate', {
      session: tokenOf(redirect.redirectUrl),
      outcome: 'failure',
    });
    expect(response.statusCode).toBe(200);
    expect(receiver.received).toHaveLength(2);
    expect(
      provider.parseWebhook(receiver.received[0]!.body, receiver.received[0]!.headers, new Date()),
    ).toMatchObject({
      kind: 'payment',
      reference: request.reference,
      status: 'failed',
      amountMinor: 615,
      failureCode: 'operator_rejected',
    });
    const page = await agent().get(pathOf(redirect.redirectUrl));
    expect(page.body).toContain('Operator odrzucił SMS-a.');
  });

  it('tells the payer when the shop could not be notified, and delivers the same outcome on retry', async () => {
    const redirect = await provider.createCheckout(checkout());
    const token = tokenOf(redirect.redirectUrl);
    receiver.status = 500;
    const a = agent();
    a.acceptLanguage = 'de';
    const failed = await a.post('/sandbox-sms/simulate', { session: token, outcome: 'success' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(
      'Der Betreiber konnte Printomat nicht benachrichtigen. Versuchen Sie es gleich noch einmal.',
    );
    expect(receiver.received).toHaveLength(2);
    const first = provider.parseWebhook(
      receiver.received[0]!.body,
      receiver.received[0]!.headers,
      new Date(),
    );
    receiver.status = 200;
    receiver.received.length = 0;
    const retried = await a.post('/sandbox-sms/simulate', { session: token, outcome: 'failure' });
    expect(retried.statusCode).toBe(200);
    const second = provider.parseWebhook(
      receiver.received[0]!.body,
      receiver.received[0]!.headers,
      new Date(),
    );
    expect(second).toEqual(first);
    expect(second).toMatchObject({ status: 'completed' });
  });

  it('refuses an expired session on the page and when simulating', async () => {
    const redirect = await provider.createCheckout(checkout());
    t.ctx.now = () => new Date(Date.now() + 2 * 60 * 60 * 1000);
    const page = await agent().get(pathOf(redirect.redirectUrl));
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('Ta płatność SMS wygasła. Wróć i rozpocznij płatność ponownie.');
    const a = agent();
    a.acceptLanguage = 'en';
    const post = await a.post('/sandbox-sms/simulate', {
      session: tokenOf(redirect.redirectUrl),
      outcome: 'success',
    });
    expect(post.statusCode).toBe(410);
    expect(post.json().message).toBe(
      'This SMS payment has expired. Go back and start the payment again.',
    );
    expect(receiver.received).toHaveLength(0);
  });

  it('needs the CSRF token to simulate', async () => {
    const redirect = await provider.createCheckout(checkout());
    const response = await agent().post(
      '/sandbox-sms/simulate',
      { session: tokenOf(redirect.redirectUrl), outcome: 'success' },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
    expect(receiver.received).toHaveLength(0);
  });
});

describe('SMS payment sandbox: webhook verification', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const body = JSON.stringify({
    event_id: 'smsevt_1',
    type: 'sms.payment',
    session_id: 'smss_1',
    reference: 'pay_1',
    status: 'completed',
    amount_minor: 2999,
    currency: 'PLN',
  });
  const headers = (raw: string, timestamp = nowSeconds, secret = SECRET) => ({
    'x-sms-signature': signSmsNotification(secret, raw, timestamp),
  });
  const parse = (raw: string, h: Record<string, string>) =>
    provider.parseWebhook(Buffer.from(raw), h, now);

  it('accepts a signed notification up to 300 s old', () => {
    expect(parse(body, headers(body))).toMatchObject({ eventId: 'smsevt_1', status: 'completed' });
    expect(parse(body, headers(body, nowSeconds - 300))).toMatchObject({ kind: 'payment' });
  });

  it('refuses unsigned, tampered, foreign-secret, stale and malformed notifications', () => {
    expect(rejectedReason(() => parse(body, {}))).toBe('unsigned');
    const tampered = body.replace('"amount_minor":2999', '"amount_minor":299900');
    expect(tampered).not.toBe(body);
    expect(rejectedReason(() => parse(tampered, headers(body)))).toBe('bad_signature');
    expect(
      rejectedReason(() => parse(body, headers(body, nowSeconds, 'another-secret-0123456789'))),
    ).toBe('bad_signature');
    expect(rejectedReason(() => parse(body, headers(body, nowSeconds - 301)))).toBe('stale');
    expect(rejectedReason(() => parse(body, headers(body, nowSeconds + 301)))).toBe('stale');
    expect(rejectedReason(() => parse(body, { 'x-sms-signature': 'garbage' }))).toBe('malformed');
    const notJson = 'status=completed';
    expect(rejectedReason(() => parse(notJson, headers(notJson)))).toBe('malformed');
    const wrongShape = JSON.stringify({ event_id: 'x', type: 'sms.payment' });
    expect(rejectedReason(() => parse(wrongShape, headers(wrongShape)))).toBe('malformed');
  });
});

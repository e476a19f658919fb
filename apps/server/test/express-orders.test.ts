import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@printomat/shared';
import type {
  TDocument,
  TErrorResponse,
  TExpressOrderView,
  TExpressPrice,
  TExpressPrinter,
  TPublicPrinter,
} from '@printomat/shared';
import { seedDemoData } from '../src/seed/seed';
import { signInDemoAdmin } from './helpers/admin';
import {
  addDiscountCode,
  addReadyDocument,
  newKey,
  openOrder,
  orderPath,
  seededPrinterId,
  uniqueCode,
} from './helpers/express-guest';
import { makeColourPng, makePdf } from './helpers/fixtures';
import { until } from './helpers/http-session';
import { createTestApp, TestAgent, type TTestApp } from './helpers/test-app';

let t: TTestApp;
let printerId: number;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_EXPRESS_ORDER_PER_IP: '200/1h' });
  await seedDemoData(t.ctx.db);
  printerId = await seededPrinterId(t);
}, 60_000);
afterAll(() => t?.close());

const orderIdOf = async (token: string) =>
  (
    await t.ctx.db
      .selectFrom('express_orders')
      .select('id')
      .where('token', '=', token)
      .executeTakeFirstOrThrow()
  ).id;

const view = (agent: TestAgent, token: string) =>
  agent.get(orderPath(token)).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json<TExpressOrderView>();
  });

describe('the express page of a printer', () => {
  it('shows where the printer is, its page prices (config defaults, or its own) and its state', async () => {
    const guest = new TestAgent(t.app);
    const res = await guest.get(`/ajax/express/printers/${printerId}`);
    expect(res.statusCode).toBe(200);
    const printer = res.json<TExpressPrinter>();
    expect(printer.id).toBe(printerId);
    expect(printer.prices).toEqual({ mono_minor: 50, color_minor: 150, currency: 'PLN' });
    // No agent is connected in this test: the printer is offline.
    expect(printer.unavailable_reason).toBe('offline');
    expect(printer.address).not.toContain(printer.city);

    await t.ctx.db
      .updateTable('printers')
      .set({ express_mono_price_minor: 30, express_color_price_minor: 90 })
      .where('id', '=', printerId)
      .execute();
    try {
      const own = (await guest.get(`/ajax/express/printers/${printerId}`)).json<TExpressPrinter>();
      expect(own.prices).toEqual({ mono_minor: 30, color_minor: 90, currency: 'PLN' });
    } finally {
      await t.ctx.db
        .updateTable('printers')
        .set({ express_mono_price_minor: null, express_color_price_minor: null })
        .where('id', '=', printerId)
        .execute();
    }
    expect((await guest.get('/ajax/express/printers/999999')).statusCode).toBe(404);
  });

  it("the printer's public page and the map link to its express page", async () => {
    const res = await new TestAgent(t.app).get(`/api/printers/${printerId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<TPublicPrinter>().express_url).toBe(
      `http://printomat.test/express/${printerId}`,
    );
  });
});

describe('a draft order', () => {
  it('is opened for a guest account that never signs in and is never listed', async () => {
    const { agent, order } = await openOrder(t, printerId, { locale: 'pl' });
    expect(order.status).toBe('draft');
    expect(order.token).toMatch(/^[\w-]{43}$/);
    expect(order.locale).toBe('pl');
    expect(order.printjob.documents).toEqual([]);
    expect(order.order_url).toBe(`http://printomat.test/express/orders/${order.token}`);
    expect(order.can_print).toBe(false);
    expect(order.price.total_minor).toBe(0);
    // The browser got no session: the token is all it holds.
    expect((await agent.get('/api/session')).json().user).toBeNull();

    const row = await t.ctx.db
      .selectFrom('express_orders')
      .innerJoin('users', 'users.id', 'express_orders.guest_user_id')
      .select(['users.email', 'users.role', 'users.password_hash', 'express_orders.printjob_id'])
      .where('token', '=', order.token)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('guest');
    expect(row.email).toMatch(/^guest-[\w-]+@express\.invalid$/);
    expect(row.password_hash).toBeNull();
    const job = await t.ctx.db
      .selectFrom('printjobs')
      .select('express_order_id')
      .where('id', '=', row.printjob_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(job.express_order_id).not.toBeNull();

    // Never signs in, whatever the password.
    for (const password of ['', 'correct horse battery']) {
      const signIn = await new TestAgent(t.app).post('/api/auth/sign-in', {
        email: row.email,
        password,
      });
      expect([401, 422]).toContain(signIn.statusCode);
    }
    // Never in the admin's user list, search, role filter or detail.
    const admin = await signInDemoAdmin(t.app);
    const all = await admin.get('/api/admin/users?page=1');
    expect(all.statusCode).toBe(200);
    const emails = all.json<{ users: { email: string }[] }>().users.map((u) => u.email);
    expect(emails.some((e) => e.endsWith('@express.invalid'))).toBe(false);
    const search = await admin.get('/api/admin/users?page=1&q=express.invalid');
    expect(search.json<{ users: unknown[]; paging: { total: number } }>().paging.total).toBe(0);
    const guestId = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', row.email)
      .executeTakeFirstOrThrow();
    expect((await admin.get(`/api/admin/users/${guestId.id}`)).statusCode).toBe(404);
  });

  it('a draft never paid is abandoned after EXPRESS_DRAFT_HOURS; its documents go after the retention', async () => {
    const { agent, order } = await openOrder(t, printerId);
    await addReadyDocument(t, order.token, 1);
    const job = await t.ctx.db
      .selectFrom('jobs')
      .select(['id', 'run_at'])
      .where('name', '=', 'express.abandon_draft')
      .where('unique_key', '=', `express-abandon:${await orderIdOf(order.token)}`)
      .executeTakeFirstOrThrow();
    const opened = await t.ctx.db
      .selectFrom('express_orders')
      .select('created_at')
      .where('token', '=', order.token)
      .executeTakeFirstOrThrow();
    expect(job.run_at.getTime() - opened.created_at.getTime()).toBeGreaterThanOrEqual(
      24 * 3_600_000 - 1_000,
    );
    // The day is over: the job is due now.
    await t.ctx.db
      .updateTable('jobs')
      .set({ run_at: new Date() })
      .where('id', '=', job.id)
      .execute();
    t.ctx.worker.kick();
    const abandoned = await until(async () => {
      const o = await view(agent, order.token);
      return o.status === 'abandoned' ? o : undefined;
    });
    expect(abandoned.can_print).toBe(false);
    const ended = await t.ctx.db
      .selectFrom('express_orders')
      .select('ended_at')
      .where('token', '=', order.token)
      .executeTakeFirstOrThrow();
    expect(abandoned.documents_delete_at).toBe(
      new Date((ended.ended_at?.getTime() ?? 0) + 8 * 3_600_000).toISOString(),
    );
    // Abandoned is final: nothing can be paid or changed any more.
    const late = await agent.post(`${orderPath(order.token)}/checkout`, {
      method: 'card',
      idempotency_key: newKey(),
    });
    expect(late.statusCode).toBe(409);
  });

  it('an unknown token is not found', async () => {
    const res = await new TestAgent(t.app).get(orderPath('x'.repeat(43)));
    expect(res.statusCode).toBe(404);
  });

  it('opening orders is rate-limited per address', async () => {
    const limited = await createTestApp({ RATE_LIMIT_EXPRESS_ORDER_PER_IP: '2/1h' });
    try {
      await seedDemoData(limited.ctx.db);
      const id = await seededPrinterId(limited);
      const agent = new TestAgent(limited.app);
      const codes = [];
      for (let i = 0; i < 3; i += 1)
        codes.push((await agent.post(`/ajax/express/printers/${id}/orders`, {})).statusCode);
      expect(codes).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('documents of a draft', () => {
  it('uploads a PDF and a photo through the same pipeline, priced in money; copies, settings, preview and removal', async () => {
    const { agent, order } = await openOrder(t, printerId);
    const path = orderPath(order.token);
    const pdf = await agent.upload(`${path}/documents/upload`, 'three.pdf', await makePdf(3, [2]));
    expect(pdf.statusCode, pdf.body).toBe(201);
    const photo = await agent.upload(
      `${path}/documents/upload`,
      'photo.png',
      await makeColourPng(),
    );
    expect(photo.statusCode, photo.body).toBe(201);
    const ready = await until(async () => {
      const o = await view(agent, order.token);
      return o.printjob.documents.every((d) => d.page_count !== null) ? o : undefined;
    });
    expect(ready.printjob.documents.map((d) => [d.name, d.page_count, d.color_pages])).toEqual([
      ['three.pdf', 3, [2]],
      ['photo.png', 1, [1]],
    ]);
    // The job prints greyscale by default: 4 mono pages at 50.
    expect(ready.price).toMatchObject({
      faces: 4,
      color_faces: 0,
      list_minor: 200,
      total_minor: 200,
    });

    const colour = await agent.post(`${path}/settings`, { is_grayscale: false });
    expect(colour.statusCode, colour.body).toBe(200);
    expect(colour.json<TExpressOrderView>().price).toMatchObject({
      faces: 4,
      color_faces: 2,
      mono_faces: 2,
      list_minor: 2 * 150 + 2 * 50,
    });

    const pdfId = pdf.json<TDocument>().id;
    const copies = await agent.request('PATCH', `${path}/documents/${pdfId}`, { copies: 2 });
    expect(copies.statusCode, copies.body).toBe(200);
    expect(copies.json<TDocument>().copies).toBe(2);
    expect((await view(agent, order.token)).price.faces).toBe(7);

    const png = await agent.get(`${path}/documents/${pdfId}/pages/1.png`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    // Someone else's document through this token: not found.
    const other = await openOrder(t, printerId);
    expect(
      (await other.agent.get(`${orderPath(other.order.token)}/documents/${pdfId}/pages/1.png`))
        .statusCode,
    ).toBe(404);

    const removed = await agent.delete(`${path}/documents/${photo.json<TDocument>().id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<TExpressOrderView>().printjob.documents).toHaveLength(1);
  });

  it('takes at most 6 documents, with the uploader’s message', async () => {
    const { agent, order } = await openOrder(t, printerId);
    for (let i = 0; i < 6; i += 1) await addReadyDocument(t, order.token, 1);
    const seventh = await agent.upload(
      `${orderPath(order.token)}/documents/upload`,
      'seven.pdf',
      await makePdf(1),
    );
    expect(seventh.statusCode).toBe(422);
    expect(seventh.json<TErrorResponse>().message).toMatch(/6/);
  });

  it('refuses every change once the order left draft (409, in the guest’s language)', async () => {
    const code = uniqueCode('FREE');
    await addDiscountCode(t, { code, percent: 100 });
    const { agent, order } = await openOrder(t, printerId);
    await addReadyDocument(t, order.token, 2);
    const paid = await agent.post(`${orderPath(order.token)}/checkout`, {
      discount_code: code,
      idempotency_key: newKey(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const docId = paid.json<{ order: TExpressOrderView }>().order.printjob.documents[0]?.id ?? 0;
    const path = orderPath(order.token);
    agent.acceptLanguage = 'de';
    const refused = [
      await agent.upload(`${path}/documents/upload`, 'late.pdf', await makePdf(1)),
      await agent.delete(`${path}/documents/${docId}`),
      await agent.request('PATCH', `${path}/documents/${docId}`, { copies: 3 }),
      await agent.post(`${path}/settings`, { is_duplex: true }),
      await agent.post(`${path}/quote`, {}),
    ];
    expect(translate('de', 'admin.express_orders.errors.not_draft')).toMatch(/Bestellung/);
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<TErrorResponse>().message).toBe(
        translate('de', 'admin.express_orders.errors.not_draft'),
      );
    }
    const after = await view(agent, order.token);
    expect(after.printjob.documents.map((d) => d.copies)).toEqual([1]);
    expect(after.printjob.is_duplex).toBe(false);
  });
});

describe('quotes and discount codes', () => {
  it('applies a code (any letter case) and refuses unknown, inactive, expired and used-up codes on the field', async () => {
    const { agent, order } = await openOrder(t, printerId);
    await addReadyDocument(t, order.token, 3);
    const quote = (discount_code: string, lang = 'en') => {
      agent.acceptLanguage = lang;
      return agent.post(`${orderPath(order.token)}/quote`, { discount_code });
    };
    const half = uniqueCode('HALF');
    await addDiscountCode(t, { code: half, percent: 50 });
    const ok = await quote(half.toLowerCase());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<TExpressPrice>()).toMatchObject({
      list_minor: 150,
      discount_minor: 75,
      total_minor: 75,
      discount_code: half,
      discount_percent: 50,
    });

    const inactive = uniqueCode('OFF');
    await addDiscountCode(t, { code: inactive, percent: 10, active: false });
    const expired = uniqueCode('OLD');
    await addDiscountCode(t, { code: expired, percent: 10, expiration_date: '2020-01-31' });
    const usedUp = uniqueCode('GONE');
    await addDiscountCode(t, { code: usedUp, percent: 10, number_of_uses: 3, uses: 3 });
    const today = new Date().toISOString().slice(0, 10);
    const lastDay = uniqueCode('TODAY');
    await addDiscountCode(t, { code: lastDay, percent: 10, expiration_date: today });
    expect((await quote(lastDay)).statusCode).toBe(200);

    const cases: [string, string, string, string][] = [
      ['NOSUCHCODE', 'en', 'discount_code_unknown', 'This discount code does not exist.'],
      [inactive, 'en', 'discount_code_inactive', 'This discount code is no longer active.'],
      [expired, 'en', 'discount_code_expired', 'This discount code has expired.'],
      [usedUp, 'en', 'discount_code_used_up', 'This discount code has been used up.'],
      ['NOSUCHCODE', 'pl', 'discount_code_unknown', 'Taki kod rabatowy nie istnieje.'],
      [usedUp, 'de', 'discount_code_used_up', 'Dieser Rabattcode ist aufgebraucht.'],
    ];
    for (const [code, lang, errorCode, message] of cases) {
      const res = await quote(code, lang);
      expect(res.statusCode, code).toBe(422);
      const body = res.json<TErrorResponse>();
      expect(body.code).toBe(errorCode);
      expect(body.errors?.discount_code).toEqual([message]);
    }
    // A refused code leaves the order as it was.
    expect((await view(agent, order.token)).status).toBe('draft');
  });

  it('trying codes is rate-limited per order and per address: 429 in the guest’s language', async () => {
    const limited = await createTestApp({
      RATE_LIMIT_CODE_PER_PERSON: '3/10m',
      RATE_LIMIT_CODE_PER_IP: '7/10m',
    });
    try {
      await seedDemoData(limited.ctx.db);
      const id = await seededPrinterId(limited);
      const first = await openOrder(limited, id);
      await addReadyDocument(limited, first.order.token, 1);
      const good = uniqueCode('OK');
      await addDiscountCode(limited, { code: good, percent: 10 });
      const attempt = (token: string, discount_code: string, agent = first.agent) =>
        agent.post(`${orderPath(token)}/quote`, { discount_code });
      // Quotes without a code and with a valid code are not counted.
      for (let i = 0; i < 4; i += 1) {
        const plain = await attempt(first.order.token, '');
        expect(plain.statusCode, plain.body).toBe(200);
        expect((await attempt(first.order.token, good)).statusCode).toBe(200);
      }
      const perOrder = [];
      for (let i = 0; i < 4; i += 1)
        perOrder.push((await attempt(first.order.token, `WRONG${i}`)).statusCode);
      expect(perOrder).toEqual([422, 422, 422, 429]);
      first.agent.acceptLanguage = 'de';
      const refused = await attempt(first.order.token, 'WRONGX');
      expect(refused.statusCode).toBe(429);
      expect(refused.json<TErrorResponse>().code).toBe('rate_limited');
      expect(refused.json<TErrorResponse>().message).toMatch(/^Zu viele Versuche/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The checkout names its code too: the same limit.
      const checkout = await first.agent.post(`${orderPath(first.order.token)}/checkout`, {
        discount_code: 'WRONGY',
        idempotency_key: newKey(),
        method: 'card',
      });
      expect(checkout.statusCode).toBe(429);
      // A new order from the same address: its 2nd attempt is the address's 8th (limit 7).
      const second = await openOrder(limited, id, { agent: first.agent });
      await addReadyDocument(limited, second.order.token, 1);
      const perIp = [];
      for (let i = 0; i < 2; i += 1)
        perIp.push((await attempt(second.order.token, `OTHER${i}`)).statusCode);
      expect(perIp).toEqual([422, 429]);
    } finally {
      await limited.close();
    }
  });
});

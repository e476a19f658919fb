import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { monthOf } from '../src/modules/printers';
import { reportFailed, reportPrinted } from '../src/modules/printjobs/release.service';
import { seedDemoData } from '../src/seed/seed';
import {
  ONLINE_CODE,
  orderRow,
  paidExpressOrder,
  printerIdByCode,
  refundRow,
  sandboxRefunds,
  setPrinter,
} from './helpers/express-paid';
import { createTestApp, TestAgent, type TTestApp } from './helpers/test-app';

// "Print now" and the printer's code on an express order's page, and what the order does when its
// job ends at the printer (issue 13): printed; failed before anything printed (refunded in full);
// failed mid-way (refunded for the faces that did not come out); the printer's statistics count
// express pages in their own columns; the guest's documents are deleted after the retention.

let t: TTestApp;
let printerId: number;
let otherCode: string;

beforeAll(async () => {
  // Documents of an ended order go at once: the deletion itself is what is tested here.
  t = await createTestApp({
    DOCUMENT_RETENTION_HOURS: '0',
    RATE_LIMIT_CODE_PER_IP: '1000/10m',
    RATE_LIMIT_CODE_PER_PERSON: '1000/10m',
  });
  await seedDemoData(t.ctx.db);
  printerId = await printerIdByCode(t);
  const other = await t.ctx.db
    .selectFrom('printers')
    .select(['id', 'direct_print_code'])
    .where('id', '<>', printerId)
    .executeTakeFirstOrThrow();
  otherCode = other.direct_print_code;
  await setPrinter(t, other.id, { agent_last_seen_at: new Date() });
});
afterAll(() => t?.close());
beforeEach(() =>
  setPrinter(t, printerId, {
    is_enabled: true,
    maintenance_mode: false,
    agent_last_seen_at: new Date(),
    express_mono_price_minor: 50,
    express_color_price_minor: 150,
  }),
);

const guest = (locale = 'en') => {
  const agent = new TestAgent(t.app);
  agent.acceptLanguage = locale;
  return agent;
};
const printNow = (token: string, locale = 'en') =>
  guest(locale).post(`/ajax/express/orders/${token}/print`);
const printWithCode = (token: string, code: string, locale = 'en') =>
  guest(locale).post(`/ajax/express/orders/${token}/print_with_code`, { code });

const jobRow = (id: number) =>
  t.ctx.db.selectFrom('printjobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Print now', () => {
  it('refuses with the spec’s messages: not paid, disabled, maintenance, offline', async () => {
    const order = await paidExpressOrder(t, { printerId });
    await t.ctx.db
      .updateTable('express_orders')
      .set({ status: 'draft', paid_at: null })
      .where('id', '=', order.orderId)
      .execute();
    let res = await printNow(order.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order is not paid yet.');
    await t.ctx.db
      .updateTable('express_orders')
      .set({ status: 'created', paid_at: new Date() })
      .where('id', '=', order.orderId)
      .execute();

    await setPrinter(t, printerId, { is_enabled: false });
    res = await printNow(order.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Can't print on disabled printer");
    expect((await printNow(order.token, 'pl')).json().message).toBe(
      'Nie można drukować na wyłączonej drukarce',
    );
    expect((await printNow(order.token, 'de')).json().message).toBe(
      'Auf einem deaktivierten Drucker kann nicht gedruckt werden',
    );

    await setPrinter(t, printerId, { is_enabled: true, maintenance_mode: true });
    res = await printNow(order.token);
    expect(res.json().message).toBe('Maintenance mode enabled - printing not possible');

    await setPrinter(t, printerId, {
      maintenance_mode: false,
      agent_last_seen_at: new Date(Date.now() - 10 * 60_000),
    });
    res = await printNow(order.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The printer is offline right now. Try again in a moment or choose another printer.',
    );

    // Nothing moved: the order waits, its job is still locked and unreleased.
    expect((await orderRow(t, order.orderId)).status).toBe('created');
    expect(await jobRow(order.jobId)).toMatchObject({ status: 'created', printer_id: null });
    expect((await printNow('x'.repeat(43))).statusCode).toBe(404);
  });

  it('sends the paid job to the printer’s agent without reserving any pages', async () => {
    const order = await paidExpressOrder(t, { printerId });
    const pushed: unknown[] = [];
    const stop = t.ctx.events.subscribe(`printer:${printerId}`, (event) => pushed.push(event));
    const res = await printNow(order.token);
    expect(res.statusCode).toBe(200);
    // Delivered on the next tick, as NOTIFY would be.
    await waitFor(
      () => Promise.resolve(pushed.length),
      (n) => n > 0,
    );
    stop();
    expect(res.json()).toMatchObject({
      status: 'scheduled',
      can_print: false,
      printjob: { id: order.jobId, status: 'scheduled' },
    });
    expect(pushed).toContainEqual({ kind: 'job_released', printerId, jobId: order.jobId });
    expect(await jobRow(order.jobId)).toMatchObject({ status: 'scheduled', printer_id: printerId });
    const reservations = await t.ctx.db
      .selectFrom('page_reservations')
      .select('id')
      .where('printjob_id', '=', order.jobId)
      .execute();
    expect(reservations).toEqual([]);
    const again = await printNow(order.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Only an order that was not sent to the printer yet can be printed.',
    );
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('subject_type', '=', 'express_order')
      .where('subject_id', '=', String(order.orderId))
      .execute();
    expect(audit.map((a) => a.action)).toContain('express_order.print');
  });

  it('prints by the printer’s code; any other code is refused like a wrong one', async () => {
    const order = await paidExpressOrder(t, { printerId });
    const wrong = await printWithCode(order.token, '000000', 'pl');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(
      'Tym kodem nie można teraz uruchomić żadnej drukarki. Sprawdź kod wyświetlony na drukarce albo zobacz na mapie, czy drukarka jest dostępna.',
    );
    // Another printer's code, and this printer's code while it cannot print: the same answer.
    const other = await printWithCode(order.token, otherCode, 'pl');
    expect({ status: other.statusCode, body: other.json() }).toEqual({
      status: 404,
      body: wrong.json(),
    });
    await setPrinter(t, printerId, { agent_last_seen_at: null });
    const offline = await printWithCode(order.token, ONLINE_CODE, 'pl');
    expect(offline.json()).toEqual(wrong.json());
    await setPrinter(t, printerId, { agent_last_seen_at: new Date() });
    const res = await printWithCode(order.token, ` ${ONLINE_CODE} `);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('scheduled');
  });
});

async function statsOf(id: number) {
  return t.ctx.db
    .selectFrom('printer_monthly_stats')
    .select([
      'classic_mono_pages',
      'classic_color_pages',
      'express_mono_pages',
      'express_color_pages',
    ])
    .where('printer_id', '=', id)
    .where('month', '=', monthOf(new Date()))
    .executeTakeFirst();
}

const zeroStats = {
  classic_mono_pages: 0,
  classic_color_pages: 0,
  express_mono_pages: 0,
  express_color_pages: 0,
};

describe('when the job ends at the printer', () => {
  it('printed: the order is printed, counted as express pages, and its files are deleted', async () => {
    const before = (await statsOf(printerId)) ?? zeroStats;
    const order = await paidExpressOrder(t, { printerId, pages: 3, colourPages: [2] });
    const stored = await t.ctx.db
      .selectFrom('documents')
      .select(['id', 'original_key', 'pdf_key'])
      .where('printjob_id', '=', order.jobId)
      .executeTakeFirstOrThrow();
    expect(
      (await guest().get(`/ajax/express/orders/${order.token}/documents/${stored.id}/pages/1.png`))
        .statusCode,
    ).toBe(200);
    expect((await printNow(order.token)).statusCode).toBe(200);
    await reportPrinted(t.ctx, order.jobId);

    const printed = await orderRow(t, order.orderId);
    expect(printed).toMatchObject({ status: 'printed', printed_faces: 3 });
    expect(printed.printed_at).not.toBeNull();
    expect(printed.ended_at).not.toBeNull();
    expect((await jobRow(order.jobId)).status).toBe('archived');
    const after = await statsOf(printerId);
    expect(after).toEqual({
      ...before,
      express_mono_pages: before.express_mono_pages + 2,
      express_color_pages: before.express_color_pages + 1,
    });
    expect(await refundRow(t, order.orderId)).toBeUndefined();

    // Retention 0: the deletion job is due at once.
    await t.ctx.worker.drain();
    const done = await waitFor(
      () => orderRow(t, order.orderId),
      (o) => o.documents_deleted_at !== null,
    );
    expect(done.status).toBe('printed');
    const kept = await t.ctx.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ name: 'doc.pdf', page_count: 3, original_key: null });
    expect(kept.files_deleted_at).not.toBeNull();
    for (const key of [stored.original_key, stored.pdf_key, `${stored.pdf_key}.pages/1.png`])
      expect(await t.ctx.storage.exists(key!), key!).toBe(false);
    const view = (await guest().get(`/ajax/express/orders/${order.token}`)).json();
    expect(view).toMatchObject({ status: 'printed', documents_deleted: true });
    expect(
      (await guest().get(`/ajax/express/orders/${order.token}/documents/${stored.id}/pages/1.png`))
        .statusCode,
    ).toBe(404);
  });

  it('failed before anything printed: refunded in full through the provider', async () => {
    const email = 'jan.failed@example.com';
    const order = await paidExpressOrder(t, { printerId, pages: 4, priceMinor: 200, email });
    expect((await printNow(order.token)).statusCode).toBe(200);
    await reportFailed(t.ctx, order.jobId, 0);

    const ended = await orderRow(t, order.orderId);
    expect(ended).toMatchObject({ status: 'refunded', printed_faces: 0 });
    await t.ctx.worker.drain();
    const refund = await waitFor(
      () => refundRow(t, order.orderId),
      (r) => r?.status === 'succeeded',
    );
    expect(refund).toMatchObject({ amount_minor: 200, reason: 'printer_failed' });
    expect((await sandboxRefunds(t)).filter((r) => r.reference === refund!.reference)).toHaveLength(
      1,
    );
    const mail = await t.smtp.waitFor(email, (m) => m.subject.includes('on its way back'));
    expect(mail.text).toContain('The printer could not print your order');
    const view = (await guest().get(`/ajax/express/orders/${order.token}`)).json();
    expect(view).toMatchObject({
      status: 'refunded',
      refund: { amount_minor: 200, status: 'succeeded', reason: 'printer_failed' },
    });
  });

  it('failed mid-way: the guest pays only for the faces that came out (discount included)', async () => {
    // 4 mono faces at 50, 50 % off: 100 paid. 1 face came out: it cost 25 after the discount.
    const order = await paidExpressOrder(t, {
      printerId,
      pages: 4,
      priceMinor: 100,
      discountPercent: 50,
    });
    expect((await printNow(order.token)).statusCode).toBe(200);
    const before = (await statsOf(printerId)) ?? zeroStats;
    await reportFailed(t.ctx, order.jobId, 1);

    expect(await orderRow(t, order.orderId)).toMatchObject({
      status: 'refunded',
      printed_faces: 1,
    });
    await t.ctx.worker.drain();
    const refund = await waitFor(
      () => refundRow(t, order.orderId),
      (r) => r?.status === 'succeeded',
    );
    expect(refund).toMatchObject({ amount_minor: 75, reason: 'printer_failed' });
    expect(await statsOf(printerId)).toEqual({
      ...before,
      express_mono_pages: before.express_mono_pages + 1,
    });
  });

  it("a partial refund uses the page prices of the checkout, not the printer's later ones", async () => {
    const order = await paidExpressOrder(t, {
      printerId,
      pages: 4,
      priceMinor: 100,
      discountPercent: 50,
    });
    // Frozen at checkout: 50 a mono page. The admin raises the printer's price afterwards.
    await t.ctx.db
      .updateTable('express_orders')
      .set({ mono_price_minor: 50, color_price_minor: 150 })
      .where('id', '=', order.orderId)
      .execute();
    await setPrinter(t, printerId, { express_mono_price_minor: 80 });
    expect((await printNow(order.token)).statusCode).toBe(200);
    await reportFailed(t.ctx, order.jobId, 1);
    await t.ctx.worker.drain();
    const refund = await waitFor(
      () => refundRow(t, order.orderId),
      (r) => r?.status === 'succeeded',
    );
    // 1 face at 50, half off: 25 used, 75 back (at the new price it would be 60).
    expect(refund).toMatchObject({ amount_minor: 75, reason: 'printer_failed' });
  });

  it('failed with nothing to give back (a free order): stays failed', async () => {
    const order = await paidExpressOrder(t, { printerId, priceMinor: 0, discountPercent: 100 });
    expect((await printNow(order.token)).statusCode).toBe(200);
    await reportFailed(t.ctx, order.jobId, 0);
    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'failed' });
    expect(await refundRow(t, order.orderId)).toBeUndefined();
    // A repeated report changes nothing.
    await reportFailed(t.ctx, order.jobId, 0);
    expect((await orderRow(t, order.orderId)).status).toBe('failed');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/seed/seed';
import { signInDemoAdmin } from './helpers/admin';
import { paidExpressOrder, printerIdByCode, refundRow } from './helpers/express-paid';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

let t: TTestApp;
let admin: TestAgent;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.ctx.db);
  admin = await signInAdmin();
});
afterAll(() => t?.close());

const signInAdmin = (locale = 'en') => signInDemoAdmin(t.app, locale);

type TOrder = { id: number; status: string; printer: { id: number }; express_url: string };
async function orders(status?: string): Promise<TOrder[]> {
  const res = await admin.get(`/api/admin/express-orders${status ? `?status=${status}` : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json().orders;
}
const setPrinter = (
  id: number,
  changes: { is_enabled?: boolean; maintenance_mode?: boolean; agent_last_seen_at?: Date },
) => t.ctx.db.updateTable('printers').set(changes).where('id', '=', id).execute();
const refundOf = (orderId: number) => refundRow(t, orderId);
async function until(ok: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 15_000;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('express discount codes', () => {
  it('lists the seeded codes with their state', async () => {
    const res = await admin.get('/api/admin/discount-codes');
    expect(res.statusCode).toBe(200);
    const byCode = Object.fromEntries(
      res.json().codes.map((c: { code: string; is_usable: boolean }) => [c.code, c.is_usable]),
    );
    expect(byCode).toEqual({
      EXPRESS10: true,
      SUMMER25: false, // expired
      PARTNER50: false, // inactive
      LAUNCH100: false, // used up
    });
  });

  it('adds a code; an empty code gets a random unambiguous one', async () => {
    let res = await admin.post('/api/admin/discount-codes', {
      code: '',
      percent: '15',
      number_of_uses: '3',
      active: true,
    });
    expect(res.statusCode).toBe(201);
    const random = res.json();
    expect(random.code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/);
    expect(random).toMatchObject({
      percent: 15,
      number_of_uses: 3,
      uses: 0,
      active: true,
      expiration_date: null,
      is_usable: true,
    });

    res = await admin.post('/api/admin/discount-codes', {
      code: 'autumn-5',
      percent: 5,
      number_of_uses: 10,
      active: false,
      expiration_date: '2099-12-31',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      code: 'AUTUMN-5',
      expiration_date: '2099-12-31',
      active: false,
      is_usable: false,
    });

    const list = (await admin.get('/api/admin/discount-codes')).json().codes;
    expect(list[0].code).toBe('AUTUMN-5');
    expect(list[1].code).toBe(random.code);

    const audit = (await admin.get('/api/admin/audit-log?action=discount_code')).json().entries;
    expect(audit[0]).toMatchObject({
      action: 'discount_code.create',
      details: { code: 'AUTUMN-5', percent: 5 },
      actor: { email: 'admin@printomat.example' },
    });
  });

  it('refuses bad input field by field, in the admin’s language, saving nothing', async () => {
    const before = (await admin.get('/api/admin/discount-codes')).json().codes.length;
    let res = await admin.post('/api/admin/discount-codes', {
      code: 'express10',
      percent: 10,
      number_of_uses: 1,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ code: ['has already been taken'] });

    res = await admin.post('/api/admin/discount-codes', {
      code: 'ok',
      percent: '',
      number_of_uses: '0',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      percent: ["can't be blank"],
      number_of_uses: ['must be greater than 0'],
    });

    res = await admin.post('/api/admin/discount-codes', {
      percent: 101,
      number_of_uses: 'x',
      code: 'no spaces',
    });
    expect(res.json().errors).toEqual({
      code: ['is invalid'],
      percent: ['must be less than 101'],
      number_of_uses: ['is not a number'],
    });

    res = await admin.post('/api/admin/discount-codes', {
      percent: 10,
      number_of_uses: 1,
      expiration_date: '2001-01-01',
    });
    expect(res.json().errors).toEqual({ expiration_date: ['is invalid'] });

    const polish = await signInAdmin('pl');
    res = await polish.post('/api/admin/discount-codes', { percent: 2.5, number_of_uses: 1 });
    expect(res.json().errors).toEqual({ percent: ['musi być liczbą całkowitą'] });

    expect((await admin.get('/api/admin/discount-codes')).json().codes.length).toBe(before);
  });
});

describe('express orders', () => {
  it('lists the seeded orders in every state and shows one with its express url', async () => {
    const all = await orders();
    expect(new Set(all.map((o) => o.status))).toEqual(
      new Set(['created', 'scheduled', 'printed', 'failed']),
    );
    expect((await orders('failed')).length).toBe(2);
    const one = all[0]!;
    const res = await admin.get(`/api/admin/express-orders/${one.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().express_url).toMatch(
      /^http:\/\/printomat\.test\/express\/orders\/[\w-]{43}$/,
    );
    // A seeded order was never paid through a provider: no payment, no refund.
    expect(res.json()).toMatchObject({ payment: null, refund: null });
    expect((await admin.get('/api/admin/express-orders/999999')).statusCode).toBe(404);
  });

  it('resets only a failed order', async () => {
    const [printed] = await orders('printed');
    let res = await admin.post(`/api/admin/express-orders/${printed!.id}/reset`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Order must be in failed state to be reset');
    const german = await signInAdmin('de');
    res = await german.post(`/api/admin/express-orders/${printed!.id}/reset`);
    expect(res.json().message).toBe(
      'Die Bestellung muss fehlgeschlagen sein, um zurückgesetzt zu werden',
    );

    const [failed] = await orders('failed');
    res = await admin.post(`/api/admin/express-orders/${failed!.id}/reset`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'created',
      failure_reason: null,
      allowed_actions: ['print'],
    });
    const audit = (
      await admin.get(`/api/admin/audit-log?subject_type=express_order&subject_id=${failed!.id}`)
    ).json().entries;
    expect(audit[0]).toMatchObject({
      action: 'express_order.reset',
      details: { from: 'failed', to: 'created' },
    });
  });

  it('prints a paid order for real: refused on a disabled printer or one in maintenance', async () => {
    const printerId = await printerIdByCode(t);
    const order = await paidExpressOrder(t, { printerId });
    await setPrinter(printerId, { is_enabled: false, agent_last_seen_at: new Date() });
    let res = await admin.post(`/api/admin/express-orders/${order.orderId}/print`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Can't print on disabled printer");
    const polish = await signInAdmin('pl');
    res = await polish.post(`/api/admin/express-orders/${order.orderId}/print`);
    expect(res.json().message).toBe('Nie można drukować na wyłączonej drukarce');

    await setPrinter(printerId, { is_enabled: true, maintenance_mode: true });
    res = await admin.post(`/api/admin/express-orders/${order.orderId}/print`);
    expect(res.json().message).toBe('Maintenance mode enabled - printing not possible');
    expect((await admin.get(`/api/admin/express-orders/${order.orderId}`)).json().status).toBe(
      'created',
    );

    await setPrinter(printerId, { maintenance_mode: false });
    const pushed: unknown[] = [];
    const stop = t.ctx.events.subscribe(`printer:${printerId}`, (event) => pushed.push(event));
    res = await admin.post(`/api/admin/express-orders/${order.orderId}/print`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'scheduled',
      allowed_actions: ['fail'],
      printjob_id: order.jobId,
    });
    // The job went to the printer's agent, like any print job.
    const job = await t.ctx.db
      .selectFrom('printjobs')
      .select(['status', 'printer_id'])
      .where('id', '=', order.jobId)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'scheduled', printer_id: printerId });
    await until(() => pushed.length > 0);
    stop();
    expect(pushed).toContainEqual({ kind: 'job_released', printerId, jobId: order.jobId });

    res = await admin.post(`/api/admin/express-orders/${order.orderId}/print`);
    expect(res.statusCode).toBe(409);
    const audit = (
      await admin.get(`/api/admin/audit-log?subject_type=express_order&subject_id=${order.orderId}`)
    ).json().entries;
    expect(audit[0]).toMatchObject({
      action: 'express_order.print',
      details: { from: 'created', to: 'scheduled', by: 'admin' },
      actor: { email: 'admin@printomat.example' },
    });
  });

  it('fail withdraws the job from the agent and refunds the guest; the detail shows both references', async () => {
    const printerId = await printerIdByCode(t);
    await setPrinter(printerId, {
      is_enabled: true,
      maintenance_mode: false,
      agent_last_seen_at: new Date(),
    });
    const order = await paidExpressOrder(t, { printerId, priceMinor: 180 });
    expect((await admin.post(`/api/admin/express-orders/${order.orderId}/print`)).statusCode).toBe(
      200,
    );
    const pushed: unknown[] = [];
    const stop = t.ctx.events.subscribe(`printer:${printerId}`, (event) => pushed.push(event));
    let res = await admin.post(`/api/admin/express-orders/${order.orderId}/fail`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'refunded',
      allowed_actions: [],
      refund: { amount_minor: 180, reason: 'admin_failed', status: 'pending' },
    });
    await until(() => pushed.some((e) => (e as { kind: string }).kind === 'job_cancelled'));
    stop();
    expect(pushed).toContainEqual({ kind: 'job_cancelled', printerId, jobId: order.jobId });
    const job = await t.ctx.db
      .selectFrom('printjobs')
      .select('status')
      .where('id', '=', order.jobId)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('failed');

    await t.ctx.worker.drain();
    await until(async () => (await refundOf(order.orderId))?.status === 'succeeded');
    res = await admin.get(`/api/admin/express-orders/${order.orderId}`);
    const detail = res.json();
    const payment = await t.ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('express_order_id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(detail.payment).toMatchObject({
      reference: payment.reference,
      provider: 'sandbox',
      provider_reference: payment.provider_reference,
      status: 'completed',
      amount_minor: 180,
      currency: 'PLN',
    });
    expect(detail.refund).toMatchObject({
      provider: 'sandbox',
      status: 'succeeded',
      amount_minor: 180,
      reason: 'admin_failed',
      failure_code: null,
    });
    expect(detail.refund.reference).toMatch(/^re_/);
    expect(detail.refund.provider_reference).toMatch(/^sbx_re_/);
    // The list shows the same.
    const listed = (await orders('refunded')).find((o) => o.id === order.orderId);
    expect(listed).toMatchObject({ refund: { status: 'succeeded' } });

    // Nothing to reset: the money went back.
    res = await admin.post(`/api/admin/express-orders/${order.orderId}/reset`);
    expect(res.json().message).toBe('Order must be in failed state to be reset');
    res = await admin.post(`/api/admin/express-orders/${order.orderId}/fail`);
    expect(res.json().message).toBe(
      'Only an order that was sent to the printer can be marked this way.',
    );
  });

  it('reset makes a failed order printable again: its job goes back to the printer', async () => {
    const printerId = await printerIdByCode(t);
    await setPrinter(printerId, {
      is_enabled: true,
      maintenance_mode: false,
      agent_last_seen_at: new Date(),
    });
    // A free order (100 % code): failing it gives nothing back, so it stays failed.
    const order = await paidExpressOrder(t, { printerId, priceMinor: 0, discountPercent: 100 });
    expect((await admin.post(`/api/admin/express-orders/${order.orderId}/print`)).statusCode).toBe(
      200,
    );
    let res = await admin.post(`/api/admin/express-orders/${order.orderId}/fail`);
    expect(res.json()).toMatchObject({ status: 'failed', refund: null, payment: null });
    expect(res.json().allowed_actions).toEqual(['reset']);
    res = await admin.post(`/api/admin/express-orders/${order.orderId}/reset`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'created', failure_reason: null, ended_at: null });
    expect(new Date(res.json().print_by).getTime()).toBeGreaterThan(Date.now());
    let job = await t.ctx.db
      .selectFrom('printjobs')
      .select(['status', 'printer_id', 'is_submitted'])
      .where('id', '=', order.jobId)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'created', printer_id: null, is_submitted: true });
    res = await admin.post(`/api/admin/express-orders/${order.orderId}/print`);
    expect(res.json().status).toBe('scheduled');
    job = await t.ctx.db
      .selectFrom('printjobs')
      .select(['status', 'printer_id', 'is_submitted'])
      .where('id', '=', order.jobId)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'scheduled', printer_id: printerId, is_submitted: true });
  });

  it('on the print jobs page an express job is not printed or reset, and failing it there refunds the order', async () => {
    const printerId = await printerIdByCode(t);
    await setPrinter(printerId, {
      is_enabled: true,
      maintenance_mode: false,
      agent_last_seen_at: new Date(),
    });
    const order = await paidExpressOrder(t, { printerId, priceMinor: 120 });
    let res = await admin.post(`/api/admin/printjobs/${order.jobId}/print`, {
      printer_id: printerId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This print job belongs to an express order: print or reset it from the express order.',
    );
    expect((await admin.post(`/api/admin/express-orders/${order.orderId}/print`)).statusCode).toBe(
      200,
    );
    res = await admin.post(`/api/admin/printjobs/${order.jobId}/fail`);
    expect(res.statusCode).toBe(200);
    const detail = (await admin.get(`/api/admin/express-orders/${order.orderId}`)).json();
    expect(detail).toMatchObject({
      status: 'refunded',
      failure_reason: 'admin',
      refund: { amount_minor: 120, reason: 'admin_failed' },
    });
    // The order's job stays the guest's only one (no empty "next job" as a person would get).
    const jobs = await t.ctx.db
      .selectFrom('printjobs')
      .select('id')
      .where('user_id', '=', order.guestId)
      .execute();
    expect(jobs).toEqual([{ id: order.jobId }]);
    res = await admin.post(`/api/admin/printjobs/${order.jobId}/reset`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('express_job');
  });

  it('is for admins only', async () => {
    const person = new TestAgent(t.app);
    await registerAndSignIn(person);
    expect((await person.get('/api/admin/express-orders')).statusCode).toBe(403);
    expect((await person.post('/api/admin/discount-codes', { percent: 5 })).statusCode).toBe(403);
  });
});

describe('audit log filters', () => {
  it('filters by action prefix, exact action and object', async () => {
    const all = (await admin.get('/api/admin/audit-log?action=express_order')).json().entries;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((e: { action: string }) => e.action.startsWith('express_order.'))).toBe(true);
    const exact = (await admin.get('/api/admin/audit-log?action=express_order.print')).json()
      .entries;
    expect(exact.length).toBeGreaterThan(0);
    expect(new Set(exact.map((e: { action: string }) => e.action))).toEqual(
      new Set(['express_order.print']),
    );
    const none = (await admin.get('/api/admin/audit-log?action=express')).json().entries;
    expect(none).toEqual([]);
  });
});

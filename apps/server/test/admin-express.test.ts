import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/seed/seed';
import { signInDemoAdmin } from './helpers/admin';
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
const setPrinter = (id: number, changes: { is_enabled?: boolean; maintenance_mode?: boolean }) =>
  t.ctx.db.updateTable('printers').set(changes).where('id', '=', id).execute();

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
    expect(res.json().express_url).toMatch(/^http:\/\/printomat\.test\/express\/[\w-]{43}$/);
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

  it('prints a created order, but not on a disabled printer or one in maintenance', async () => {
    const [created] = await orders('created');
    const printerId = created!.printer.id;
    await setPrinter(printerId, { is_enabled: false });
    let res = await admin.post(`/api/admin/express-orders/${created!.id}/print`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Can't print on disabled printer");
    const polish = await signInAdmin('pl');
    res = await polish.post(`/api/admin/express-orders/${created!.id}/print`);
    expect(res.json().message).toBe('Nie można drukować na wyłączonej drukarce');

    await setPrinter(printerId, { is_enabled: true, maintenance_mode: true });
    res = await admin.post(`/api/admin/express-orders/${created!.id}/print`);
    expect(res.json().message).toBe('Maintenance mode enabled - printing not possible');
    expect((await admin.get(`/api/admin/express-orders/${created!.id}`)).json().status).toBe(
      'created',
    );

    await setPrinter(printerId, { maintenance_mode: false });
    res = await admin.post(`/api/admin/express-orders/${created!.id}/print`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'scheduled', allowed_actions: ['fail'] });

    res = await admin.post(`/api/admin/express-orders/${created!.id}/print`);
    expect(res.statusCode).toBe(409);

    res = await admin.post(`/api/admin/express-orders/${created!.id}/fail`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('failed');
    res = await admin.post(`/api/admin/express-orders/${created!.id}/fail`);
    expect(res.json().message).toBe(
      'Only an order that was sent to the printer can be marked this way.',
    );
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
    expect(exact.map((e: { action: string }) => e.action)).toEqual(['express_order.print']);
    const none = (await admin.get('/api/admin/audit-log?action=express')).json().entries;
    expect(none).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/seed/seed';
import { signInDemoAdmin } from './helpers/admin';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

// Issue 13: admins edit and deactivate express discount codes and see each code's usage.
let t: TTestApp;
let admin: TestAgent;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.ctx.db);
  admin = await signInDemoAdmin(t.app, 'en');
});
afterAll(() => t?.close());

type TCode = {
  id: number;
  code: string;
  percent: number;
  expiration_date: string | null;
  active: boolean;
  number_of_uses: number;
  uses: number;
  is_usable: boolean;
};

async function codeNamed(code: string): Promise<TCode> {
  const codes = (await admin.get('/api/admin/discount-codes')).json().codes as TCode[];
  const found = codes.find((c) => c.code === code);
  if (!found) throw new Error(`no code ${code}`);
  return found;
}

async function addCode(code: string): Promise<TCode> {
  const res = await admin.post('/api/admin/discount-codes', {
    code,
    percent: 10,
    number_of_uses: 5,
    active: true,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('editing discount codes', () => {
  it('changes percent, expiry, number of uses and state; the code itself stays', async () => {
    const code = await addCode('EDIT-ME');
    const res = await admin.request('PATCH', `/api/admin/discount-codes/${code.id}`, {
      code: 'OTHER',
      percent: '35',
      expiration_date: '2099-06-30',
      number_of_uses: '12',
      active: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: code.id,
      code: 'EDIT-ME',
      percent: 35,
      expiration_date: '2099-06-30',
      number_of_uses: 12,
      active: false,
      is_usable: false,
    });
    expect(await codeNamed('EDIT-ME')).toMatchObject({ percent: 35, number_of_uses: 12 });

    // Clearing the expiry makes a code that never expires.
    const cleared = await admin.request('PATCH', `/api/admin/discount-codes/${code.id}`, {
      percent: 35,
      expiration_date: '',
      number_of_uses: 12,
      active: true,
    });
    expect(cleared.json()).toMatchObject({ expiration_date: null, active: true, is_usable: true });

    const audit = (await admin.get('/api/admin/audit-log?action=discount_code.update')).json()
      .entries;
    expect(audit[0]).toMatchObject({
      action: 'discount_code.update',
      details: {
        code: 'EDIT-ME',
        before: { percent: 35, expiration_date: '2099-06-30', active: false },
        after: { percent: 35, expiration_date: null, active: true },
      },
    });
  });

  it('refuses bad changes field by field in the admin’s language, changing nothing', async () => {
    // LAUNCH100 is seeded used up: its uses cannot be undone by lowering the number of uses.
    const used = await codeNamed('LAUNCH100');
    expect(used.uses).toBeGreaterThan(0);
    let res = await admin.request('PATCH', `/api/admin/discount-codes/${used.id}`, {
      percent: used.percent,
      expiration_date: used.expiration_date ?? '',
      number_of_uses: used.uses - 1,
      active: true,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      number_of_uses: [`must be greater than ${used.uses - 1}`],
    });

    const code = await addCode('STRICT');
    res = await admin.request('PATCH', `/api/admin/discount-codes/${code.id}`, {
      percent: 0,
      expiration_date: '2001-01-01',
      number_of_uses: 5,
      active: true,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ percent: ['must be greater than 0'] });

    res = await admin.request('PATCH', `/api/admin/discount-codes/${code.id}`, {
      percent: 20,
      expiration_date: '2001-01-01',
      number_of_uses: 5,
      active: true,
    });
    expect(res.json().errors).toEqual({ expiration_date: ['is invalid'] });

    const polish = await signInDemoAdmin(t.app, 'pl');
    res = await polish.request('PATCH', `/api/admin/discount-codes/${code.id}`, {
      percent: 20,
      number_of_uses: 'x',
      active: true,
    });
    expect(res.json().errors).toEqual({ number_of_uses: ['nie jest liczbą'] });

    expect(await codeNamed('STRICT')).toMatchObject({ percent: 10, expiration_date: null });
    expect(
      (
        await admin.request('PATCH', '/api/admin/discount-codes/999999', {
          percent: 5,
          number_of_uses: 1,
          active: true,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('an expired code keeps its past date when other fields change', async () => {
    const expired = await codeNamed('SUMMER25');
    expect(expired.expiration_date).not.toBeNull();
    const res = await admin.request('PATCH', `/api/admin/discount-codes/${expired.id}`, {
      percent: 30,
      expiration_date: expired.expiration_date,
      number_of_uses: expired.number_of_uses,
      active: expired.active,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ percent: 30, is_usable: false });
  });
});

describe('deactivating discount codes', () => {
  it('switches a code off once, with an audit entry; usage stays', async () => {
    const code = await codeNamed('EXPRESS10');
    expect(code.is_usable).toBe(true);
    let res = await admin.post(`/api/admin/discount-codes/${code.id}/deactivate`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'EXPRESS10',
      active: false,
      is_usable: false,
      uses: code.uses,
      number_of_uses: code.number_of_uses,
    });
    res = await admin.post(`/api/admin/discount-codes/${code.id}/deactivate`);
    expect(res.statusCode).toBe(200);
    const audit = (await admin.get('/api/admin/audit-log?action=discount_code.deactivate')).json()
      .entries;
    expect(
      audit.filter((e: { subject_id: string | null }) => e.subject_id === String(code.id)),
    ).toHaveLength(1);
    expect((await admin.post('/api/admin/discount-codes/999999/deactivate')).statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    const person = new TestAgent(t.app);
    await registerAndSignIn(person);
    const code = await codeNamed('EXPRESS10');
    expect((await person.post(`/api/admin/discount-codes/${code.id}/deactivate`)).statusCode).toBe(
      403,
    );
    expect(
      (await person.request('PATCH', `/api/admin/discount-codes/${code.id}`, { percent: 5 }))
        .statusCode,
    ).toBe(403);
  });
});

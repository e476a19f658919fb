import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminPackage, TPackageList } from '@printomat/shared';
import { seedPackages } from '../src/seed/packages-seed';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

let t: TTestApp;
let admin: TestAgent;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedPackages(t.ctx.db);
  admin = new TestAgent(t.app);
  adminId = (await registerAndSignIn(admin)).id;
  await t.ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', adminId).execute();
}, 60_000);

afterAll(() => t.close());

const input = {
  code: 'XXL',
  audience: 'personal',
  pages: 1000,
  validity_days: 365,
  regular_price_minor: 15000,
  promo_percent: 10,
  currency: 'pln',
  is_popular: false,
  is_active: true,
  sort_order: 5,
};

async function auditActions(subjectId: number) {
  const rows = await t.ctx.db
    .selectFrom('audit_log')
    .select(['action', 'actor_user_id'])
    .where('subject_type', '=', 'package')
    .where('subject_id', '=', String(subjectId))
    .orderBy('id')
    .execute();
  return rows;
}

describe('admin package management', () => {
  it('creates, edits and deactivates a package, each with an audit row; the shop follows', async () => {
    const created = await admin.post('/api/admin/packages', input);
    expect(created.statusCode).toBe(201);
    const pkg = created.json<TAdminPackage>();
    expect(pkg).toMatchObject({
      code: 'XXL',
      currency: 'PLN',
      price_minor: 13500,
      regular_price_minor: 15000,
      color_pages: 333,
      is_active: true,
    });

    const edited = await admin.put(`/api/admin/packages/${pkg.id}`, {
      ...input,
      pages: 1200,
      promo_percent: 0,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ pages: 1200, color_pages: 400, price_minor: 15000 });

    let shop = (await new TestAgent(t.app).get('/api/packages')).json<TPackageList>();
    expect(shop.packages.some((p) => p.id === pkg.id)).toBe(true);

    const off = await admin.post(`/api/admin/packages/${pkg.id}/deactivate`);
    expect(off.json()).toMatchObject({ is_active: false });
    shop = (await new TestAgent(t.app).get('/api/packages')).json<TPackageList>();
    expect(shop.packages.some((p) => p.id === pkg.id)).toBe(false);
    // Still listed for admins.
    const all = (await admin.get('/api/admin/packages')).json<{ packages: TAdminPackage[] }>();
    expect(all.packages.find((p) => p.id === pkg.id)?.is_active).toBe(false);

    expect(await auditActions(pkg.id)).toEqual([
      { action: 'package.create', actor_user_id: adminId },
      { action: 'package.update', actor_user_id: adminId },
      { action: 'package.deactivate', actor_user_id: adminId },
    ]);
  });

  it('bad input gets field messages and saves nothing', async () => {
    const before = (await admin.get('/api/admin/packages')).json<{ packages: unknown[] }>();
    const response = await admin.post('/api/admin/packages', {
      ...input,
      code: '',
      pages: 0,
      validity_days: 1.5,
      currency: 'złoty',
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors.code).toEqual(["can't be blank"]);
    expect(errors.pages?.[0]).toMatch(/greater than 0/);
    expect(errors.validity_days).toEqual(['must be an integer']);
    expect(errors.currency).toEqual(['is invalid']);
    const after = (await admin.get('/api/admin/packages')).json<{ packages: unknown[] }>();
    expect(after.packages).toHaveLength(before.packages.length);
  });

  it('a package without a currency gets the shop’s (PAYMENT_CURRENCY, PLN by default)', async () => {
    const { currency: _omitted, ...withoutCurrency } = input;
    const response = await admin.post('/api/admin/packages', { ...withoutCurrency, code: 'XS' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ code: 'XS', currency: 'PLN' });
  });

  it('a second active package with the same code and audience is refused', async () => {
    const response = await admin.post('/api/admin/packages', { ...input, code: 'M' });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors.code).toEqual([
      'has already been taken',
    ]);
  });

  it('only administrators manage packages', async () => {
    const user = new TestAgent(t.app);
    await registerAndSignIn(user);
    expect((await user.get('/api/admin/packages')).statusCode).toBe(403);
    expect((await user.post('/api/admin/packages', input)).statusCode).toBe(403);
    expect((await new TestAgent(t.app).get('/api/admin/packages')).statusCode).toBe(401);
  });

  it('an unknown package is 404', async () => {
    expect((await admin.get('/api/admin/packages/999999')).statusCode).toBe(404);
    expect((await admin.post('/api/admin/packages/999999/deactivate')).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  addMonthlyCounts,
  addMonthlyUser,
  monthOf,
} from '../src/modules/printers/printer-stats.repo';
import { seedDemoData } from '../src/seed/seed';
import { signInDemoAdmin } from './helpers/admin';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.ctx.db);
});
afterAll(() => t?.close());

it('keeps a printer’s monthly user counts when one of those people is deleted', async () => {
  const admin = await signInDemoAdmin(t.app);
  const printer = await t.ctx.db
    .selectFrom('printers')
    .select('id')
    .where('direct_print_code', '=', '418273')
    .executeTakeFirstOrThrow();
  const month = monthOf(new Date());
  const people = [];
  for (const prefix of ['stat-a', 'stat-b']) {
    const { id } = await registerAndSignIn(
      new TestAgent(t.app),
      `${prefix}-${Date.now()}@example.com`,
    );
    await addMonthlyUser(t.ctx.db, printer.id, month, 'printing', id);
    people.push(id);
  }
  await addMonthlyCounts(t.ctx.db, printer.id, month, { classic_mono_pages: 4 });
  const printingUsers = async () => {
    const res = await admin.get(`/api/admin/printers/${printer.id}/statistics`);
    expect(res.statusCode).toBe(200);
    const months = res.json().months as { month: string; printing_users: number }[];
    return months.find((m) => m.month === month.slice(0, 7))?.printing_users;
  };
  expect(await printingUsers()).toBe(2);

  const deleted = await admin.delete(`/api/admin/users/${people[0]}`);
  expect(deleted.statusCode).toBe(200);
  expect(
    await t.ctx.db.selectFrom('users').select('id').where('id', '=', people[0]!).executeTakeFirst(),
  ).toBeUndefined();
  expect(await printingUsers()).toBe(2);
});

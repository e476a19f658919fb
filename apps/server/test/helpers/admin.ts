import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { hashPassword } from '../../src/modules/auth/passwords';
import { seedDemoData } from '../../src/seed/seed';
import { createTestApp, TestAgent, uniqueEmail, type TTestApp } from './test-app';

/**
 * Signs in as the seeded demo admin (needs `seedDemoData`). With a locale, the language cookie is
 * set afterwards (sign-in sets it to the account's language): it wins over the admin's profile
 * language (English) in this agent only.
 */
export async function signInDemoAdmin(app: FastifyInstance, locale?: string): Promise<TestAgent> {
  const agent = new TestAgent(app);
  const res = await agent.post('/api/auth/sign-in', {
    email: 'admin@printomat.example',
    password: 'admin-demo-2026',
  });
  expect(res.statusCode).toBe(200);
  if (locale !== undefined) agent.cookies.set('lang', locale);
  return agent;
}

/** Creates a new admin account (in the given profile language, if any) and signs it in. */
export async function signInNewAdmin(t: TTestApp, locale?: 'en' | 'de' | 'pl'): Promise<TestAgent> {
  const email = uniqueEmail('admin');
  await t.ctx.db
    .insertInto('users')
    .values({
      email,
      password_hash: await hashPassword('admin password'),
      role: 'admin',
      ...(locale === undefined ? {} : { locale }),
      referral_code: `A${Date.now()}${Math.random().toString(36).slice(2, 6)}`,
    })
    .execute();
  const agent = new TestAgent(t.app);
  const res = await agent.post('/api/auth/sign-in', { email, password: 'admin password' });
  expect(res.statusCode).toBe(200);
  return agent;
}

/** A test app with the demo data, its admin signed in, and that admin's user id. */
export async function appWithDemoAdmin(): Promise<{
  t: TTestApp;
  admin: TestAgent;
  adminId: number;
}> {
  const t = await createTestApp();
  await seedDemoData(t.ctx.db);
  const admin = await signInDemoAdmin(t.app);
  const adminId: number = (await admin.get('/api/session')).json().user.id;
  return { t, admin, adminId };
}

/** Open Monday to Friday, 08:00–20:00 (the admin printer form's open hours). */
export const WEEKDAYS_8_TO_20 = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  is_open: weekday <= 5,
  open_time: weekday <= 5 ? '08:00' : null,
  close_time: weekday <= 5 ? '20:00' : null,
}));

let printerFormCounter = 0;

/** A valid admin printer form in city `cityId` (a fresh name and printer code each time). */
export function printerForm(cityId: number, overrides: Record<string, unknown> = {}) {
  printerFormCounter += 1;
  return {
    name: `Test printer ${printerFormCounter}`,
    full_name: 'Test printer in the library',
    description: 'Ground floor, next to the lifts',
    country: 'PL',
    city_id: cityId,
    street: 'Marszałkowska',
    house_number: '10',
    postcode: '00-950',
    location_x: 52.23,
    location_y: 21.01,
    radius: 50,
    email: null,
    direct_print_code: String(700000 + printerFormCounter),
    express_email: null,
    is_color: true,
    is_copier: false,
    is_enabled: true,
    is_premium: false,
    minion_id: null,
    maps_place_url: 'https://maps.example.com/place/1',
    open_hours: WEEKDAYS_8_TO_20,
    ...overrides,
  };
}

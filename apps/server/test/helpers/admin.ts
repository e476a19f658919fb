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

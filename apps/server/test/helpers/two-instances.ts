import { afterAll, beforeAll } from 'vitest';
import type { TDatabase } from '../../src/db/database';
import { seedDemoData } from '../../src/seed/seed';
import { createTestDatabase } from './database';
import { createTestApp, type TTestApp } from './test-app';

/**
 * Two server instances on one fresh test database with the demo data, for the `describe` it is
 * called in (started before its tests, closed after them). Read `a` and `b` inside the tests.
 */
export function useTwoInstances(): { readonly a: TTestApp; readonly b: TTestApp } {
  let database: TDatabase | undefined;
  let a: TTestApp | undefined;
  let b: TTestApp | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    a = await createTestApp({}, { database });
    b = await createTestApp({}, { database });
    await seedDemoData(a.ctx.db);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });
  const started = (app: TTestApp | undefined) => {
    if (!app) throw new Error('the two instances are not started yet');
    return app;
  };
  return {
    get a() {
      return started(a);
    },
    get b() {
      return started(b);
    },
  };
}

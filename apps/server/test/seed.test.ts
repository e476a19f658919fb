import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseEmpty, seedDemoData } from '../src/seed/seed';
import { DEMO_ACCOUNTS } from '../src/seed/demo-data';
import { createTestApp, TestAgent, type TTestApp } from './helpers/test-app';

let t: TTestApp;
let emptyBefore: boolean;
let emptyAfter: boolean;

beforeAll(async () => {
  t = await createTestApp();
  emptyBefore = await isDatabaseEmpty(t.ctx.db);
  await seedDemoData(t.ctx.db);
  emptyAfter = await isDatabaseEmpty(t.ctx.db);
});
afterAll(() => t?.close());

/** Great-circle distance in kilometres. */
function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

async function counts() {
  const db = t.ctx.db;
  const n = async (table: 'cities' | 'printers' | 'printer_open_hours' | 'users' | 'page_grants') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    cities: await n('cities'),
    printers: await n('printers'),
    printer_open_hours: await n('printer_open_hours'),
    users: await n('users'),
    page_grants: await n('page_grants'),
  };
}

describe('demo data', () => {
  it('is only seeded into an empty database', () => {
    expect(emptyBefore).toBe(true);
    expect(emptyAfter).toBe(false);
  });

  it('has the three cities', async () => {
    const cities = await t.ctx.db.selectFrom('cities').select('name').orderBy('name').execute();
    expect(cities.map((c) => c.name)).toEqual(['Berlin', 'Kraków', 'Warszawa']);
  });

  it('has at least 12 printers, each inside its city with a full week of open hours', async () => {
    const printers = await t.ctx.db
      .selectFrom('printers')
      .innerJoin('cities', 'cities.id', 'printers.city_id')
      .select([
        'printers.id',
        'printers.name',
        'printers.location_x',
        'printers.location_y',
        'printers.direct_print_code',
        'printers.country',
        'cities.name as city',
        'cities.country as city_country',
        'cities.lat',
        'cities.lon',
      ])
      .execute();
    expect(printers.length).toBeGreaterThanOrEqual(12);

    const perCity = new Map<string, number>();
    for (const p of printers) perCity.set(p.city, (perCity.get(p.city) ?? 0) + 1);
    expect([...perCity.keys()].sort()).toEqual(['Berlin', 'Kraków', 'Warszawa']);

    const far = printers
      .map((p) => ({ p, km: distanceKm(p.lat, p.lon, p.location_x, p.location_y) }))
      .filter(({ km }) => km > 30)
      .map(({ p, km }) => `${p.name} (${p.city}): ${km.toFixed(1)} km`);
    expect(far).toEqual([]);
    for (const p of printers) expect(p.country, p.name).toBe(p.city_country);

    const codes = printers.map((p) => p.direct_print_code);
    expect(new Set(codes).size).toBe(codes.length);

    const hours = await t.ctx.db
      .selectFrom('printer_open_hours')
      .select(['printer_id', 'weekday', 'is_open', 'open_time', 'close_time'])
      .execute();
    for (const p of printers) {
      const week = hours.filter((h) => h.printer_id === p.id);
      expect(week.map((h) => h.weekday).sort(), p.name).toEqual([1, 2, 3, 4, 5, 6, 7]);
      for (const day of week) {
        if (day.is_open) {
          expect(day.open_time, `${p.name} day ${day.weekday}`).toBeTruthy();
          expect(String(day.close_time) > String(day.open_time), p.name).toBe(true);
        } else {
          expect(day.open_time).toBeNull();
          expect(day.close_time).toBeNull();
        }
      }
      expect(
        week.some((d) => d.is_open),
        `${p.name} is never open`,
      ).toBe(true);
    }
  });

  it('gives every printer a distinct address at the inbound mail domain, letters transliterated', async () => {
    const printers = await t.ctx.db.selectFrom('printers').select(['name', 'email']).execute();
    const byName = new Map(printers.map((p) => [p.name, p.email]));
    // The demo kiosk: "Złote Tarasy", not "z-ote-tarasy" (issue 14 point 2).
    expect(byName.get('Złote Tarasy')).toBe('zlote-tarasy@print.printomat.example');
    expect(byName.get('Biblioteka Jagiellońska')).toBe(
      'biblioteka-jagiellonska@print.printomat.example',
    );
    expect(byName.get('St. Oberholz')).toBe('st-oberholz@print.printomat.example');
    for (const p of printers)
      expect(p.email, p.name).toMatch(/^[a-z0-9][a-z0-9-]*@print\.printomat\.example$/);
    expect(new Set(printers.map((p) => p.email)).size).toBe(printers.length);
  });

  it('lets every demo account sign in with its password and get its role', async () => {
    expect(DEMO_ACCOUNTS.map((a) => a.role).sort()).toEqual(['admin', 'business', 'user']);
    for (const account of DEMO_ACCOUNTS) {
      const agent = new TestAgent(t.app);
      const res = await agent.post('/api/auth/sign-in', {
        email: account.email,
        password: account.password,
      });
      expect(res.statusCode, `${account.email}: ${res.body}`).toBe(200);
      expect(res.json().user).toMatchObject({
        email: account.email,
        role: account.role,
        locale: account.locale,
        email_confirmed: true,
        has_password: true,
      });
      const wrong = await new TestAgent(t.app).post('/api/auth/sign-in', {
        email: account.email,
        password: `${account.password}x`,
      });
      expect(wrong.statusCode).toBe(401);
    }
  });

  it('gives the personal demo account 162 pages, as the phone app sees them', async () => {
    const account = DEMO_ACCOUNTS.find((a) => a.role === 'user');
    if (!account) throw new Error('no user demo account');
    const agent = new TestAgent(t.app);
    await agent.post('/api/auth/sign-in', { email: account.email, password: account.password });
    const res = await agent.get('/ajax/user');
    expect(res.statusCode).toBe(200);
    expect(res.json().remaining_page_limit).toBe(162);

    const business = DEMO_ACCOUNTS.find((a) => a.role === 'business');
    if (!business) throw new Error('no business demo account');
    const biz = new TestAgent(t.app);
    await biz.post('/api/auth/sign-in', { email: business.email, password: business.password });
    expect((await biz.get('/ajax/user')).json().remaining_page_limit).toBe(1000);
  });

  it('adds nothing when run again', async () => {
    const before = await counts();
    expect(before.printers).toBeGreaterThanOrEqual(12);
    await seedDemoData(t.ctx.db);
    expect(await counts()).toEqual(before);

    const account = DEMO_ACCOUNTS.find((a) => a.role === 'user');
    const agent = new TestAgent(t.app);
    await agent.post('/api/auth/sign-in', { email: account?.email, password: account?.password });
    expect((await agent.get('/ajax/user')).json().remaining_page_limit).toBe(162);
    expect(await isDatabaseEmpty(t.ctx.db)).toBe(false);
  });
});

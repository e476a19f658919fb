import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { seedDemoData } from '../src/seed/seed';
import { signInNewAdmin } from './helpers/admin';
import { makePdf } from './helpers/fixtures';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

// Issue 17 point 7, what the walk found broken: welcome texts, the phone's "ready" hint,
// decommissioned printers and cities added by admins.
let t: TTestApp;
const KIOSK_CODE = '418273'; // Złote Tarasy in the demo data
let kioskId: number;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_CODE_PER_PERSON: '100/10m',
    RATE_LIMIT_RELEASE_PER_PERSON: '100/10m',
  });
  await seedDemoData(t.ctx.db);
  const kiosk = await t.ctx.db
    .selectFrom('printers')
    .select('id')
    .where('direct_print_code', '=', KIOSK_CODE)
    .executeTakeFirstOrThrow();
  kioskId = kiosk.id;
});
afterAll(() => t?.close());

/** A person with pages and a confirmed job of 2 pages. */
async function confirmedJob(agent = new TestAgent(t.app)) {
  const { id } = await registerAndSignIn(agent);
  await grantPages(t.ctx.db, { userId: id, source: 'package', pages: 20, validDays: 30 });
  await agent.upload('/ajax/documents/upload', 'doc.pdf', await makePdf(2));
  const job = (await agent.get('/ajax/printjobs/current')).json<{ id: number }>();
  const submit = await agent.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true });
  expect(submit.statusCode).toBe(200);
  return { agent, userId: id, jobId: job.id };
}

describe('welcome', () => {
  it('is new for a brand-new account and "back" after the next sign-in', async () => {
    const agent = new TestAgent(t.app);
    const { email, password } = await registerAndSignIn(agent);
    expect((await agent.get('/api/session')).json().user.is_new_account).toBe(true);
    // Days later: only a sign-in after the one that made the account makes it a returning one.
    await t.ctx.db
      .updateTable('users')
      .set({ created_at: new Date(Date.now() - 3 * 86_400_000) } as never)
      .where('email', '=', email)
      .execute();
    expect((await agent.get('/api/session')).json().user.is_new_account).toBe(true);
    await agent.post('/api/auth/sign-out');
    const signIn = await agent.post('/api/auth/sign-in', { email, password });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.is_new_account).toBe(false);
  });
});

describe('the phone dashboard hint', () => {
  it('says documents are ready only when something is confirmed', async () => {
    const phone = new TestAgent(t.app);
    const { email, password, id } = await registerAndSignIn(phone);
    await grantPages(t.ctx.db, { userId: id, source: 'package', pages: 20, validDays: 30 });
    await phone.post('/api/auth/sign-out');
    expect(
      (await phone.post('/ajax/session', { email, password, is_mobile_app: true })).statusCode,
    ).toBe(200);
    const hint = async () =>
      /data-testid="panel-hint">([^<]*)</.exec((await phone.get('/ajax/user.html')).body)?.[1];
    expect(await hint()).toBe(
      'Nothing is ready to print yet: upload and confirm your documents, then walk up to the printer and start the Printomat app.',
    );
    await phone.upload('/ajax/documents/upload', 'doc.pdf', await makePdf(1));
    // Uploaded but not confirmed: still nothing ready.
    expect(await hint()).toMatch(/^Nothing is ready/);
    const job = (await phone.get('/ajax/printjobs/current')).json<{ id: number }>();
    const submit = await phone.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true });
    expect(submit.statusCode, submit.body).toBe(200);
    expect(await hint()).toBe(
      'Your documents are ready: walk up to the printer and start the Printomat app.',
    );
  });
});

describe('decommissioned printers', () => {
  it('leave the map and refuse jobs, keep their statistics, and can be brought back', async () => {
    const admin = await signInNewAdmin(t);
    await t.ctx.db
      .updateTable('printers')
      .set({ agent_last_seen_at: new Date() })
      .where('id', '=', kioskId)
      .execute();

    const res = await admin.post(`/api/admin/printers/${kioskId}/decommission`, {
      decommissioned: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().decommissioned_at).toEqual(expect.any(String));

    const onMap = async () =>
      (await new TestAgent(t.app).get('/api/map'))
        .json<{ printers: Array<{ id: number }> }>()
        .printers.some((p) => p.id === kioskId);
    expect(await onMap()).toBe(false);
    expect((await new TestAgent(t.app).get(`/api/printers/${kioskId}`)).statusCode).toBe(404);
    expect((await new TestAgent(t.app).get(`/ajax/express/printers/${kioskId}`)).statusCode).toBe(
      404,
    );

    const { agent, jobId } = await confirmedJob();
    const byId = await agent.post(`/ajax/printjobs/${jobId}/print`, { printer_id: kioskId });
    expect(byId.statusCode).toBe(409);
    expect(byId.json()).toEqual({
      code: 'printer_decommissioned',
      message: 'This printer has been taken out of service. Choose another printer on the map.',
    });
    const byCode = await agent.post(`/ajax/printjobs/${jobId}/print_with_code`, {
      code: KIOSK_CODE,
    });
    expect(byCode.statusCode).toBe(404);
    expect(byCode.json().code).toBe('unknown_code');
    expect((await agent.get('/ajax/user')).json().remaining_page_limit).toBe(20);

    // The admin still has it, and its statistics.
    const index = (await admin.get('/api/admin/printers')).json<{
      printers: Array<{ id: number; decommissioned_at: string | null }>;
    }>();
    expect(index.printers.find((p) => p.id === kioskId)?.decommissioned_at).toEqual(
      expect.any(String),
    );
    expect((await admin.get(`/api/admin/printers/${kioskId}/statistics`)).statusCode).toBe(200);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'printer')
      .where('subject_id', '=', String(kioskId))
      .execute();
    expect(audit.map((a) => a.action)).toContain('printer.decommissioned');

    // Reversible.
    const back = await admin.post(`/api/admin/printers/${kioskId}/decommission`, {
      decommissioned: false,
    });
    expect(back.json().decommissioned_at).toBeNull();
    expect(await onMap()).toBe(true);
    const released = await agent.post(`/ajax/printjobs/${jobId}/print`, { printer_id: kioskId });
    expect(released.statusCode).toBe(200);
    expect(released.json().status).toBe('scheduled');
  });

  it('end the jobs waiting there at once: pages back, the agent drops them, the owner is told', async () => {
    const admin = await signInNewAdmin(t);
    await t.ctx.db
      .updateTable('printers')
      .set({ agent_last_seen_at: new Date() })
      .where('id', '=', kioskId)
      .execute();
    const { agent, jobId } = await confirmedJob();
    const released = await agent.post(`/ajax/printjobs/${jobId}/print`, { printer_id: kioskId });
    expect(released.json().status).toBe('scheduled');
    expect((await agent.get('/ajax/user')).json().remaining_page_limit).toBe(18);
    const { email } = await t.ctx.db
      .selectFrom('printjobs')
      .innerJoin('users', 'users.id', 'printjobs.user_id')
      .select('users.email')
      .where('printjobs.id', '=', jobId)
      .executeTakeFirstOrThrow();

    const seen: unknown[] = [];
    const off = t.ctx.events.subscribe(`printer:${kioskId}`, (e) => seen.push(e));
    try {
      const res = await admin.post(`/api/admin/printers/${kioskId}/decommission`, {
        decommissioned: true,
      });
      expect(res.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 20));
    } finally {
      off();
    }
    const job = await t.ctx.db
      .selectFrom('printjobs')
      .select(['status', 'failure_reason'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'failed', failure_reason: 'expired' });
    expect((await agent.get('/ajax/user')).json().remaining_page_limit).toBe(20);
    expect(seen).toContainEqual(
      expect.objectContaining({ kind: 'job_cancelled', printerId: kioskId, jobId }),
    );
    const mail = await t.smtp.waitFor(email, (m) => m.subject.includes('cancelled'), 20_000);
    expect(mail.text).toContain('has been taken out of service');
    expect(mail.text).toContain('The 2 pages held for it are back on your account');

    await admin.post(`/api/admin/printers/${kioskId}/decommission`, { decommissioned: false });
  });

  it('is for admins only', async () => {
    const agent = new TestAgent(t.app);
    await registerAndSignIn(agent);
    const res = await agent.post(`/api/admin/printers/${kioskId}/decommission`, {
      decommissioned: true,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('cities', () => {
  const gdansk = {
    name: 'Gdańsk',
    slug: 'gdansk',
    country: 'pl',
    timezone: 'Europe/Warsaw',
    lat: 54.352,
    lon: 18.6466,
  };

  it('are added and changed by admins, and show on the map once they hold a printer', async () => {
    const admin = await signInNewAdmin(t);
    const created = await admin.post('/api/admin/cities', gdansk);
    expect(created.statusCode).toBe(201);
    const city = created.json<{ id: number }>();
    expect(city).toEqual({ ...gdansk, id: expect.any(Number), country: 'PL', printer_count: 0 });

    // The printer form's list offers it, and the map lists it.
    const index = (await admin.get('/api/admin/printers')).json<{
      cities: Array<{ id: number; name: string }>;
    }>();
    expect(index.cities).toContainEqual({ id: city.id, name: 'Gdańsk', country: 'PL' });
    const map = (await new TestAgent(t.app).get('/api/map')).json<{
      cities: Array<{ slug: string; printer_count: number }>;
    }>();
    expect(map.cities).toContainEqual(
      expect.objectContaining({ slug: 'gdansk', printer_count: 0 }),
    );

    const changed = await admin.put(`/api/admin/cities/${city.id}`, {
      ...gdansk,
      name: 'Gdańsk (Trójmiasto)',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().name).toBe('Gdańsk (Trójmiasto)');
    const list = (await admin.get('/api/admin/cities')).json<{
      cities: Array<{ slug: string; name: string; printer_count: number }>;
    }>();
    expect(list.cities.find((c) => c.slug === 'gdansk')?.name).toBe('Gdańsk (Trójmiasto)');
    expect(list.cities.find((c) => c.slug === 'warszawa')?.printer_count).toBeGreaterThan(0);
  });

  it('refuse a taken map address, an unknown time zone and a bad country, per field', async () => {
    const admin = await signInNewAdmin(t);
    admin.acceptLanguage = 'en';
    const res = await admin.post('/api/admin/cities', { ...gdansk, slug: 'warszawa' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ slug: ['has already been taken'] });
    const bad = await admin.post('/api/admin/cities', {
      ...gdansk,
      slug: 'sopot',
      timezone: 'Europe/Nowhere',
      country: 'Poland',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['country', 'timezone']);
  });

  it('are for admins only', async () => {
    const agent = new TestAgent(t.app);
    await registerAndSignIn(agent);
    expect((await agent.post('/api/admin/cities', { ...gdansk, slug: 'x' })).statusCode).toBe(403);
    expect((await agent.get('/api/admin/cities')).statusCode).toBe(403);
  });
});

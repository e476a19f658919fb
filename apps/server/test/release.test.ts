import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { reportFailed, reportPrinted } from '../src/modules/printjobs/release.service';
import { seedDemoData } from '../src/seed/seed';
import { makePdf } from './helpers/fixtures';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

let t: TTestApp;
const ONLINE = '418273'; // Złote Tarasy in the demo data
beforeAll(async () => {
  // This file releases many jobs from one address (50 at once in the race test); the limits
  // themselves are tested in rate-limits.test.ts.
  t = await createTestApp({
    RATE_LIMIT_CODE_PER_PERSON: '100/10m',
    RATE_LIMIT_CODE_PER_IP: '1000/10m',
    RATE_LIMIT_RELEASE_PER_PERSON: '100/10m',
  });
  await seedDemoData(t.ctx.db);
});
afterAll(() => t?.close());

async function setPrinter(
  code: string,
  changes: { is_enabled?: boolean; maintenance_mode?: boolean; agent_last_seen_at?: Date | null },
) {
  await t.ctx.db
    .updateTable('printers')
    .set(changes)
    .where('direct_print_code', '=', code)
    .execute();
}

/** A person with `pages` pages and a confirmed job of `docPages` mono pages. */
async function confirmedJob(pages: number, docPages = 4, locale?: string) {
  const agent = new TestAgent(t.app);
  if (locale) agent.acceptLanguage = locale;
  const { id } = await registerAndSignIn(agent);
  await grantPages(t.ctx.db, { userId: id, source: 'package', pages, validDays: 30 });
  await agent.upload('/ajax/documents/upload', 'doc.pdf', await makePdf(docPages));
  const job = (await agent.get('/ajax/printjobs/current')).json();
  expect(
    (await agent.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true })).statusCode,
  ).toBe(200);
  return { agent, userId: id, jobId: job.id as number };
}

const remaining = async (agent: TestAgent) =>
  (await agent.get('/ajax/user')).json().remaining_page_limit as number;
const release = (agent: TestAgent, jobId: number, code = ONLINE) =>
  agent.post(`/ajax/printjobs/${jobId}/print_with_code`, { code });

describe('release with the printer’s code', () => {
  it('answers a printer that cannot print exactly like a wrong code, before reserving anything', async () => {
    const { agent, jobId } = await confirmedJob(20, 4, 'pl');
    const wrong = await release(agent, jobId, '000000');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({
      code: 'unknown_code',
      message:
        'Tym kodem nie można teraz uruchomić żadnej drukarki. Sprawdź kod wyświetlony na drukarce albo zobacz na mapie, czy drukarka jest dostępna.',
    });
    // Disabled, in maintenance, offline: a valid code must not be told apart from a wrong one.
    for (const state of [
      { is_enabled: false, agent_last_seen_at: new Date() },
      { is_enabled: true, maintenance_mode: true },
      { maintenance_mode: false, agent_last_seen_at: new Date(Date.now() - 60_000) },
      { agent_last_seen_at: null },
    ]) {
      await setPrinter(ONLINE, state);
      const res = await release(agent, jobId);
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: wrong.statusCode,
        body: wrong.json(),
      });
    }
    expect(await remaining(agent)).toBe(20);
  });

  it('checks the job before the printer, so a job that cannot print says so whatever the code', async () => {
    await setPrinter(ONLINE, { agent_last_seen_at: null });
    const { agent, jobId } = await confirmedJob(20);
    await agent.post(`/ajax/printjobs/${jobId}/submit`, { is_submitted: false });
    const offline = await release(agent, jobId);
    const wrong = await release(agent, jobId, '000000');
    expect(offline.statusCode).toBe(409);
    expect(offline.json()).toEqual(wrong.json());
  });

  it('reserves the pages, schedules the job for the printer, and refuses a second release', async () => {
    await setPrinter(ONLINE, {
      is_enabled: true,
      maintenance_mode: false,
      agent_last_seen_at: new Date(),
    });
    const { agent, jobId } = await confirmedJob(20);
    const res = await release(agent, jobId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: jobId, status: 'scheduled', cost: 4 });
    expect(await remaining(agent)).toBe(16);
    // The screen shows the printing job, locked.
    expect((await agent.get('/ajax/printjobs/current')).json()).toMatchObject({
      id: jobId,
      status: 'scheduled',
    });
    expect(
      (await agent.upload('/ajax/documents/upload', 'more.pdf', await makePdf(1))).statusCode,
    ).toBe(409);
    const again = await release(agent, jobId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Printjob is not in created status');
  });

  it('asks to confirm first', async () => {
    await setPrinter(ONLINE, { agent_last_seen_at: new Date() });
    const { agent, jobId } = await confirmedJob(20);
    await agent.post(`/ajax/printjobs/${jobId}/submit`, { is_submitted: false });
    const res = await release(agent, jobId);
    expect(res.json().message).toBe('Confirm your documents before you start printing.');
  });

  it('lets exactly one of 50 concurrent releases of one job through', async () => {
    await setPrinter(ONLINE, { agent_last_seen_at: new Date() });
    const { agent, jobId } = await confirmedJob(10, 4);
    const results = await Promise.all(Array.from({ length: 50 }, () => release(agent, jobId)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await remaining(agent)).toBe(6);
  });
});

describe('release from the phone (the printer picked on the map or by its QR link)', () => {
  it('says why a printer picked on the map cannot print (its state is public there)', async () => {
    const printer = await t.ctx.db
      .selectFrom('printers')
      .select('id')
      .where('direct_print_code', '=', ONLINE)
      .executeTakeFirstOrThrow();
    const { agent, jobId } = await confirmedJob(20, 4, 'pl');
    const print = () => agent.post(`/ajax/printjobs/${jobId}/print`, { printer_id: printer.id });
    await setPrinter(ONLINE, { is_enabled: false, agent_last_seen_at: new Date() });
    let res = await print();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('drukarka niedostępna');

    await setPrinter(ONLINE, { is_enabled: true, maintenance_mode: true });
    await agent.put('/api/account/locale', { locale: 'en' });
    res = await print();
    expect(res.json().message).toBe('Maintenance mode enabled - printing not possible');

    await setPrinter(ONLINE, {
      maintenance_mode: false,
      agent_last_seen_at: new Date(Date.now() - 60_000),
    });
    res = await print();
    expect(res.json().code).toBe('printer_offline');
    expect(await remaining(agent)).toBe(20);
  });

  it('releases to the chosen printer, and says clearly when the printer or the input is wrong', async () => {
    await setPrinter(ONLINE, {
      is_enabled: true,
      maintenance_mode: false,
      agent_last_seen_at: new Date(),
    });
    const printer = await t.ctx.db
      .selectFrom('printers')
      .select(['id', 'name'])
      .where('direct_print_code', '=', ONLINE)
      .executeTakeFirstOrThrow();
    const { agent, jobId } = await confirmedJob(20, 4, 'pl');
    let res = await agent.post(`/ajax/printjobs/${jobId}/print`, { printer_id: 999_999 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Ta drukarka nie istnieje (już). Wybierz inną na mapie.');
    res = await agent.post(`/ajax/printjobs/${jobId}/print`, { printer_id: 'abc' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.printer_id).toHaveLength(1);
    expect(await remaining(agent)).toBe(20);

    res = await agent.post(`/ajax/printjobs/${jobId}/print`, { printer_id: printer.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'scheduled',
      phase: 'waiting',
      printer: { id: printer.id, name: printer.name },
    });
    expect(await remaining(agent)).toBe(16);
  });
});

describe('printer reports', () => {
  it('charges a printed job, archives it, and opens a fresh job; a repeated report changes nothing', async () => {
    await setPrinter(ONLINE, { agent_last_seen_at: new Date() });
    const { agent, jobId } = await confirmedJob(20, 4);
    await release(agent, jobId);
    expect((await reportPrinted(t.ctx, jobId)).status).toBe('archived');
    expect((await reportPrinted(t.ctx, jobId)).status).toBe('archived');
    expect(await remaining(agent)).toBe(16);
    const fresh = (await agent.get('/ajax/printjobs/current')).json();
    expect(fresh).toMatchObject({ status: 'created', documents: [], is_submitted: false });
    expect(fresh.id).not.toBe(jobId);
  });

  it('charges nothing when the job fails before printing, and only the printed faces when it fails mid-way', async () => {
    await setPrinter(ONLINE, { agent_last_seen_at: new Date() });
    const before = await confirmedJob(20, 4);
    await release(before.agent, before.jobId);
    expect((await reportFailed(t.ctx, before.jobId, 0)).status).toBe('failed');
    expect(await remaining(before.agent)).toBe(20);

    const midway = await confirmedJob(20, 6);
    await release(midway.agent, midway.jobId);
    expect(await remaining(midway.agent)).toBe(14);
    await reportFailed(t.ctx, midway.jobId, 2);
    expect(await remaining(midway.agent)).toBe(18);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'printjob')
      .where('subject_id', '=', String(midway.jobId))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'printjob.confirmed',
      'printjob.schedule',
      'printjob.mark_failed',
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAgentSecret } from '../src/modules/agents/agents.service';
import { registerRecurringTask, startRecurringTask } from '../src/modules/jobs/recurring';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import {
  expirePrintjobs,
  startPrintjobExpiryChecks,
} from '../src/modules/printjobs/printjob-expiry.service';
import { seedDemoData } from '../src/seed/seed';
import { KIOSK_CODE } from './helpers/agent-harness';
import { testDatabaseKind } from './helpers/database';
import { makePdf } from './helpers/fixtures';
import { rawAgent } from './helpers/raw-agent';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';
import { useTwoInstances } from './helpers/two-instances';

// Issue 17 points 1 and 2: recurring work once per period across instances, and print jobs that
// end on their own.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('print jobs that expire', () => {
  let t: TTestApp;
  let url: string;
  let printerId: number;
  let printerName: string;
  let credentials: { minionId: string; secret: string };

  beforeAll(async () => {
    // A released job expires after 3.6 s here, a confirmation after 36 s; the check runs every 5 s.
    t = await createTestApp({
      PRINTJOB_RELEASE_EXPIRY_HOURS: '0.001',
      PRINTJOB_CONFIRMED_EXPIRY_HOURS: '0.01',
      PRINTJOB_EXPIRY_CHECK_SECONDS: '5',
      RATE_LIMIT_RELEASE_PER_PERSON: '100/10m',
    });
    await seedDemoData(t.ctx.db);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const printer = await t.ctx.db
      .selectFrom('printers')
      .select(['id', 'name'])
      .where('direct_print_code', '=', KIOSK_CODE)
      .executeTakeFirstOrThrow();
    printerId = printer.id;
    printerName = printer.name;
    credentials = await issueAgentSecret(t.ctx, null, printerId, 'kiosk-expiry');
  });
  afterAll(() => t?.close());

  async function confirmedJob(pages = 20, locale?: string) {
    const agent = new TestAgent(t.app);
    if (locale) agent.acceptLanguage = locale;
    const { id, email } = await registerAndSignIn(agent);
    await grantPages(t.ctx.db, { userId: id, source: 'package', pages, validDays: 30 });
    await agent.upload('/ajax/documents/upload', 'thesis.pdf', await makePdf(4));
    const job = (await agent.get('/ajax/printjobs/current')).json<{ id: number }>();
    const submitted = await agent.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true });
    expect(submitted.statusCode, submitted.body).toBe(200);
    return { agent, email, jobId: job.id };
  }
  /** The printer's agent connects, then the person releases the job to it; the agent's link. */
  async function releaseToAgent(agent: TestAgent, jobId: number) {
    const link = await rawAgent(url, credentials.minionId, credentials.secret);
    await link.next('welcome');
    expect(
      (await agent.post(`/ajax/printjobs/${jobId}/print_with_code`, { code: KIOSK_CODE }))
        .statusCode,
    ).toBe(200);
    return link;
  }
  const remaining = async (agent: TestAgent) =>
    (await agent.get('/ajax/user')).json<{ remaining_page_limit: number }>().remaining_page_limit;
  const jobRow = (id: number) =>
    t.ctx.db.selectFrom('printjobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const reservationsOf = (jobId: number) =>
    t.ctx.db
      .selectFrom('page_reservations')
      .select('status')
      .where('printjob_id', '=', jobId)
      .execute();

  it('a held job whose agent is gone expires on its own: pages back, owner told, agent withdraws it', async () => {
    const { agent, email, jobId } = await confirmedJob(20, 'de');
    // The agent takes the job, then goes away for good.
    const link = await releaseToAgent(agent, jobId);
    expect((await link.next('job')).job.jobId).toBe(jobId);
    link.close();
    await link.closed;
    expect(await remaining(agent)).toBe(16);
    // The person is blocked while it is held (the issue's 409 on the next upload).
    expect(
      (await agent.upload('/ajax/documents/upload', 'next.pdf', await makePdf(1))).statusCode,
    ).toBe(409);

    // Nobody calls anything: the recurring check ends it.
    await startPrintjobExpiryChecks(t.ctx);
    const mail = await t.smtp.waitFor(email, (m) => m.subject.includes('abgelaufen'), 20_000);
    expect(mail.subject).toBe(`Dein Druckauftrag am Drucker ${printerName} ist abgelaufen`);
    expect(mail.text).toContain('Die 4 dafür reservierten Seiten sind wieder auf deinem Konto');
    expect(mail.text).toContain('http://printomat.test/print');

    const ended = await jobRow(jobId);
    expect(ended).toMatchObject({ status: 'failed', failure_reason: 'expired', printed_faces: 0 });
    expect(await reservationsOf(jobId)).toEqual([{ status: 'voided' }]);
    expect(await remaining(agent)).toBe(20);
    // The print page says so, on a fresh job the person can use at once.
    const current = (await agent.get('/ajax/printjobs/current')).json();
    expect(current).toMatchObject({
      status: 'created',
      documents: [],
      last_result: { printjob_id: jobId, status: 'failed', reason: 'expired', charged_pages: 0 },
    });
    expect(
      (await agent.upload('/ajax/documents/upload', 'next.pdf', await makePdf(1))).statusCode,
    ).toBe(201);

    // The agent comes back: the job is not sent again, and asked about it, it is withdrawn.
    const back = await rawAgent(url, credentials.minionId, credentials.secret);
    await back.next('welcome');
    back.send({ type: 'job_refresh', jobId });
    expect((await back.next('job_cancelled')).jobId).toBe(jobId);
    await expect(back.next('job', 300)).rejects.toThrow('no job message');
    back.close();
  }, 40_000);

  it('a job the printer started ends the same way once its agent is silent for good', async () => {
    const { agent, jobId } = await confirmedJob(20);
    const link = await releaseToAgent(agent, jobId);
    const sent = await link.next('job');
    link.send({ type: 'job_started', jobId, release: sent.job.release });
    await expect.poll(async () => (await jobRow(jobId)).printing_started_at).not.toBeNull();

    // Started long ago, but its agent is still heard from: it may still report, it is left alone.
    await t.ctx.db
      .updateTable('printjobs')
      .set({ printing_started_at: new Date(Date.now() - 60_000) })
      .where('id', '=', jobId)
      .execute();
    await expirePrintjobs(t.ctx);
    expect((await jobRow(jobId)).status).toBe('scheduled');

    // The agent is gone, silent for longer than the release expiry.
    link.close();
    await link.closed;
    await t.ctx.db
      .updateTable('printers')
      .set({ agent_last_seen_at: new Date(Date.now() - 60_000) })
      .where('id', '=', printerId)
      .execute();
    await expirePrintjobs(t.ctx);
    expect(await jobRow(jobId)).toMatchObject({ status: 'failed', failure_reason: 'expired' });
    expect(await reservationsOf(jobId)).toEqual([{ status: 'voided' }]);
    expect(await remaining(agent)).toBe(20);
  });

  it('a confirmed job not released in time goes back to editing, documents kept', async () => {
    const { agent, jobId } = await confirmedJob(20);
    // Confirmed a minute ago: past the 36 s here.
    await t.ctx.db
      .updateTable('printjobs')
      .set({ submitted_at: new Date(Date.now() - 60_000) })
      .where('id', '=', jobId)
      .execute();
    // A job confirmed just now is not touched.
    const fresh = await confirmedJob(20);
    await expirePrintjobs(t.ctx);
    expect((await agent.get('/ajax/printjobs/current')).json()).toMatchObject({
      id: jobId,
      status: 'created',
      is_submitted: false,
      documents: [expect.objectContaining({ name: 'thesis.pdf' })],
    });
    expect((await jobRow(jobId)).submitted_at).toBeNull();
    expect((await fresh.agent.get('/ajax/printjobs/current')).json()).toMatchObject({
      id: fresh.jobId,
      is_submitted: true,
    });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'printjob')
      .where('subject_id', '=', String(jobId))
      .execute();
    expect(audit.map((a) => a.action)).toContain('printjob.confirmation_expired');
    // It is editable again: releasing it is refused until confirmed again.
    const release = await agent.post(`/ajax/printjobs/${jobId}/print_with_code`, {
      code: KIOSK_CODE,
    });
    expect(release.json()).toMatchObject({ code: 'not_submitted' });
    expect(await remaining(agent)).toBe(20);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('recurring tasks on two instances', () => {
  const instances = useTwoInstances();

  it('run once per period across instances, and a failed run does not end the chain', async () => {
    const { a, b } = instances;
    const runs: { instance: 'a' | 'b'; at: number }[] = [];
    const name = `test.recurring.${Date.now()}`;
    for (const [instance, app] of [
      ['a', a],
      ['b', b],
    ] as const)
      registerRecurringTask(app.ctx, {
        name,
        everyMs: 1_000,
        run: ({ at }) => {
          runs.push({ instance, at: at.getTime() });
          // The first period's run fails: the next ones still come.
          if (runs.length === 1) return Promise.reject(new Error('first run fails'));
          return Promise.resolve();
        },
      });
    await Promise.all([
      startRecurringTask(a.ctx, { name, everyMs: 1_000 }),
      startRecurringTask(b.ctx, { name, everyMs: 1_000 }),
    ]);
    await sleep(4_500);
    const periods = runs.map((r) => r.at);
    expect(periods.length).toBeGreaterThanOrEqual(3);
    // Each period once, whichever instance claimed it.
    expect(new Set(periods).size).toBe(periods.length);
    const pending = await a.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('name', '=', name)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(1);
  }, 20_000);
});

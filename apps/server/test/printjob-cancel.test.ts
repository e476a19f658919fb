import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAgentSecret } from '../src/modules/agents/agents.service';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { seedDemoData } from '../src/seed/seed';
import { signInDemoAdmin } from './helpers/admin';
import { KIOSK_CODE } from './helpers/agent-harness';
import { makePdf } from './helpers/fixtures';
import { rawAgent } from './helpers/raw-agent';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

// Issue 17 point 3: the person cancels a released job before printing starts.

let t: TTestApp;
let url: string;
let printerId: number;
let link: Awaited<ReturnType<typeof rawAgent>>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_RELEASE_PER_PERSON: '100/10m' });
  await seedDemoData(t.ctx.db);
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  printerId = (
    await t.ctx.db
      .selectFrom('printers')
      .select('id')
      .where('direct_print_code', '=', KIOSK_CODE)
      .executeTakeFirstOrThrow()
  ).id;
  // The printer's agent, connected: it is told about every release and withdrawal.
  const credentials = await issueAgentSecret(t.ctx, null, printerId, 'kiosk-cancel');
  link = await rawAgent(url, credentials.minionId, credentials.secret);
  await link.next('welcome');
});
afterAll(async () => {
  link?.close();
  await t?.close();
});

/** A person with `pages` pages and a confirmed job of one 4-page mono PDF. */
async function confirmedJob(pages = 20, locale?: string) {
  const agent = new TestAgent(t.app);
  if (locale) agent.acceptLanguage = locale;
  const { id } = await registerAndSignIn(agent);
  await grantPages(t.ctx.db, { userId: id, source: 'package', pages, validDays: 30 });
  await agent.upload('/ajax/documents/upload', 'notes.pdf', await makePdf(4));
  const job = (await agent.get('/ajax/printjobs/current')).json<{ id: number }>();
  const submitted = await agent.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return { agent, userId: id, jobId: job.id };
}

const remaining = async (agent: TestAgent) =>
  (await agent.get('/ajax/user')).json<{ remaining_page_limit: number }>().remaining_page_limit;
const release = (agent: TestAgent, jobId: number) =>
  agent.post(`/ajax/printjobs/${jobId}/print_with_code`, { code: KIOSK_CODE });
/** The agent reports a release of the job printed (its 4 pages) and waits for the server's ack. */
async function reportPrinted(jobId: number, releaseId: string | undefined) {
  link.send({
    type: 'job_finished',
    jobId,
    release: releaseId,
    outcome: 'printed',
    impressions: 4,
    documentsCompleted: 1,
  });
  await link.next('finished_ack');
}
const reservationsOf = (jobId: number) =>
  t.ctx.db
    .selectFrom('page_reservations')
    .select(['status', 'pages'])
    .where('printjob_id', '=', jobId)
    .orderBy('id')
    .execute();

describe('cancelling a released job', () => {
  it('before printing starts: pages back at once, the agent withdraws it, the job is the person’s again', async () => {
    const { agent, jobId } = await confirmedJob(20);
    expect((await release(agent, jobId)).statusCode).toBe(200);
    expect(await remaining(agent)).toBe(16);
    const sent = await link.next('job');
    expect(sent.job.jobId).toBe(jobId);

    const cancelled = await agent.post(`/ajax/printjobs/${jobId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The same job, editable again with its document and still confirmed (ready to send again).
    expect(cancelled.json()).toMatchObject({
      id: jobId,
      status: 'created',
      is_submitted: true,
      phase: 'editing',
      printer: null,
      documents: [expect.objectContaining({ name: 'notes.pdf', page_count: 4 })],
    });
    expect(await remaining(agent)).toBe(20);
    expect(await reservationsOf(jobId)).toEqual([{ status: 'voided', pages: 4 }]);
    // The printer's agent is told to drop it.
    expect((await link.next('job_cancelled')).jobId).toBe(jobId);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'printjob')
      .where('subject_id', '=', String(jobId))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toContain('printjob.cancel');

    // Sent again: a late report about the cancelled release must not settle the new one.
    expect((await release(agent, jobId)).statusCode).toBe(200);
    expect(await remaining(agent)).toBe(16);
    const again = await link.next('job');
    expect(again.job.release).not.toBe(sent.job.release);
    await reportPrinted(jobId, sent.job.release);
    expect(await reservationsOf(jobId)).toEqual([
      { status: 'voided', pages: 4 },
      { status: 'reserved', pages: 4 },
    ]);
    // The new release prints and is charged once.
    await reportPrinted(jobId, again.job.release);
    expect(await remaining(agent)).toBe(16);
    expect(await reservationsOf(jobId)).toEqual([
      { status: 'voided', pages: 4 },
      { status: 'posted', pages: 4 },
    ]);
    // The print page says what was charged: the posted release's pages, not the voided one's.
    expect((await agent.get('/ajax/printjobs/current')).json().last_result).toMatchObject({
      printjob_id: jobId,
      status: 'printed',
      printed_pages: 4,
      charged_pages: 4,
    });
  });

  it('a printer that took the job before the cancel arrived and printed it: not charged, flagged for an admin', async () => {
    const { agent, jobId } = await confirmedJob(20);
    expect((await release(agent, jobId)).statusCode).toBe(200);
    const sent = await link.next('job');
    // The printer already has it (its job_started is still on the way): the cancel goes through.
    expect((await agent.post(`/ajax/printjobs/${jobId}/cancel`)).statusCode).toBe(200);
    expect((await link.next('job_cancelled')).jobId).toBe(jobId);
    expect(await remaining(agent)).toBe(20);

    // Cancel-Job came too late: the agent reports the release printed.
    await reportPrinted(jobId, sent.job.release);
    // Not charged a second time behind anyone's back, but an admin sees it.
    expect(await remaining(agent)).toBe(20);
    expect(await reservationsOf(jobId)).toEqual([{ status: 'voided', pages: 4 }]);
    const admin = await signInDemoAdmin(t.app);
    const flagged = (await admin.get('/api/admin/printjobs?review=needs_review')).json<{
      printjobs: { id: number; needs_review: boolean }[];
    }>();
    expect(flagged.printjobs.find((j) => j.id === jobId)).toMatchObject({ needs_review: true });
    expect((await admin.get(`/api/admin/printjobs/${jobId}`)).json()).toMatchObject({
      review_reason: expect.stringContaining('cancelled the job after its printer had already'),
    });

    // Sent again to the same printer: printed and charged once, still flagged.
    expect((await release(agent, jobId)).statusCode).toBe(200);
    const again = await link.next('job');
    for (const document of again.job.documents)
      expect((await fetch(`${url}${document.path}`)).status).toBe(200);
    await reportPrinted(jobId, again.job.release);
    expect(await remaining(agent)).toBe(16);
    const ended = await t.ctx.db
      .selectFrom('printjobs')
      .select(['status', 'review_reason'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(ended).toEqual({ status: 'archived', review_reason: 'printed_after_cancel' });
  });

  it('is refused with a clear message once printing started, and nothing changes', async () => {
    const { agent, jobId } = await confirmedJob(20, 'pl');
    expect((await release(agent, jobId)).statusCode).toBe(200);
    const sent = await link.next('job');
    link.send({ type: 'job_started', jobId, release: sent.job.release });
    await expect
      .poll(async () => (await agent.get('/ajax/printjobs/current')).json().phase)
      .toBe('printing');

    const refused = await agent.post(`/ajax/printjobs/${jobId}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'printing_started',
      message: 'Drukarka już zaczęła to zlecenie: nie można go już anulować.',
    });
    expect(await remaining(agent)).toBe(16);
    expect(await reservationsOf(jobId)).toEqual([{ status: 'reserved', pages: 4 }]);
    expect((await agent.get('/ajax/printjobs/current')).json()).toMatchObject({
      id: jobId,
      status: 'scheduled',
      phase: 'printing',
    });

    // The printer finishes it: charged as printed.
    await reportPrinted(jobId, sent.job.release);
    expect(await reservationsOf(jobId)).toEqual([{ status: 'posted', pages: 4 }]);
  });

  it('refuses a job that is not released, and someone else’s job is not found', async () => {
    const { agent, jobId } = await confirmedJob(20);
    const notReleased = await agent.post(`/ajax/printjobs/${jobId}/cancel`);
    expect(notReleased.statusCode).toBe(409);
    expect(notReleased.json()).toEqual({
      code: 'not_scheduled',
      message: 'This print job is not waiting at a printer.',
    });

    expect((await release(agent, jobId)).statusCode).toBe(200);
    expect((await link.next('job')).job.jobId).toBe(jobId);
    const stranger = new TestAgent(t.app);
    await registerAndSignIn(stranger);
    expect((await stranger.post(`/ajax/printjobs/${jobId}/cancel`)).statusCode).toBe(404);
    expect(await remaining(agent)).toBe(16);

    // Signed out: no cancelling at all.
    expect((await new TestAgent(t.app).post(`/ajax/printjobs/${jobId}/cancel`)).statusCode).toBe(
      401,
    );
    // Leave nothing held: the owner cancels.
    expect((await agent.post(`/ajax/printjobs/${jobId}/cancel`)).statusCode).toBe(200);
    expect((await link.next('job_cancelled')).jobId).toBe(jobId);
    expect(await remaining(agent)).toBe(20);
  });
});

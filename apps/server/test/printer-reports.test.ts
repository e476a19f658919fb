import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_USAGE_PAGES_PER_REPORT, translate } from '@printomat/shared';
import { issueAgentSecret } from '../src/modules/agents/agents.service';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { listMonthlyStats } from '../src/modules/printers/printer-stats.repo';
import { seedDemoData } from '../src/seed/seed';
import { signInNewAdmin } from './helpers/admin';
import { makePdf } from './helpers/fixtures';
import { rawAgent } from './helpers/raw-agent';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

// What a printer agent reports is untrusted: a report must not make printing free, and copy/scan
// counts must not be inflated or pinned on people who were never at the printer.

const CODE = '418273'; // Złote Tarasy in the demo data

let t: TTestApp;
let serverUrl: string;
let printerId: number;
let link: Awaited<ReturnType<typeof rawAgent>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.ctx.db);
  serverUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  printerId = (
    await t.ctx.db
      .selectFrom('printers')
      .select('id')
      .where('direct_print_code', '=', CODE)
      .executeTakeFirstOrThrow()
  ).id;
  const credentials = await issueAgentSecret(t.ctx, null, printerId, 'kiosk-report-checks');
  link = await rawAgent(serverUrl, credentials.minionId, credentials.secret);
  await link.next('welcome');
});
afterAll(async () => {
  link?.close();
  await t?.close();
});

/** A person with 20 pages whose confirmed job of one 4-page mono PDF went to the printer. */
async function releasedJob() {
  const person = new TestAgent(t.app);
  const { id: userId } = await registerAndSignIn(person);
  await grantPages(t.ctx.db, { userId, source: 'package', pages: 20, validDays: 30 });
  const upload = await person.upload('/ajax/documents/upload', 'doc.pdf', await makePdf(4));
  expect(upload.statusCode).toBe(201);
  const jobId = (await person.get('/ajax/printjobs/current')).json().id as number;
  expect(
    (await person.post(`/ajax/printjobs/${jobId}/submit`, { is_submitted: true })).statusCode,
  ).toBe(200);
  const released = await person.post(`/ajax/printjobs/${jobId}/print_with_code`, { code: CODE });
  expect(released.statusCode, released.body).toBe(200);
  const delivery = await link.next('job');
  expect(delivery.job.jobId).toBe(jobId);
  return { person, userId, jobId, job: delivery.job };
}

const remaining = async (person: TestAgent) =>
  (await person.get('/ajax/user')).json().remaining_page_limit as number;

const jobRow = (jobId: number) =>
  t.ctx.db.selectFrom('printjobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();

const reservationOf = (jobId: number) =>
  t.ctx.db
    .selectFrom('page_reservations')
    .select(['pages', 'charged', 'status'])
    .where('printjob_id', '=', jobId)
    .executeTakeFirstOrThrow();

async function finish(
  jobId: number,
  report: { outcome: 'printed' | 'failed'; impressions: number | null; documentsCompleted: number },
) {
  link.send({ type: 'job_finished', jobId, ...report });
  expect(await link.next('finished_ack')).toEqual({ type: 'finished_ack', jobId });
}

async function download(path: string): Promise<void> {
  const res = await fetch(`${serverUrl}${path}`);
  expect(res.status).toBe(200);
  await res.arrayBuffer();
}

describe('a printer reporting a job printed', () => {
  it('charges the documents it downloaded when it reports 0 impressions and 0 documents, and flags the job', async () => {
    const { person, jobId, job } = await releasedJob();
    for (const document of job.documents) await download(document.path);
    link.send({ type: 'job_started', jobId });
    await finish(jobId, { outcome: 'printed', impressions: 0, documentsCompleted: 0 });

    expect(await remaining(person)).toBe(16);
    expect(await reservationOf(jobId)).toEqual({ pages: 4, charged: 4, status: 'posted' });
    expect(await jobRow(jobId)).toMatchObject({
      status: 'archived',
      printed_faces: 4,
      review_reason: 'printed_uncounted',
    });
    const month = (await listMonthlyStats(t.ctx.db, printerId))[0];
    expect(month?.classicMonoPages).toBeGreaterThanOrEqual(4);

    // An admin sees the flag in the list and why in the job, in the admin's language.
    const admin = await signInNewAdmin(t, 'pl');
    const list = (await admin.get(`/api/admin/printjobs?printer_id=${printerId}`)).json();
    expect(list.printjobs.find((row: { id: number }) => row.id === jobId)).toMatchObject({
      needs_review: true,
    });
    const flagged = (await admin.get('/api/admin/printjobs?review=needs_review')).json();
    expect(flagged.printjobs.map((row: { id: number }) => row.id)).toContain(jobId);
    expect(flagged.printjobs.every((row: { needs_review: boolean }) => row.needs_review)).toBe(
      true,
    );
    const detail = (await admin.get(`/api/admin/printjobs/${jobId}`)).json();
    expect(detail.review_reason).toBe(
      translate('pl', 'admin.printjobs.review_reasons.printed_uncounted'),
    );
    expect(detail.review_reason).toMatch(/Drukarka zgłosiła/);
  });

  it('flags a job reported printed that its agent never downloaded (nothing charged)', async () => {
    const { person, jobId } = await releasedJob();
    await finish(jobId, { outcome: 'printed', impressions: 0, documentsCompleted: 0 });
    expect(await remaining(person)).toBe(20);
    expect((await reservationOf(jobId)).status).toBe('voided');
    expect(await jobRow(jobId)).toMatchObject({
      status: 'archived',
      printed_faces: 0,
      review_reason: 'printed_nothing_delivered',
    });
  });

  it('still charges a printer that does not count impressions the documents it completed, unflagged', async () => {
    const { person, jobId, job } = await releasedJob();
    for (const document of job.documents) await download(document.path);
    await finish(jobId, { outcome: 'printed', impressions: 0, documentsCompleted: 1 });
    expect(await remaining(person)).toBe(16);
    expect(await jobRow(jobId)).toMatchObject({ printed_faces: 4, review_reason: null });
    const admin = await signInNewAdmin(t);
    expect((await admin.get(`/api/admin/printjobs/${jobId}`)).json()).toMatchObject({
      needs_review: false,
      review_reason: null,
    });
  });

  it('charges nothing for a failed job that printed nothing, as before', async () => {
    const { person, jobId, job } = await releasedJob();
    for (const document of job.documents) await download(document.path);
    await finish(jobId, { outcome: 'failed', impressions: 0, documentsCompleted: 0 });
    expect(await remaining(person)).toBe(20);
    expect(await jobRow(jobId)).toMatchObject({ status: 'failed', review_reason: null });
  });
});

describe('copy and scan usage reports', () => {
  const thisMonth = async () => (await listMonthlyStats(t.ctx.db, printerId))[0];
  const usersOf = (activity: 'copying' | 'scanning') =>
    t.ctx.db
      .selectFrom('printer_monthly_users')
      .select('user_id')
      .where('printer_id', '=', printerId)
      .where('activity', '=', activity)
      .execute()
      .then((rows) => rows.map((row) => row.user_id));

  async function report(usage: object): Promise<void> {
    const reportId = `usage-${Math.random().toString(36).slice(2)}`;
    link.send({ type: 'usage', reportId, ...usage });
    expect(await link.next('usage_ack')).toEqual({ type: 'usage_ack', reportId });
  }

  it('does not count a report of more pages than one report may hold', async () => {
    await report({ kind: 'copy', colorPages: 1, monoPages: 2 });
    const before = await thisMonth();
    await report({ kind: 'copy', colorPages: 0, monoPages: MAX_USAGE_PAGES_PER_REPORT + 1 });
    await report({ kind: 'scan', colorPages: 60_000, monoPages: 60_000 });
    const after = await thisMonth();
    expect(after?.copyMonoPages).toBe(before?.copyMonoPages);
    expect(after?.copyColorPages).toBe(before?.copyColorPages);
    expect(after?.scannedPages).toBe(before?.scannedPages);
    // A report at the limit still counts.
    await report({ kind: 'scan', colorPages: 0, monoPages: MAX_USAGE_PAGES_PER_REPORT });
    expect((await thisMonth())?.scannedPages).toBe(
      (before?.scannedPages ?? 0) + MAX_USAGE_PAGES_PER_REPORT,
    );
  });

  it('counts a person only if they released a job to this printer', async () => {
    const stranger = new TestAgent(t.app);
    const { id: strangerId } = await registerAndSignIn(stranger);
    const before = await thisMonth();
    await report({ kind: 'copy', colorPages: 0, monoPages: 3, userId: strangerId });
    await report({ kind: 'scan', colorPages: 2, monoPages: 0, userId: strangerId });
    // The pages count, the stranger does not.
    expect((await thisMonth())?.copyMonoPages).toBe((before?.copyMonoPages ?? 0) + 3);
    expect((await thisMonth())?.scannedPages).toBe((before?.scannedPages ?? 0) + 2);
    expect(await usersOf('copying')).not.toContain(strangerId);
    expect(await usersOf('scanning')).not.toContain(strangerId);

    // Someone who just released a job here is counted.
    const { userId } = await releasedJob();
    await report({ kind: 'copy', colorPages: 0, monoPages: 1, userId });
    expect(await usersOf('copying')).toContain(userId);
  });
});

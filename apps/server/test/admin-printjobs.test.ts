import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { markPrintjobPrintingStarted } from '../src/modules/printjobs';
import { finishPrintjob, reportFailed } from '../src/modules/printjobs/release.service';
import type { TBusEvent } from '../src/realtime/event-bus';
import { seedDemoData } from '../src/seed/seed';
import { signInDemoAdmin } from './helpers/admin';
import { makePdf } from './helpers/fixtures';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

let t: TTestApp;
let admin: TestAgent;
let printerId: number;
const CODE = '418273'; // Złote Tarasy in the demo data

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.ctx.db);
  admin = await signInAdmin();
  printerId = (
    await t.ctx.db
      .selectFrom('printers')
      .select('id')
      .where('direct_print_code', '=', CODE)
      .executeTakeFirstOrThrow()
  ).id;
  await setPrinter({ agent_last_seen_at: new Date() });
});
afterAll(() => t?.close());

const signInAdmin = (locale = 'en') => signInDemoAdmin(t.app, locale);

async function setPrinter(changes: {
  is_enabled?: boolean;
  maintenance_mode?: boolean;
  agent_last_seen_at?: Date | null;
}) {
  await t.ctx.db
    .updateTable('printers')
    .set(changes)
    .where('direct_print_code', '=', CODE)
    .execute();
}

/** A person with `pages` pages and a confirmed job of `docPages` mono pages. */
async function confirmedJob(pages = 20, docPages = 4) {
  const agent = new TestAgent(t.app);
  const { id, email } = await registerAndSignIn(agent);
  await grantPages(t.ctx.db, { userId: id, source: 'package', pages, validDays: 30 });
  await agent.upload('/ajax/documents/upload', 'doc.pdf', await makePdf(docPages));
  const job = (await agent.get('/ajax/printjobs/current')).json();
  const submitted = await agent.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return { agent, userId: id, email, jobId: job.id as number };
}

async function scheduledJob(pages = 20, docPages = 4) {
  const job = await confirmedJob(pages, docPages);
  await setPrinter({ agent_last_seen_at: new Date() });
  const res = await job.agent.post(`/ajax/printjobs/${job.jobId}/print_with_code`, { code: CODE });
  expect(res.statusCode).toBe(200);
  return job;
}

const remaining = async (agent: TestAgent) =>
  (await agent.get('/ajax/user')).json().remaining_page_limit as number;
const act = (jobId: number, action: string, body: unknown = {}, as = admin) =>
  as.post(`/api/admin/printjobs/${jobId}/${action}`, body);
const statusOf = async (jobId: number) =>
  (
    await t.ctx.db
      .selectFrom('printjobs')
      .select('status')
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow()
  ).status;

/** Events the bus delivers on a topic while `run` runs (and a moment after). */
async function eventsDuring(
  topic: `printer:${number}` | `user:${number}`,
  run: () => Promise<void>,
) {
  const seen: TBusEvent[] = [];
  const off = t.ctx.events.subscribe(topic, (e) => seen.push(e));
  try {
    await run();
    await new Promise((r) => setTimeout(r, 20));
  } finally {
    off();
  }
  return seen;
}

async function lastAudit(subjectId: number) {
  return t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('subject_type', '=', 'printjob')
    .where('subject_id', '=', String(subjectId))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

describe('admin print jobs: access', () => {
  it('answers 401 to guests and 403 to people who are not admins, changing nothing', async () => {
    const { agent, jobId } = await scheduledJob();
    const guest = new TestAgent(t.app);
    expect((await guest.get('/api/admin/printjobs')).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/api/admin/printjobs'],
      ['GET', `/api/admin/printjobs/${jobId}`],
      ['GET', '/api/admin/printjobs/printer-options'],
      ['POST', `/api/admin/printjobs/${jobId}/fail`],
      ['POST', '/api/admin/printjobs/bulk'],
      ['GET', '/api/admin/users'],
      ['DELETE', '/api/admin/users/1'],
      ['GET', '/api/admin/discount-codes'],
      ['POST', '/api/admin/discount-codes'],
      ['GET', '/api/admin/express-orders'],
      ['POST', '/api/admin/express-orders/1/reset'],
      ['GET', '/api/admin/audit-log'],
    ] as const) {
      const res = await agent.request(method, url, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('You do not have access to this page.');
    }
    expect(await statusOf(jobId)).toBe('scheduled');
  });
});

describe('admin print jobs: list and show', () => {
  it('filters by status, user e-mail, printer and dates, newest first, with cost and pages', async () => {
    const a = await scheduledJob(20, 3);
    const b = await confirmedJob(20, 2);
    let res = await admin.get(`/api/admin/printjobs?email=${encodeURIComponent(a.email)}`);
    expect(res.statusCode).toBe(200);
    let body = res.json();
    // A released job is the person's only one until it ends.
    expect(body.paging).toEqual({ page: 1, page_size: 25, total: 1 });
    const row = body.printjobs.find((j: { id: number }) => j.id === a.jobId);
    expect(row).toMatchObject({
      status: 'scheduled',
      user: { email: a.email },
      printer: { id: printerId, name: 'Złote Tarasy' },
      document_count: 1,
      page_count: 3,
      cost: 3,
    });

    res = await admin.get(
      `/api/admin/printjobs?status=created&email=${encodeURIComponent(b.email)}`,
    );
    body = res.json();
    expect(body.printjobs.map((j: { id: number }) => j.id)).toEqual([b.jobId]);

    res = await admin.get(`/api/admin/printjobs?printer_id=${printerId}&status=scheduled`);
    expect(
      res.json().printjobs.every((j: { printer: { id: number } }) => j.printer.id === printerId),
    ).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    res = await admin.get(
      `/api/admin/printjobs?from=${today}&to=${today}&email=${encodeURIComponent(b.email)}`,
    );
    expect(res.json().paging.total).toBe(1);
    res = await admin.get(
      `/api/admin/printjobs?to=2000-01-01&email=${encodeURIComponent(b.email)}`,
    );
    expect(res.json().paging.total).toBe(0);

    res = await admin.get('/api/admin/printjobs?status=nonsense');
    expect(res.statusCode).toBe(422);
  });

  it('shows details, settings, documents, reservation and the allowed actions', async () => {
    const { jobId, email } = await scheduledJob(20, 4);
    const res = await admin.get(`/api/admin/printjobs/${jobId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: jobId,
      status: 'scheduled',
      user: { email },
      is_submitted: true,
      settings: { is_grayscale: true, is_duplex: false, orientation: 'auto', pages_per_sheet: 1 },
      documents: [{ name: 'doc.pdf', status: 'ready', page_count: 4, copies: 1 }],
      reservation: { pages: 4, charged: null, status: 'reserved' },
      express_order: null,
      allowed_actions: ['fail', 'mark_printed'],
    });
    expect((await admin.get('/api/admin/printjobs/999999')).statusCode).toBe(404);
  });
});

describe('admin print jobs: print', () => {
  it('sends a created job to the chosen printer, reserving the owner’s pages and telling the agent', async () => {
    const { agent, jobId, userId } = await confirmedJob(20, 4);
    await setPrinter({ agent_last_seen_at: new Date() });
    let res!: Awaited<ReturnType<typeof act>>;
    const events = await eventsDuring(`printer:${printerId}`, async () => {
      res = await act(jobId, 'print', { printer_id: printerId });
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'scheduled', printer: { id: printerId } });
    expect(events).toContainEqual({ kind: 'job_released', printerId, jobId });
    expect(await remaining(agent)).toBe(16);
    const audit = await lastAudit(jobId);
    expect(audit).toMatchObject({ action: 'printjob.schedule' });
    expect(audit.actor_user_id).not.toBe(userId);
    expect(audit.details).toMatchObject({ from: 'created', to: 'scheduled', by: 'admin' });

    res = await act(jobId, 'print', { printer_id: printerId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Printjob is not in created status');
  });

  it('is refused on a disabled printer, in maintenance, and without a printer, reserving nothing', async () => {
    const { agent, jobId } = await confirmedJob(20, 4);
    await setPrinter({ agent_last_seen_at: new Date() });
    let res = await act(jobId, 'print', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Choose the printer to print on.');

    await setPrinter({ is_enabled: false });
    res = await act(jobId, 'print', { printer_id: printerId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('printer unavailable');
    const polish = await signInAdmin('pl');
    res = await act(jobId, 'print', { printer_id: printerId }, polish);
    expect(res.json().message).toBe('drukarka niedostępna');

    await setPrinter({ is_enabled: true, maintenance_mode: true });
    res = await act(jobId, 'print', { printer_id: printerId });
    expect(res.json().message).toBe('Maintenance mode enabled - printing not possible');
    await setPrinter({ maintenance_mode: false, agent_last_seen_at: new Date() });

    res = await act(jobId, 'print', { printer_id: 999999 });
    expect(res.statusCode).toBe(404);
    expect(await remaining(agent)).toBe(20);
    expect(await statusOf(jobId)).toBe('created');
  });
});

describe('admin print jobs: fail', () => {
  it('fails a scheduled job: pages come back, the agent is told, the owner can start again', async () => {
    const { agent, jobId, userId } = await scheduledJob(20, 4);
    expect(await remaining(agent)).toBe(16);
    let res!: Awaited<ReturnType<typeof act>>;
    const events = await eventsDuring(`printer:${printerId}`, async () => {
      res = await act(jobId, 'fail');
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'failed',
      reservation: { status: 'voided' },
      allowed_actions: ['reset', 'mark_printed'],
    });
    expect(events).toContainEqual({ kind: 'job_cancelled', printerId, jobId });
    expect(await remaining(agent)).toBe(20);
    const current = (await agent.get('/ajax/printjobs/current')).json();
    expect(current.id).not.toBe(jobId);
    expect(current.status).toBe('created');
    const audit = await lastAudit(jobId);
    expect(audit).toMatchObject({ action: 'printjob.mark_failed' });
    expect(audit.actor_user_id).not.toBeNull();
    expect(audit.actor_user_id).not.toBe(userId);
  });

  it('keeps the admin’s reason on the failed job and shows it on the job’s page', async () => {
    const { jobId } = await scheduledJob(20, 4);
    const res = await act(jobId, 'fail', { reason: '  Paper jammed, the owner took nothing  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().failure_reason).toBe('Paper jammed, the owner took nothing');
    const shown = (await admin.get(`/api/admin/printjobs/${jobId}`)).json();
    expect(shown.failure_reason).toBe('Paper jammed, the owner took nothing');

    // Without a reason (or a blank one) none is recorded.
    const second = await scheduledJob(20, 4);
    expect((await act(second.jobId, 'fail', { reason: '   ' })).json().failure_reason).toBeNull();
  });

  it('refuses a reason that is too long, in the admin’s language, failing nothing', async () => {
    const { jobId } = await scheduledJob(20, 4);
    const polish = await signInAdmin('pl');
    const res = await act(jobId, 'fail', { reason: 'x'.repeat(501) }, polish);
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain('za długie');
    expect(await statusOf(jobId)).toBe('scheduled');
  });

  it('keeps the admin’s reason when the printer reports afterwards what came out', async () => {
    const { agent, jobId } = await scheduledJob(20, 4);
    await markPrintjobPrintingStarted(t.ctx, jobId);
    await act(jobId, 'fail', { reason: 'Wrong document, cancelled at the printer' });
    await finishPrintjob(t.ctx, jobId, { outcome: 'failed', facesPrinted: 1, reason: 'aborted' });
    const job = (await admin.get(`/api/admin/printjobs/${jobId}`)).json();
    expect(job).toMatchObject({
      status: 'failed',
      failure_reason: 'Wrong document, cancelled at the printer',
      printed_faces: 1,
    });
    expect(await remaining(agent)).toBe(19);
  });

  it('fails the selected jobs with one reason', async () => {
    const a = await scheduledJob(20, 4);
    const b = await scheduledJob(20, 4);
    const res = await admin.post('/api/admin/printjobs/bulk', {
      action: 'fail',
      ids: [a.jobId, b.jobId],
      reason: 'Printer withdrawn for repair',
    });
    expect(res.json()).toEqual({ done: [a.jobId, b.jobId], skipped: [] });
    const reasons = await t.ctx.db
      .selectFrom('printjobs')
      .select('failure_reason')
      .where('id', 'in', [a.jobId, b.jobId])
      .execute();
    expect(reasons.map((r) => r.failure_reason)).toEqual([
      'Printer withdrawn for repair',
      'Printer withdrawn for repair',
    ]);
  });

  it('refuses to fail a job that is not at a printer', async () => {
    const { jobId } = await confirmedJob();
    const res = await act(jobId, 'fail');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Invalid printjob state');
  });
});

describe('admin print jobs: reset', () => {
  it('makes a failed job editable again (replacing the empty new one), and it prints again', async () => {
    const { agent, jobId } = await scheduledJob(20, 4);
    await reportFailed(t.ctx, jobId, 0);
    const fresh = (await agent.get('/ajax/printjobs/current')).json();
    expect(fresh.id).not.toBe(jobId);

    const res = await act(jobId, 'reset');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'created', printer: null, finished_at: null });
    const current = (await agent.get('/ajax/printjobs/current')).json();
    expect(current.id).toBe(jobId);
    expect(current.documents).toHaveLength(1);
    expect(
      await t.ctx.db
        .selectFrom('printjobs')
        .select('id')
        .where('id', '=', fresh.id)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect((await lastAudit(jobId)).action).toBe('printjob.reset');

    // The owner releases it again with the printer's code.
    const again = await agent.post(`/ajax/printjobs/${jobId}/print_with_code`, { code: CODE });
    expect(again.statusCode).toBe(200);
    expect(await remaining(agent)).toBe(16);
  });

  it('says why a job cannot be reset: not failed, archived, charged, or the owner’s new job has documents', async () => {
    const created = await confirmedJob();
    let res = await act(created.jobId, 'reset');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Printjob is not marked as failed');

    const printed = await scheduledJob();
    expect((await act(printed.jobId, 'mark_printed')).statusCode).toBe(200);
    res = await act(printed.jobId, 'reset');
    expect(res.json().message).toBe('Cannot reset archived printjob');
    const german = await signInAdmin('de');
    res = await act(printed.jobId, 'reset', {}, german);
    expect(res.json().message).toBe(
      'Ein archivierter Druckauftrag kann nicht zurückgesetzt werden',
    );

    const partly = await scheduledJob(20, 4);
    await reportFailed(t.ctx, partly.jobId, 2);
    expect(await remaining(partly.agent)).toBe(18);
    res = await act(partly.jobId, 'reset');
    expect(res.json().code).toBe('reset_charged');
    expect(await statusOf(partly.jobId)).toBe('failed');

    const busy = await scheduledJob(20, 2);
    await reportFailed(t.ctx, busy.jobId, 0);
    await busy.agent.upload('/ajax/documents/upload', 'next.pdf', await makePdf(1));
    res = await act(busy.jobId, 'reset');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The owner is preparing another print job with documents, so this one cannot become editable again.',
    );
    expect(await statusOf(busy.jobId)).toBe('failed');
    expect((await busy.agent.get('/ajax/printjobs/current')).json().documents).toHaveLength(1);
  });
});

describe('admin print jobs: reset after retention', () => {
  it('gives back the pages held for a job failed mid-print whose files are gone, and keeps it failed', async () => {
    const { agent, jobId } = await scheduledJob(20, 4);
    await markPrintjobPrintingStarted(t.ctx, jobId);
    // Failed mid-print: the reservation waits for the agent's report, which never comes.
    expect((await act(jobId, 'fail')).statusCode).toBe(200);
    expect(await remaining(agent)).toBe(16);
    // Retention deleted the files meanwhile.
    await t.ctx.db
      .updateTable('documents')
      .set({ files_deleted_at: new Date() })
      .where('printjob_id', '=', jobId)
      .execute();

    const res = await act(jobId, 'reset');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('reset_documents_deleted');
    expect(await statusOf(jobId)).toBe('failed');
    expect(await remaining(agent)).toBe(20);
    const job = (await admin.get(`/api/admin/printjobs/${jobId}`)).json();
    expect(job.reservation).toMatchObject({ status: 'voided' });
  });
});

describe('admin print jobs: mark as printed', () => {
  it('charges a scheduled job in full, archives it and counts it in the printer statistics', async () => {
    const { agent, jobId } = await scheduledJob(20, 4);
    const statsBefore = await t.ctx.db
      .selectFrom('printer_monthly_stats')
      .select((eb) => eb.fn.sum<number>('classic_mono_pages').as('mono'))
      .where('printer_id', '=', printerId)
      .executeTakeFirstOrThrow();
    let res!: Awaited<ReturnType<typeof act>>;
    const events = await eventsDuring(`printer:${printerId}`, async () => {
      res = await act(jobId, 'mark_printed');
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'archived',
      printed_faces: 4,
      reservation: { status: 'posted', charged: 4 },
    });
    expect(events).toContainEqual({ kind: 'job_cancelled', printerId, jobId });
    expect(await remaining(agent)).toBe(16);
    const statsAfter = await t.ctx.db
      .selectFrom('printer_monthly_stats')
      .select((eb) => eb.fn.sum<number>('classic_mono_pages').as('mono'))
      .where('printer_id', '=', printerId)
      .executeTakeFirstOrThrow();
    expect(Number(statsAfter.mono) - Number(statsBefore.mono ?? 0)).toBe(4);
    const actions = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', String(jobId))
      .where('action', 'like', 'printjob.%')
      .where('action', '<>', 'printjob.confirmed')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'printjob.schedule',
      'printjob.mark_printed',
      'printjob.archive',
    ]);
  });

  it('charges nothing more for a failed job (it was settled when it failed)', async () => {
    const { agent, jobId } = await scheduledJob(20, 4);
    await reportFailed(t.ctx, jobId, 0);
    expect(await remaining(agent)).toBe(20);
    const res = await act(jobId, 'mark_printed');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('archived');
    expect(await remaining(agent)).toBe(20);
  });

  it('keeps the printer’s reason on a job the printer failed, also once marked printed', async () => {
    const { jobId } = await scheduledJob(20, 4);
    await finishPrintjob(t.ctx, jobId, { outcome: 'failed', facesPrinted: 0, reason: 'media-jam' });
    expect((await admin.get(`/api/admin/printjobs/${jobId}`)).json().failure_reason).toBe(
      'media-jam',
    );
    const res = await act(jobId, 'mark_printed');
    expect(res.json()).toMatchObject({ status: 'archived', failure_reason: 'media-jam' });
  });

  it('refuses a created job', async () => {
    const { jobId } = await confirmedJob();
    const res = await act(jobId, 'mark_printed');
    expect(res.json().message).toBe('Invalid printjob state');
  });
});

describe('admin print jobs: bulk actions', () => {
  it('answers the spec’s message when none of the selected jobs fits the action', async () => {
    const a = await confirmedJob();
    const b = await confirmedJob();
    const res = await admin.post('/api/admin/printjobs/bulk', {
      action: 'reset',
      ids: [a.jobId, b.jobId, 999999],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'No printjobs that can be canceled, printed or reset were found',
    );
    const polish = await signInAdmin('pl');
    const pl = await polish.post('/api/admin/printjobs/bulk', { action: 'fail', ids: [a.jobId] });
    expect(pl.json().message).toBe(
      'Nie znaleziono zleceń druku, które można anulować, wydrukować lub zresetować',
    );
    expect(await statusOf(a.jobId)).toBe('created');
  });

  it('applies the action to the eligible jobs and says why the others were left', async () => {
    const s1 = await scheduledJob();
    const s2 = await scheduledJob();
    const c = await confirmedJob();
    const res = await admin.post('/api/admin/printjobs/bulk', {
      action: 'fail',
      ids: [s1.jobId, c.jobId, 999999, s2.jobId],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      done: [s1.jobId, s2.jobId],
      skipped: [
        { id: c.jobId, message: 'Invalid printjob state' },
        { id: 999999, message: 'There is no print job with this number.' },
      ],
    });
    expect(await statusOf(s1.jobId)).toBe('failed');
    expect(await statusOf(s2.jobId)).toBe('failed');

    // Bulk print needs a printer; on one in maintenance each job is refused with its reason.
    const p1 = await confirmedJob();
    let bulk = await admin.post('/api/admin/printjobs/bulk', { action: 'print', ids: [p1.jobId] });
    expect(bulk.statusCode).toBe(422);
    await setPrinter({ maintenance_mode: true });
    bulk = await admin.post('/api/admin/printjobs/bulk', {
      action: 'print',
      ids: [p1.jobId],
      printer_id: printerId,
    });
    expect(bulk.json()).toEqual({
      done: [],
      skipped: [{ id: p1.jobId, message: 'Maintenance mode enabled - printing not possible' }],
    });
    await setPrinter({ maintenance_mode: false, agent_last_seen_at: new Date() });
    bulk = await admin.post('/api/admin/printjobs/bulk', {
      action: 'print',
      ids: [p1.jobId],
      printer_id: printerId,
    });
    expect(bulk.json()).toEqual({ done: [p1.jobId], skipped: [] });
  });

  it('tells the owner’s open pages about each change', async () => {
    const { userId, jobId } = await scheduledJob();
    const seen: TBusEvent[] = [];
    const off = t.ctx.events.subscribe(`user:${userId}`, (e) => seen.push(e));
    try {
      const res = await act(jobId, 'fail');
      expect(res.statusCode, res.body).toBe(200);
      await expect
        .poll(() => seen, { timeout: 2_000 })
        .toContainEqual(
          expect.objectContaining({ kind: 'printjob_changed', jobId, status: 'failed' }),
        );
    } finally {
      off();
    }
  });
});

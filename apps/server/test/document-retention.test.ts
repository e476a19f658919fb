import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPrintjob } from '@printomat/shared';
import { issueAgentSecret } from '../src/modules/agents/agents.service';
import { applyDocumentRetention } from '../src/modules/documents/document-retention.service';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { seedDemoData } from '../src/seed/seed';
import { signInNewAdmin } from './helpers/admin';
import { KIOSK_CODE } from './helpers/agent-harness';
import { makePdf } from './helpers/fixtures';
import { rawAgent } from './helpers/raw-agent';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';
import { useTwoInstances } from './helpers/two-instances';

// Issue 17 point 4: documents' files (upload, normalised PDF, previews) go a configurable time
// after their job ended or was abandoned; the rows (what was printed and charged) stay.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether a key is in the app's storage. */
function exists(t: TTestApp, key: string): Promise<boolean> {
  return t.ctx.storage.exists(key);
}

/** A person with pages and one processed 2-page PDF whose page previews were rendered. */
async function personWithPreviewedDocument(t: TTestApp) {
  const agent = new TestAgent(t.app);
  const { id } = await registerAndSignIn(agent);
  await grantPages(t.ctx.db, { userId: id, source: 'package', pages: 20, validDays: 30 });
  const upload = await agent.upload('/ajax/documents/upload', 'thesis.pdf', await makePdf(2));
  expect(upload.statusCode, upload.body).toBe(201);
  const documentId = upload.json<{ id: number }>().id;
  expect((await agent.get(`/api/documents/${documentId}/pages/1.png`)).statusCode).toBe(200);
  const row = await t.ctx.db
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', documentId)
    .executeTakeFirstOrThrow();
  const files = [
    row.original_key ?? 'missing',
    row.pdf_key ?? 'missing',
    `${row.pdf_key ?? 'missing'}.pages/1.png`,
  ];
  for (const file of files) expect(await exists(t, file), file).toBe(true);
  const job = (await agent.get('/ajax/printjobs/current')).json<TPrintjob>();
  return { agent, userId: id, documentId, jobId: job.id, files };
}

const documentRow = (t: TTestApp, id: number) =>
  t.ctx.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();

describe('document retention', () => {
  let t: TTestApp;
  let url: string;
  let credentials: { minionId: string; secret: string };

  beforeAll(async () => {
    // Files of ended jobs go 2.16 s after the job ended; documents never printed 2.16 s after
    // they were last touched.
    t = await createTestApp({
      DOCUMENT_RETENTION_HOURS: '0.0006',
      DOCUMENT_ABANDON_HOURS: '0.0006',
      RATE_LIMIT_RELEASE_PER_PERSON: '100/10m',
    });
    await seedDemoData(t.ctx.db);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const printer = await t.ctx.db
      .selectFrom('printers')
      .select('id')
      .where('direct_print_code', '=', KIOSK_CODE)
      .executeTakeFirstOrThrow();
    credentials = await issueAgentSecret(t.ctx, null, printer.id, 'kiosk-retention');
  });
  afterAll(() => t?.close());

  /** Confirms and releases the person's job at the kiosk; the printer reports `outcome`. */
  async function printAndEnd(agent: TestAgent, jobId: number, outcome: 'printed' | 'failed') {
    expect(
      (await agent.post(`/ajax/printjobs/${jobId}/submit`, { is_submitted: true })).statusCode,
    ).toBe(200);
    const link = await rawAgent(url, credentials.minionId, credentials.secret);
    await link.next('welcome');
    const released = await agent.post(`/ajax/printjobs/${jobId}/print_with_code`, {
      code: KIOSK_CODE,
    });
    expect(released.statusCode, released.body).toBe(200);
    await link.next('job');
    link.send({
      type: 'job_finished',
      jobId,
      outcome,
      impressions: outcome === 'printed' ? 2 : 0,
      documentsCompleted: outcome === 'printed' ? 1 : 0,
    });
    await link.next('finished_ack');
    link.close();
    await link.closed;
  }

  it('deletes a printed job’s files after the retention, keeps its rows, and says when', async () => {
    const { agent, documentId, jobId, files } = await personWithPreviewedDocument(t);
    await printAndEnd(agent, jobId, 'printed');

    // Ended just now: not due yet, and the print page says when the files will go.
    expect(await applyDocumentRetention(t.ctx)).toEqual({ cleared: 0, abandoned: 0 });
    for (const file of files) expect(await exists(t, file), file).toBe(true);
    const ended = await t.ctx.db
      .selectFrom('printjobs')
      .selectAll()
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    const before = (await agent.get('/ajax/printjobs/current')).json<TPrintjob>();
    expect(before.last_result).toMatchObject({
      printjob_id: jobId,
      status: 'printed',
      files_delete_at: new Date((ended.finished_at as Date).getTime() + 2_160).toISOString(),
      files_deleted_at: null,
    });

    await sleep(2_300);
    expect(await applyDocumentRetention(t.ctx)).toEqual({ cleared: 1, abandoned: 0 });
    // The upload, the normalised PDF and the previews are gone from storage…
    for (const file of files) expect(await exists(t, file), file).toBe(false);
    // …the row stays: what was printed and charged (history, statistics, billing).
    const row = await documentRow(t, documentId);
    expect(row).toMatchObject({ name: 'thesis.pdf', page_count: 2, original_key: null });
    expect(row?.files_deleted_at).toBeInstanceOf(Date);
    expect(
      await t.ctx.db
        .selectFrom('page_reservations')
        .select(['status', 'charged'])
        .where('printjob_id', '=', jobId)
        .execute(),
    ).toEqual([{ status: 'posted', charged: 2 }]);
    const after = (await agent.get('/ajax/printjobs/current')).json<TPrintjob>();
    expect(after.last_result?.files_deleted_at).toBe(row?.files_deleted_at?.toISOString());
    // Its preview is no longer served.
    expect((await agent.get(`/api/documents/${documentId}/pages/1.png`)).statusCode).toBe(404);
    // A second pass finds nothing left to do.
    expect(await applyDocumentRetention(t.ctx)).toEqual({ cleared: 0, abandoned: 0 });
  });

  it('deletes a failed job’s files too, and an admin can then no longer reset it', async () => {
    const { agent, documentId, jobId, files } = await personWithPreviewedDocument(t);
    await printAndEnd(agent, jobId, 'failed');
    await sleep(2_300);
    expect((await applyDocumentRetention(t.ctx)).cleared).toBeGreaterThanOrEqual(1);
    for (const file of files) expect(await exists(t, file), file).toBe(false);
    expect((await documentRow(t, documentId))?.files_deleted_at).toBeInstanceOf(Date);

    const admin = await signInNewAdmin(t);
    const reset = await admin.post(`/api/admin/printjobs/${jobId}/reset`, {});
    expect(reset.statusCode, reset.body).toBe(409);
    expect(reset.json()).toMatchObject({
      code: 'reset_documents_deleted',
      message:
        'The documents of this print job were deleted (retention); it cannot be printed again.',
    });
  });

  it('removes documents never printed once they are left alone, not while they are used', async () => {
    const { agent, documentId, files } = await personWithPreviewedDocument(t);
    const shown = (await agent.get('/ajax/printjobs/current')).json<TPrintjob>();
    const updated = await documentRow(t, documentId);
    expect(shown.files_delete_at).toBe(
      new Date((updated?.updated_at as Date).getTime() + 2_160).toISOString(),
    );

    await sleep(2_300);
    // Touched (copies changed) just before the check: it stays, and the moment moves on.
    expect((await agent.put(`/ajax/documents/${documentId}`, { copies: 2 })).statusCode).toBe(200);
    await applyDocumentRetention(t.ctx);
    expect(await documentRow(t, documentId)).toBeDefined();
    const later = (await agent.get('/ajax/printjobs/current')).json<TPrintjob>();
    expect(new Date(later.files_delete_at ?? 0).getTime()).toBeGreaterThan(
      new Date(shown.files_delete_at ?? 0).getTime(),
    );

    await sleep(2_300);
    expect((await applyDocumentRetention(t.ctx)).abandoned).toBeGreaterThanOrEqual(1);
    expect(await documentRow(t, documentId)).toBeUndefined();
    for (const file of files) expect(await exists(t, file), file).toBe(false);
    const empty = (await agent.get('/ajax/printjobs/current')).json<TPrintjob>();
    expect(empty).toMatchObject({ documents: [], files_delete_at: null });
    expect(
      await t.ctx.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'documents.abandoned_removed')
        .where('subject_id', '=', String(empty.id))
        .execute(),
    ).toHaveLength(1);
  });

  it('leaves a confirmed job’s documents alone', async () => {
    const { agent, documentId, jobId, files } = await personWithPreviewedDocument(t);
    expect(
      (await agent.post(`/ajax/printjobs/${jobId}/submit`, { is_submitted: true })).statusCode,
    ).toBe(200);
    await sleep(2_300);
    await applyDocumentRetention(t.ctx);
    expect((await documentRow(t, documentId))?.files_deleted_at).toBeNull();
    for (const file of files) expect(await exists(t, file), file).toBe(true);
  });
});

describe('document retention on two instances', () => {
  const instances = useTwoInstances();

  it('clears each job once when both instances run the check at the same moment', async () => {
    const { a, b } = instances;
    // Both instances share the database and (here) the same storage: b's files live in a's
    // data directory, as with a shared volume.
    const people = [];
    for (let i = 0; i < 3; i += 1) people.push(await personWithPreviewedDocument(a));
    // Their jobs ended 9 hours ago (default retention: 8 hours).
    for (const person of people)
      await a.ctx.db
        .updateTable('printjobs')
        .set({ status: 'failed', finished_at: new Date(Date.now() - 9 * 3_600_000) })
        .where('id', '=', person.jobId)
        .execute();
    const [ra, rb] = await Promise.all([
      applyDocumentRetention(a.ctx),
      applyDocumentRetention({ ...b.ctx, storage: a.ctx.storage }),
    ]);
    expect(ra.cleared + rb.cleared).toBe(3);
    for (const person of people) {
      for (const file of person.files) expect(await exists(a, file), file).toBe(false);
      expect((await documentRow(a, person.documentId))?.files_deleted_at).toBeInstanceOf(Date);
    }
  });
});

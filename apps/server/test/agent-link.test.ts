import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { AGENT_CLOSE } from '@printomat/shared';
import type { TestPrinter } from '../../agent/src/kiosk/ipp-printer';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { issueAgentSecret } from '../src/modules/agents/agents.service';
import { listMonthlyStats } from '../src/modules/printers/printer-stats.repo';
import { makePdf } from './helpers/fixtures';
import { rawAgent } from './helpers/raw-agent';
import { until } from './helpers/http-session';
import { KIOSK_CODE, startAgentHarness, type TAgentHarness } from './helpers/agent-harness';
import { registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

const CODE = KIOSK_CODE;

let h: TAgentHarness;
let t: TTestApp;
let serverUrl: string;
let printer: TestPrinter;
let printerId: number;
let credentials: { minionId: string; secret: string };

beforeAll(async () => {
  h = await startAgentHarness('kiosk-zlote-tarasy');
  ({ t, serverUrl, printer, printerId, credentials } = h);
});
afterAll(() => h?.close());
afterEach(async () => {
  await h.stopAgents();
  await printer.setFailing(false);
  await printer.setJobDurationMs(0);
});

const startAgent = (options?: { stateDir?: string; minionId?: string; secret?: string }) =>
  h.startAgent(options);

/** A person with pages and a confirmed job of one 3-page PDF printed twice, duplex, 2-up. */
async function confirmedJob(pages = 50) {
  const person = new TestAgent(t.app);
  const { id } = await registerAndSignIn(person);
  await grantPages(t.ctx.db, { userId: id, source: 'package', pages, validDays: 30 });
  const upload = await person.upload('/ajax/documents/upload', 'report.pdf', await makePdf(3));
  expect(upload.statusCode).toBe(201);
  const documentId = upload.json().id as number;
  const job = (await person.get('/ajax/printjobs/current')).json();
  await person.post(`/ajax/documents/${documentId}`, { _method: 'PUT', copies: 2 });
  const settings = await person.post(`/ajax/printjobs/${job.id}/settings`, {
    is_duplex: true,
    pages_per_sheet: 2,
    orientation: 'landscape',
    is_grayscale: true,
  });
  expect(settings.statusCode).toBe(200);
  expect(
    (await person.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true })).statusCode,
  ).toBe(200);
  return { person, userId: id, jobId: job.id as number, documentId };
}

const remaining = async (person: TestAgent) =>
  (await person.get('/ajax/user')).json().remaining_page_limit as number;

const jobRow = (jobId: number) =>
  t.ctx.db.selectFrom('printjobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
const ended = (jobId: number) =>
  until(async () => {
    const row = await jobRow(jobId);
    return row.status === 'scheduled' ? undefined : row;
  });
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('printer agent link', () => {
  it('refuses a release while no agent is connected, then prints exactly the normalised PDF with the job’s settings', async () => {
    await t.ctx.db
      .updateTable('printers')
      .set({ agent_last_seen_at: null })
      .where('id', '=', printerId)
      .execute();
    const { person, jobId, documentId } = await confirmedJob(50);
    let res = await person.post(`/ajax/printjobs/${jobId}/print_with_code`, { code: CODE });
    // An offline printer's code answers like a wrong code (issue 11): codes cannot be probed.
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('unknown_code');

    const agent = await startAgent();
    await agent.waitFor('online');
    const before = (await printer.printedJobs()).length;
    res = await person.post(`/ajax/printjobs/${jobId}/print_with_code`, { code: CODE });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('scheduled');
    expect(res.json().printer).toEqual({ id: printerId, name: expect.any(String) });

    const row = await ended(jobId);
    expect(row.status).toBe('archived');
    // 3 pages 2-up = 2 faces per copy, 2 copies = 4 faces, grayscale: 4 pages charged.
    expect(row.printed_faces).toBe(4);
    expect(await remaining(person)).toBe(46);

    const printed = (await printer.printedJobs()).slice(before);
    expect(printed).toHaveLength(1);
    expect(printed[0]?.env).toMatchObject({
      IPP_COPIES: '2',
      IPP_SIDES: 'two-sided-long-edge',
      IPP_PRINT_COLOR_MODE: 'monochrome',
      IPP_NUMBER_UP: '2',
      IPP_ORIENTATION_REQUESTED: 'landscape',
    });
    const document = await t.ctx.db
      .selectFrom('documents')
      .select('pdf_key')
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    const normalised = await t.ctx.storage.read(document.pdf_key as string);
    expect(sha(await fs.readFile(printed[0]?.file as string))).toBe(sha(normalised));

    // The person has a fresh job and sees what the last one printed and cost.
    const current = (await person.get('/ajax/printjobs/current')).json();
    expect(current.id).not.toBe(jobId);
    expect(current.status).toBe('created');
    expect(current.last_result).toMatchObject({
      printjob_id: jobId,
      status: 'printed',
      printed_pages: 4,
      charged_pages: 4,
    });
    const stats = await listMonthlyStats(t.ctx.db, printerId);
    expect(stats[0]).toMatchObject({ classicMonoPages: 4, classicColorPages: 0, printingUsers: 1 });

    // The heartbeat's printer state is kept for the admin and the map.
    const status = await t.ctx.db
      .selectFrom('printers')
      .select('agent_status')
      .where('id', '=', printerId)
      .executeTakeFirstOrThrow();
    expect(status.agent_status?.state).toBe('idle');
    expect(status.agent_status?.inputTrays.length).toBeGreaterThan(0);
    expect(status.agent_status?.supplies.length).toBeGreaterThan(0);
  });

  it('ends a job the printer aborts as failed, charging nothing', async () => {
    const agent = await startAgent();
    await agent.waitFor('online');
    await printer.setFailing(true);
    const { person, jobId } = await confirmedJob(30);
    const res = await person.post(`/ajax/printjobs/${jobId}/print_with_code`, { code: CODE });
    expect(res.statusCode).toBe(200);
    const row = await ended(jobId);
    expect(row.status).toBe('failed');
    expect(row.failure_reason).toBe('the printer aborted the job');
    expect(await remaining(person)).toBe(30);
    const current = (await person.get('/ajax/printjobs/current')).json();
    expect(current.last_result).toMatchObject({ status: 'failed', charged_pages: 0 });
  });

  it('does not print twice when the agent is killed mid-job and restarted, or gets a job twice', async () => {
    const stateDir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-agent-'));
    const first = await startAgent({ stateDir });
    await first.waitFor('online');
    await printer.setJobDurationMs(2_500);
    const before = (await printer.printedJobs()).length;
    const { person, jobId } = await confirmedJob(30);
    expect(
      (await person.post(`/ajax/printjobs/${jobId}/print_with_code`, { code: CODE })).statusCode,
    ).toBe(200);
    // The job is at the printer, and the person sees it printing.
    await until(async () => ((await jobRow(jobId)).printing_started_at ? true : undefined));
    expect((await person.get('/ajax/printjobs/current')).json().phase).toBe('printing');
    // Deliver it once more while it prints: still one job at the printer.
    await t.ctx.events.publish(`printer:${printerId}`, {
      kind: 'job_released',
      printerId,
      jobId,
    });
    await new Promise((r) => setTimeout(r, 200));
    await first.stop();

    await startAgent({ stateDir });
    const row = await ended(jobId);
    expect(row.status).toBe('archived');
    expect((await printer.printedJobs()).length - before).toBe(1);
    expect(await remaining(person)).toBe(26);
  });

  it('records an unknown agent as a detected printer until an admin registers it', async () => {
    const agent = await startAgent({
      minionId: 'kiosk-new-42',
      secret: 'a-secret-of-the-new-kiosk',
    });
    await agent.waitFor('detected');
    const detected = await t.ctx.db
      .selectFrom('detected_printers')
      .selectAll()
      .where('minion_id', '=', 'kiosk-new-42')
      .executeTakeFirstOrThrow();
    expect(detected.printer_info?.state).toBe('idle');

    // Another agent cannot take the detected slot with another secret.
    const intruder = await closeCodeOf('kiosk-new-42', 'some-other-secret-value');
    expect(intruder).toBe(AGENT_CLOSE.unauthorized);

    const berlin = await t.ctx.db
      .selectFrom('printers')
      .select('id')
      .where('direct_print_code', '!=', CODE)
      .where('minion_id', 'is', null)
      .executeTakeFirstOrThrow();
    const admin = new TestAgent(t.app);
    const signIn = await admin.post('/api/auth/sign-in', {
      email: 'admin@printomat.example',
      password: 'admin-demo-2026',
    });
    expect(signIn.statusCode).toBe(200);
    const list = (await admin.get('/api/admin/printers/detected')).json();
    expect(list.detected).toEqual([
      expect.objectContaining({ minion_id: 'kiosk-new-42', agent_version: '1.0.0' }),
    ]);
    const registered = await admin.post(`/api/admin/printers/${berlin.id}/register_agent`, {
      minion_id: 'kiosk-new-42',
    });
    expect(registered.json()).toEqual({ id: berlin.id, minion_id: 'kiosk-new-42', api_version: 3 });
    await agent.waitFor('online');
    expect(agent.printerId).toBe(berlin.id);
    expect((await admin.get('/api/admin/printers/detected')).json().detected).toEqual([]);
    const stats = (await admin.get(`/api/admin/printers/${berlin.id}/statistics`)).json();
    expect(stats.availability).toBe('available');
    expect(stats.status.inputTrays.length).toBeGreaterThan(0);
    // Not for people who are not admins.
    const person = new TestAgent(t.app);
    await registerAndSignIn(person);
    expect((await person.get('/api/admin/printers/detected')).statusCode).toBe(403);
  });

  it('refuses a registered printer’s agent with a wrong secret, and nonsense messages', async () => {
    expect(await closeCodeOf(credentials.minionId, 'not-the-right-secret-at-all')).toBe(
      AGENT_CLOSE.unauthorized,
    );
    const socket = new WebSocket(`${serverUrl.replace('http', 'ws')}/agent/ws`);
    await new Promise((r) => socket.once('open', r));
    socket.send('{"type":"job_finished","jobId":1,"outcome":"printed","impressions":5}');
    const code = await new Promise<number>((r) => socket.once('close', (c) => r(c)));
    expect(code).toBe(AGENT_CLOSE.protocolError);
  });

  it('pushes live status to the person’s browser over server-sent events', async () => {
    const agent = await startAgent();
    await agent.waitFor('online');
    const { person, jobId } = await confirmedJob(30);
    const cookie = [...person.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const controller = new AbortController();
    const response = await fetch(`${serverUrl}/ajax/printjobs/events`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const read = (async () => {
      const decoder = new TextDecoder();
      while (!text.includes('"status":"archived"')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
    })();
    await person.post(`/ajax/printjobs/${jobId}/print_with_code`, { code: CODE });
    await Promise.race([read, new Promise((r) => setTimeout(r, 10_000))]);
    controller.abort();
    const statuses = [...text.matchAll(/"status":"(\w+)"/g)].map((m) => m[1]);
    expect(statuses).toEqual(['scheduled', 'scheduled', 'archived']);
  });
});

describe('printer agent link, protocol edges', () => {
  it('sends a job again with fresh links when the agent asks, and says when it is not its job any more', async () => {
    const { person, jobId } = await confirmedJob(30);
    const link = await rawAgent(serverUrl, credentials.minionId, credentials.secret);
    await link.next('welcome');
    await person.post(`/ajax/printjobs/${jobId}/print_with_code`, { code: CODE });
    const first = await link.next('job');
    link.send({ type: 'job_refresh', jobId });
    const again = await link.next('job');
    expect(again.job.jobId).toBe(jobId);
    const path = (m: typeof first) => m.job.documents[0]?.path;
    expect(path(again)).not.toBe(path(first));
    // Both links work until they expire; a made-up token does not.
    expect((await fetch(`${serverUrl}${path(again) as string}`)).status).toBe(200);
    const forged = (path(again) as string).replace(/token=.*/, 'token=' + 'x'.repeat(32));
    expect((await fetch(`${serverUrl}${forged}`)).status).toBe(403);

    link.send({
      type: 'job_finished',
      jobId,
      outcome: 'printed',
      impressions: null,
      documentsCompleted: 1,
    });
    await link.next('finished_ack');
    link.send({ type: 'job_refresh', jobId });
    expect(await link.next('job_cancelled')).toEqual({ type: 'job_cancelled', jobId });
    expect((await fetch(`${serverUrl}${path(again) as string}`)).status).toBe(404);
    link.close();
  });

  it('closes the link of an agent whose secret was replaced', async () => {
    const link = await rawAgent(serverUrl, credentials.minionId, credentials.secret);
    await link.next('welcome');
    credentials = await issueAgentSecret(t.ctx, null, printerId);
    expect(await link.closed).toBe(AGENT_CLOSE.unauthorized);
  });
});

/** Connects as an agent with these credentials and returns the close code the server gives. */
async function closeCodeOf(minionId: string, secret: string): Promise<number> {
  return (await rawAgent(serverUrl, minionId, secret)).closed;
}

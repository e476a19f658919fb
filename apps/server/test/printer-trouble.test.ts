import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TAgentPrinterStatus } from '@printomat/shared';
import { PRINTER_ERROR_WAIT_MS, type PrinterAgent } from '../../agent/src/agent';
import { createIppClient } from '../../agent/src/ipp/ipp-client';
import { startTestPrinter, type TestPrinter } from '../../agent/src/kiosk/ipp-printer';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { signInDemoAdmin } from './helpers/admin';
import { makePdf } from './helpers/fixtures';
import { until } from './helpers/http-session';
import { agentPrinterStatus, rawAgent } from './helpers/raw-agent';
import { KIOSK_CODE, startAgentHarness, type TAgentHarness } from './helpers/agent-harness';
import { registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

const CODE = KIOSK_CODE;

let h: TAgentHarness;
let t: TTestApp;
let printer: TestPrinter;
let serverUrl: string;
let printerId: number;
let credentials: { minionId: string; secret: string };
let admin: TestAgent;

beforeAll(async () => {
  h = await startAgentHarness('kiosk-trouble');
  ({ t, serverUrl, printer, printerId, credentials } = h);
  admin = await signInDemoAdmin(t.app);
});
afterAll(() => h?.close());
afterEach(async () => {
  await h.stopAgents();
  await printer.setJobDurationMs(0);
  await printer.setCommandMessages([]);
});

/** A real agent, online, at the kiosk's printer (or another printer's address). */
async function startAgent(
  printerUri = printer.uri,
  options: { printerErrorWaitMs?: number } = {},
): Promise<PrinterAgent> {
  const agent = await h.startAgent({ printerUri, ...options });
  await agent.waitFor('online');
  return agent;
}

/** A person with `pages` pages and a confirmed job of one 3-page PDF, 2 copies, duplex, 2-up. */
async function confirmedJob(pages = 30, locale?: 'de' | 'en' | 'pl') {
  const person = new TestAgent(t.app);
  if (locale) person.cookies.set('lang', locale);
  const { id } = await registerAndSignIn(person);
  await grantPages(t.ctx.db, { userId: id, source: 'package', pages, validDays: 30 });
  const upload = await person.upload('/ajax/documents/upload', 'report.pdf', await makePdf(3));
  expect(upload.statusCode).toBe(201);
  const documentId = upload.json().id as number;
  const job = (await person.get('/ajax/printjobs/current')).json();
  await person.post(`/ajax/documents/${documentId}`, { _method: 'PUT', copies: 2 });
  await person.post(`/ajax/printjobs/${job.id}/settings`, {
    is_duplex: true,
    pages_per_sheet: 2,
    is_grayscale: true,
  });
  expect(
    (await person.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true })).statusCode,
  ).toBe(200);
  return { person, jobId: job.id as number };
}

const remaining = async (person: TestAgent) =>
  (await person.get('/ajax/user')).json().remaining_page_limit as number;
const jobRow = (jobId: number) =>
  t.ctx.db.selectFrom('printjobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
const reservations = (jobId: number) =>
  t.ctx.db
    .selectFrom('page_reservations')
    .selectAll()
    .where('printjob_id', '=', jobId)
    .orderBy('id')
    .execute();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** IPP jobs the printer's print command started since `before`, with their final states. */
async function ippJobsSince(before: number) {
  const client = createIppClient(printer.uri);
  const started = (await printer.printedJobs()).slice(before);
  return Promise.all(
    started.map(async (job) => ({
      name: job.env.IPP_JOB_NAME,
      state: (await client.waitForJob(Number(job.env.IPP_JOB_ID), { timeoutMs: 20_000 })).state,
    })),
  );
}

describe('a job withdrawn after it reached the printer', () => {
  it('is cancelled there (IPP Cancel-Job) and charged only the faces that came out', async () => {
    await startAgent();
    // The printer holds the job for 6 s and has printed 2 faces of it by then.
    await printer.setJobDurationMs(6_000);
    await printer.setCommandMessages(['ATTR: job-impressions-completed=2']);
    const before = (await printer.printedJobs()).length;
    const { person, jobId } = await confirmedJob(30);
    expect(
      (await person.post(`/ajax/printjobs/${jobId}/print_with_code`, { code: CODE })).statusCode,
    ).toBe(200);
    await until(async () => ((await jobRow(jobId)).printing_started_at ? true : undefined));
    // The print command runs: the printer is printing it.
    await until(async () => ((await printer.printedJobs()).length > before ? true : undefined));
    expect((await admin.post(`/api/admin/printjobs/${jobId}/fail`)).statusCode).toBe(200);

    // The printer ends the job as cancelled (not completed): the agent sent Cancel-Job.
    const [ipp] = await ippJobsSince(before);
    expect(ipp?.state).toBe('canceled');
    // The agent's report charges the 2 faces printed (grayscale: 2 pages) and gives 2 back.
    await until(async () => ((await jobRow(jobId)).printed_faces === 2 ? true : undefined));
    const row = await jobRow(jobId);
    expect(row.status).toBe('failed');
    expect(await remaining(person)).toBe(28);
    expect((await reservations(jobId)).map((r) => [r.status, r.charged])).toEqual([['posted', 2]]);
  });

  it('prints exactly once after an admin fails, resets and prints it again', async () => {
    await startAgent();
    await printer.setJobDurationMs(4_000);
    const before = (await printer.printedJobs()).length;
    const { person, jobId } = await confirmedJob(30);
    expect(
      (await person.post(`/ajax/printjobs/${jobId}/print_with_code`, { code: CODE })).statusCode,
    ).toBe(200);
    await until(async () => ((await jobRow(jobId)).printing_started_at ? true : undefined));
    await until(async () => ((await printer.printedJobs()).length > before ? true : undefined));
    expect((await admin.post(`/api/admin/printjobs/${jobId}/fail`)).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/printjobs/${jobId}/reset`)).statusCode).toBe(200);
    await printer.setJobDurationMs(0);
    const again = await admin.post(`/api/admin/printjobs/${jobId}/print`, {
      printer_id: printerId,
    });
    expect(again.statusCode).toBe(200);

    const row = await until(async () => {
      const r = await jobRow(jobId);
      return r.status === 'scheduled' ? undefined : r;
    });
    expect(row.status).toBe('archived');
    expect(row.printed_faces).toBe(4);
    // Two IPP jobs: the first release cancelled at the printer, the second printed whole.
    const ipp = await ippJobsSince(before);
    expect(ipp.map((j) => j.state)).toEqual(['canceled', 'completed']);
    expect(ipp[0]?.name).not.toBe(ipp[1]?.name);
    // The first release's late report settles nothing: 4 pages charged once.
    await sleep(500);
    expect(await remaining(person)).toBe(26);
    expect((await reservations(jobId)).map((r) => [r.status, r.charged ?? null])).toEqual([
      ['voided', null],
      ['posted', 4],
    ]);
    expect((await printer.printedJobs()).length - before).toBe(2);
  });
});

describe('a printer whose device is in error', () => {
  const availability = async () =>
    (
      (await new TestAgent(t.app).get('/api/map')).json().printers as Array<{
        id: number;
        availability: string;
      }>
    ).find((p) => p.id === printerId)?.availability;

  it('refuses releases before reserving pages, says why in the person’s language, and shows it', async () => {
    const link = await rawAgent(serverUrl, credentials.minionId, credentials.secret);
    await link.next('welcome');
    const report = async (s: Partial<TAgentPrinterStatus>, shown: string) => {
      link.send({ type: 'heartbeat', printer: agentPrinterStatus(s) });
      await until(async () => ((await availability()) === shown ? true : undefined));
      // Heartbeats closer than a second apart are ignored by the server.
      await sleep(1_050);
    };
    const { person, jobId } = await confirmedJob(30, 'de');
    const release = () => person.post(`/ajax/printjobs/${jobId}/print`, { printer_id: printerId });

    await report({ state: 'stopped' }, 'printer_error');
    let res = await release();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'printer_error',
      message:
        'Der Drucker hat wegen einer Störung angehalten. Es wurde nichts berechnet; wähle einen anderen Drucker oder versuche es später erneut.',
    });
    // By code: the same answer as a wrong code (codes cannot be probed).
    res = await person.post(`/ajax/printjobs/${jobId}/print_with_code`, { code: CODE });
    expect(res.json().code).toBe('unknown_code');
    const admins = (await admin.get('/api/admin/printers')).json();
    expect(
      (admins.printers as Array<{ id: number; availability: string }>).find(
        (p) => p.id === printerId,
      )?.availability,
    ).toBe('printer_error');

    person.cookies.set('lang', 'pl');
    await report({ state: 'idle', reasons: ['media-empty-report'] }, 'out_of_paper');
    res = await release();
    expect(res.json()).toMatchObject({
      code: 'printer_out_of_paper',
      message:
        'W drukarce skończył się papier. Nic nie zostało pobrane; wybierz inną drukarkę albo spróbuj ponownie po uzupełnieniu.',
    });
    person.cookies.set('lang', 'en');
    await report({ state: 'stopped', reasons: ['media-jam-error'] }, 'paper_jam');
    expect((await release()).json().code).toBe('printer_paper_jam');
    await report({ state: 'stopped', reasons: ['marker-supply-empty-error'] }, 'out_of_toner');
    expect((await release()).json().code).toBe('printer_out_of_toner');
    await report({ state: 'unreachable' }, 'printer_unreachable');
    res = await release();
    expect(res.json()).toMatchObject({
      code: 'printer_unreachable',
      message:
        'The printer does not answer right now. Nothing was charged; choose another printer or try again in a moment.',
    });
    // Nothing was reserved by any of these refusals.
    expect(await reservations(jobId)).toEqual([]);
    expect(await remaining(person)).toBe(30);
    expect((await jobRow(jobId)).status).toBe('created');

    // A door left open is expected to be closed: the release is taken, the job waits.
    await report({ state: 'stopped', reasons: ['door-open-error'] }, 'door_open');
    res = await release();
    expect(res.statusCode).toBe(200);
    expect((await link.next('job')).job.jobId).toBe(jobId);
    // Printer fine again.
    link.send({
      type: 'job_finished',
      jobId,
      outcome: 'printed',
      impressions: 4,
      documentsCompleted: 1,
    });
    await link.next('finished_ack');
    link.close();
  });

  it('fails a job waiting there within a minute and gives the pages back', async () => {
    // A printer of its own: ippeveprinter keeps the state reason its print command sets, and
    // takes no more jobs while out of paper.
    const sick = await startTestPrinter();
    try {
      await sick.setCommandMessages(['STATE: +media-empty-error']);
      const client = createIppClient(sick.uri);
      const { jobId: ippJob } = await client.printJob(await makePdf(1), {
        jobName: 'paper check',
        copies: 1,
        sides: 'one-sided',
        colorMode: 'monochrome',
        numberUp: null,
        orientation: null,
      });
      await client.waitForJob(ippJob);
      expect((await client.getPrinter()).reasons).toContain('media-empty-report');
      // Released while the printer still looked fine (its agent reported before it ran out).
      await t.ctx.db
        .updateTable('printers')
        .set({
          agent_last_seen_at: new Date(),
          agent_status: JSON.stringify(agentPrinterStatus({})),
        })
        .where('id', '=', printerId)
        .execute();
      const { person, jobId } = await confirmedJob(30);
      expect(
        (await person.post(`/ajax/printjobs/${jobId}/print`, { printer_id: printerId })).statusCode,
      ).toBe(200);
      expect(await remaining(person)).toBe(26);
      // Within a minute in production (the agent's wait, 45 s); 4 s here, so the test waits 4 s.
      expect(PRINTER_ERROR_WAIT_MS).toBeLessThan(60_000);
      const startedAt = Date.now();
      await startAgent(sick.uri, { printerErrorWaitMs: 4_000 });
      const row = await until(
        async () => {
          const r = await jobRow(jobId);
          return r.status === 'scheduled' ? undefined : r;
        },
        30_000,
        200,
      );
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(4_000);
      expect(Date.now() - startedAt).toBeLessThan(30_000);
      expect(row.status).toBe('failed');
      expect(row.failure_reason).toMatch(/^printer in error: out of paper/);
      expect(await remaining(person)).toBe(30);
      // Nothing of it was sent to the printer: only the paper check ran.
      expect(await sick.printedJobs()).toHaveLength(1);
    } finally {
      await h.stopAgents();
      await sick.stop();
    }
  }, 90_000);
});

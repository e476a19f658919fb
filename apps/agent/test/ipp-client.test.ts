import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IppBusyError, type PrintJobAttributes, createIppClient } from '../src/ipp/ipp-client.js';
import { type TestPrinter, startTestPrinter } from '../src/kiosk/ipp-printer.js';

async function makePdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++)
    doc.addPage([595, 842]).drawText(`Page ${i + 1}`, { x: 50, y: 780 });
  return Buffer.from(await doc.save());
}

const baseAttrs: PrintJobAttributes = {
  jobName: 'test',
  copies: 1,
  sides: 'one-sided',
  colorMode: 'monochrome',
  numberUp: 1,
  orientation: null,
};

describe('IPP client against ippeveprinter', () => {
  let printer: TestPrinter;
  let pdf: Buffer;

  beforeAll(async () => {
    printer = await startTestPrinter();
    pdf = await makePdf(2);
  });
  afterAll(async () => {
    await printer?.stop();
  });

  it('reports printer state, supplies and trays', async () => {
    const client = createIppClient(printer.uri);
    const status = await client.getPrinter();
    expect(status.state).toBe('idle');
    expect(status.inputTrays).toContainEqual(expect.stringContaining('name=main'));
    expect(status.supplies).toContainEqual(
      expect.objectContaining({ type: 'toner', color: 'black', level: expect.any(Number) }),
    );
    expect(status.markers).toEqual([]);
  });

  it('prints a job with the requested options and spools the exact PDF', async () => {
    const client = createIppClient(printer.uri);
    const { jobId, jobUri } = await client.printJob(pdf, {
      jobName: 'order-42',
      copies: 2,
      sides: 'two-sided-long-edge',
      colorMode: 'monochrome',
      numberUp: 2,
      orientation: 'landscape',
      requestingUser: 'kiosk-1',
    });
    expect(jobId).toBeGreaterThan(0);
    expect(jobUri).toContain(`/${jobId}`);
    const final = await client.waitForJob(jobId, { timeoutMs: 10_000, pollMs: 100 });
    expect(final.state).toBe('completed');

    const jobs = await printer.printedJobs();
    const seen = jobs.find((j) => j.env.IPP_JOB_ID === String(jobId));
    expect(seen?.env).toMatchObject({
      IPP_COPIES: '2',
      IPP_SIDES: 'two-sided-long-edge',
      IPP_PRINT_COLOR_MODE: 'monochrome',
      IPP_NUMBER_UP: '2',
      // Sent as enum 4; ippeveprinter passes the enum's keyword to the command.
      IPP_ORIENTATION_REQUESTED: 'landscape',
      IPP_JOB_NAME: 'order-42',
    });
    const spooled = await readFile(seen!.file);
    expect(spooled.equals(pdf)).toBe(true);
  });

  it('gets server-error-busy while printing, and printWhenIdle retries until idle', async () => {
    const client = createIppClient(printer.uri);
    await printer.setJobDurationMs(1_500);
    try {
      const results = await Promise.allSettled([
        client.printJob(pdf, { ...baseAttrs, jobName: 'first' }),
        new Promise((r) => setTimeout(r, 200)).then(() =>
          client.printJob(pdf, { ...baseAttrs, jobName: 'second' }),
        ),
      ]);
      expect(results[0].status).toBe('fulfilled');
      expect(results[1].status).toBe('rejected');
      const busy = (results[1] as PromiseRejectedResult).reason as unknown;
      expect(busy).toBeInstanceOf(IppBusyError);
      expect((busy as IppBusyError).statusCode).toBe(0x0507);
      const first = (results[0] as PromiseFulfilledResult<{ jobId: number }>).value;

      const started = Date.now();
      const second = await client.printWhenIdle(
        pdf,
        { ...baseAttrs, jobName: 'second' },
        { timeoutMs: 10_000, initialDelayMs: 100 },
      );
      expect(Date.now() - started).toBeGreaterThan(500);
      expect(second.jobId).toBeGreaterThan(first.jobId);
      expect((await client.getJob(first.jobId)).state).toBe('completed');
      const final = await client.waitForJob(second.jobId, { timeoutMs: 10_000, pollMs: 100 });
      expect(final.state).toBe('completed');
      // orientation null = attribute omitted, so the printer's default applies.
      const seen = (await printer.printedJobs()).find(
        (j) => j.env.IPP_JOB_ID === String(second.jobId),
      );
      expect(seen?.env.IPP_JOB_NAME).toBe('second');
      expect(seen?.env).not.toHaveProperty('IPP_ORIENTATION_REQUESTED');
    } finally {
      await printer.setJobDurationMs(0);
    }
  });

  it('printWhenIdle gives up with IppBusyError after its timeout', async () => {
    const client = createIppClient(printer.uri);
    await printer.setJobDurationMs(2_000);
    try {
      const { jobId } = await client.printJob(pdf, baseAttrs);
      await expect(
        client.printWhenIdle(pdf, baseAttrs, { timeoutMs: 400, initialDelayMs: 100 }),
      ).rejects.toBeInstanceOf(IppBusyError);
      await client.waitForJob(jobId, { timeoutMs: 10_000, pollMs: 100 });
    } finally {
      await printer.setJobDurationMs(0);
    }
  });

  it('reports the real outcome of a job whose print command fails', async () => {
    const client = createIppClient(printer.uri);
    await printer.setFailing(true);
    try {
      const { jobId } = await client.printJob(pdf, baseAttrs);
      const final = await client.waitForJob(jobId, { timeoutMs: 10_000, pollMs: 100 });
      // ippeveprinter marks the job aborted when its -c command exits non-zero.
      expect(final).toMatchObject({ state: 'aborted', reasons: ['aborted-by-system'] });
      expect((await client.getPrinter()).state).toBe('idle');
    } finally {
      await printer.setFailing(false);
    }
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { makePdf } from '../apps/server/test/helpers/fixtures';
import { startTestPrinter, type TestPrinter } from '../apps/agent/src/kiosk/ipp-printer';
import { until } from '../apps/server/test/helpers/http-session';
import { startAgentProcess, type TAgentProcess } from './helpers/agent-process';
import { launchBrowser } from './helpers/browser';
import { registerKioskAgent } from './helpers/kiosk';
import { signedInPrintPage } from './helpers/pages';
import { remainingPages, uploadConfirmRelease as releaseWithCode } from './helpers/print-flow';
import { startServer, type TRunningServer } from './helpers/server';
import { stopAll } from './helpers/teardown';

const MINION = 'e2e-kiosk';

let server: TRunningServer;
let browser: Browser;
let printer: TestPrinter;
let agent: TAgentProcess;
let dir: string;
const stateDir = () => path.join(dir, 'agent-state');
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function restartAgent(): void {
  agent = startAgentProcess({
    serverUrl: server.url,
    printerUri: printer.uri,
    minionId: MINION,
    stateDir: stateDir(),
  });
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-printing-'));
  await fs.writeFile(path.join(dir, 'lecture.pdf'), await makePdf(3));
  [server, browser, printer] = await Promise.all([
    startServer(),
    launchBrowser(),
    startTestPrinter(),
  ]);
  // A new kiosk's agent dials in unregistered; the admin registers it as the Złote Tarasy printer.
  const zloteTarasy = (await (await fetch(`${server.url}/api/printers/1`)).json()) as {
    name: string;
    availability: string;
  };
  expect(zloteTarasy).toMatchObject({ name: 'Złote Tarasy', availability: 'offline' });
  restartAgent();
  await registerKioskAgent(server.url, MINION);
});
afterAll(() => stopAll({ agent, browser, printer, server, dir }));

const signedInPage = () =>
  signedInPrintPage(browser, server.url, 'anna@printomat.example', 'anna-demo-2026');

const remaining = remainingPages;

/** Uploads the lecture, prints it double-sided, confirms and releases it with the printer's code. */
const uploadConfirmRelease = (page: Page) => releaseWithCode(page, path.join(dir, 'lecture.pdf'));

describe('printing at a kiosk', () => {
  it('prints exactly the normalised PDF with the chosen settings and debits the pages', async () => {
    const page = await signedInPage();
    const before = await remaining(page);
    const jobsBefore = (await printer.printedJobs()).length;
    await uploadConfirmRelease(page);

    // The person follows the job live, then sees what came out and what it cost.
    const result = page.getByTestId('last-result');
    await result.waitFor({ timeout: 20_000 });
    expect(await result.innerText()).toMatch(/Printed 3 pages at Złote Tarasy/);
    await expect.poll(() => remaining(page)).toBe(before - 3);

    const printed = (await printer.printedJobs()).slice(jobsBefore);
    expect(printed).toHaveLength(1);
    expect(printed[0]?.env).toMatchObject({
      IPP_COPIES: '1',
      IPP_SIDES: 'two-sided-long-edge',
      IPP_PRINT_COLOR_MODE: 'monochrome',
      IPP_NUMBER_UP: '1',
    });
    // The printer got the normalised PDF the server counted and billed, not the uploaded bytes.
    const printedSha = sha(await fs.readFile(printed[0]?.file as string));
    expect(printedSha).not.toBe(sha(await fs.readFile(path.join(dir, 'lecture.pdf'))));
    const stored: string[] = [];
    const documentsDir = path.join(server.dataDir, 'documents');
    for (const month of await fs.readdir(documentsDir)) {
      if (month === 'tmp') continue;
      for (const name of await fs.readdir(path.join(documentsDir, month)))
        stored.push(sha(await fs.readFile(path.join(documentsDir, month, name))));
    }
    expect(stored).toContain(printedSha);
    await page.context().close();
  });

  it('starts printing from the phone on the printer’s page (its link / QR code)', async () => {
    const page = await signedInPage();
    const before = await remaining(page);
    await page.getByTestId('file-input').setInputFiles(path.join(dir, 'lecture.pdf'));
    await expect
      .poll(() => page.locator('[data-testid=document-row][data-state=uploaded]').count(), {
        timeout: 30_000,
      })
      .toBe(1);
    await page.getByTestId('submit-button').click();
    await expect.poll(() => page.getByTestId('submit-button').innerText()).toBe('Edit');
    await page.goto(`${server.url}/printers/1`);
    expect(await page.getByTestId('printer-name').innerText()).toBe('Złote Tarasy');
    expect(await page.getByTestId('printer-availability').getAttribute('data-availability')).toBe(
      'available',
    );
    await page.getByTestId('print-here').click();
    await page.waitForURL(`${server.url}/print`);
    await page.getByTestId('last-result').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('last-result').innerText()).toMatch(/Printed 3 pages/);
    await expect.poll(() => remaining(page)).toBe(before - 3);
    await page.context().close();
  });

  it('ends a job the printer fails as failed, with nothing charged', async () => {
    await printer.setFailing(true);
    try {
      const page = await signedInPage();
      const before = await remaining(page);
      await uploadConfirmRelease(page);
      const result = page.getByTestId('last-result');
      await result.waitFor({ timeout: 20_000 });
      expect(await result.innerText()).toMatch(/failed/);
      expect(await remaining(page)).toBe(before);
      await page.context().close();
    } finally {
      await printer.setFailing(false);
    }
  });

  it('prints a job once when the agent is killed mid-job and started again', async () => {
    await printer.setJobDurationMs(4_000);
    try {
      const page = await signedInPage();
      const before = await remaining(page);
      const jobsBefore = (await printer.printedJobs()).length;
      await uploadConfirmRelease(page);
      // The printer has the job and the person sees it printing.
      await until(async () =>
        (await printer.printedJobs()).length > jobsBefore ? true : undefined,
      );
      await expect.poll(() => page.getByTestId('job-status').innerText()).toMatch(/Printing/);
      await agent.kill();
      restartAgent();
      await page.getByTestId('last-result').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('last-result').innerText()).toMatch(/Printed 3 pages/);
      expect((await printer.printedJobs()).length - jobsBefore).toBe(1);
      expect(await remaining(page)).toBe(before - 3);
      await page.context().close();
    } finally {
      await printer.setJobDurationMs(0);
    }
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { makePdf } from '../apps/server/test/helpers/fixtures';
import { startTestPrinter, type TestPrinter } from '../apps/agent/src/kiosk/ipp-printer';
import { parsePwgRaster } from '../apps/agent/test/pwg-raster';
import { startAgentProcess, type TAgentProcess } from './helpers/agent-process';
import { launchBrowser } from './helpers/browser';
import { registerKioskAgent } from './helpers/kiosk';
import { signedInPrintPage } from './helpers/pages';
import { remainingPages, uploadConfirmRelease } from './helpers/print-flow';
import { startServer, type TRunningServer } from './helpers/server';
import { stopAll } from './helpers/teardown';

const MINION = 'e2e-kiosk-pwg';

let server: TRunningServer;
let browser: Browser;
let printer: TestPrinter;
let agent: TAgentProcess;
let dir: string;

/**
 * The printing browser test against a kiosk printer that takes only PWG raster, as many IPP
 * Everywhere printers do (ippeveprinter -f image/pwg-raster, the demo kiosk's
 * DEMO_KIOSK_PRINTER_FORMATS=image/pwg-raster).
 */
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-printing-pwg-'));
  await fs.writeFile(path.join(dir, 'lecture.pdf'), await makePdf(3));
  [server, browser, printer] = await Promise.all([
    startServer(),
    launchBrowser(),
    startTestPrinter({ formats: ['image/pwg-raster'] }),
  ]);
  agent = startAgentProcess({
    serverUrl: server.url,
    printerUri: printer.uri,
    minionId: MINION,
    stateDir: path.join(dir, 'agent-state'),
  });
  await registerKioskAgent(server.url, MINION);
});
afterAll(() => stopAll({ agent, browser, printer, server, dir }));

describe('printing at a kiosk whose printer takes only PWG raster', () => {
  it('prints the normalised PDF rendered as PWG raster, page for page, and debits the pages', async () => {
    const page = await signedInPrintPage(
      browser,
      server.url,
      'anna@printomat.example',
      'anna-demo-2026',
    );
    const before = await remainingPages(page);
    const jobsBefore = (await printer.printedJobs()).length;
    await uploadConfirmRelease(page, path.join(dir, 'lecture.pdf'));

    const result = page.getByTestId('last-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.innerText()).toMatch(/Printed 3 pages at Złote Tarasy/);
    await expect.poll(() => remainingPages(page)).toBe(before - 3);

    const printed = (await printer.printedJobs()).slice(jobsBefore);
    expect(printed).toHaveLength(1);
    expect(printed[0]?.env).toMatchObject({
      IPP_DOCUMENT_FORMAT_SUPPLIED: 'image/pwg-raster',
      IPP_PRINT_COLOR_MODE: 'monochrome',
    });
    // The printer got a raster of the three pages the server counted and billed, in grey.
    const pages = parsePwgRaster(await fs.readFile(printed[0]?.file as string));
    expect(pages).toHaveLength(3);
    expect(pages[0]).toMatchObject({ colorSpace: 'sgray' });
    await page.context().close();
  });
});

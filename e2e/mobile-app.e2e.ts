import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { makePdf } from '../apps/server/test/helpers/fixtures';
import { startTestPrinter, type TestPrinter } from '../apps/agent/src/kiosk/ipp-printer';
import { startAgentProcess, type TAgentProcess } from './helpers/agent-process';
import { launchBrowser, screenshotDir } from './helpers/browser';
import { adminClient, registerKioskAgent } from './helpers/kiosk';
import { submitSignIn } from './helpers/pages';
import { remainingPages } from './helpers/print-flow';
import { startServer, type TRunningServer } from './helpers/server';
import { stopAll } from './helpers/teardown';

// The phone app (/app) on a phone-sized screen: the nearest printer found by (emulated)
// geolocation, and a printer's QR code read by the camera (Chromium's fake capture device playing
// a video of the sticker's code); both release a confirmed job to the real IPP printer. The code
// in the video is the one read back from the printer's real sticker PDF (the admin's download), so
// the test ties what the stickers encode to what the scanner accepts.

const MINION = 'e2e-mobile-kiosk';
// Złote Tarasy, the demo kiosk (apps/server/src/seed/demo-data.ts): printer 1 at 52.2301, 21.0025.
const KIOSK_ID = 1;
const BY_THE_KIOSK = { latitude: 52.2303, longitude: 21.0031 };

let server: TRunningServer;
let browser: Browser;
let printer: TestPrinter;
let agent: TAgentProcess;
let dir: string;

/**
 * A Y4M video (YUV4MPEG2, 4:2:0) of `text`'s QR code, black on white in a 640×480 frame: what
 * Chromium's fake camera (`--use-file-for-fake-video-capture`) plays, over and over.
 */
async function writeQrVideo(file: string, text: string): Promise<void> {
  const width = 640;
  const height = 480;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const scale = Math.floor(Math.min(width, height) / (modules.size + quiet * 2));
  const side = (modules.size + quiet * 2) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const mx = Math.floor(x / scale) - quiet;
      const my = Math.floor(y / scale) - quiet;
      const dark =
        mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx);
      if (dark) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  await fs.writeFile(file, Buffer.concat([header, frame, frame, frame]));
}

/**
 * The text of the QR code on printer `printerId`'s sticker: the admin downloads the sticker PDF,
 * pdftoppm prints its first page at 150 dpi and jsQR reads the code back.
 */
async function stickerQrText(base: string, printerId: number, scratch: string): Promise<string> {
  const admin = await adminClient(base);
  const res = await admin.call(`/api/admin/printers/${printerId}/sticker.pdf`);
  expect(res.status).toBe(200);
  const pdf = path.join(scratch, 'sticker.pdf');
  await fs.writeFile(pdf, Buffer.from(await res.arrayBuffer()));
  const out = path.join(scratch, 'sticker');
  await promisify(execFile)('pdftoppm', [
    '-r',
    '150',
    '-png',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdf,
    out,
  ]);
  const { data, info } = await sharp(`${out}.png`)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const text = jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
  if (!text) throw new Error(`no QR code on the sticker of printer ${printerId}`);
  return text;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-mobile-'));
  await fs.writeFile(path.join(dir, 'lecture.pdf'), await makePdf(3));
  [server, printer] = await Promise.all([startServer(), startTestPrinter()]);
  const video = path.join(dir, 'sticker.y4m');
  const sticker = await stickerQrText(server.url, KIOSK_ID, dir);
  expect(sticker).toBe(`${server.url}/printers/${KIOSK_ID}`);
  await writeQrVideo(video, sticker);
  browser = await launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
  agent = startAgentProcess({
    serverUrl: server.url,
    printerUri: printer.uri,
    minionId: MINION,
    stateDir: path.join(dir, 'agent-state'),
  });
  await registerKioskAgent(server.url, MINION, KIOSK_ID);
});
afterAll(() => stopAll({ agent, browser, printer, server, dir }));

/**
 * A phone (390×844, touch) in English, standing by the kiosk, the camera allowed. Location is not
 * allowed yet: a first-time user allows it when they tap "Find printers near me".
 */
async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    geolocation: BY_THE_KIOSK,
    permissions: ['camera'],
  });
  await context.addCookies([{ name: 'lang', value: 'en', url: server.url }]);
  return { context, page: await context.newPage() };
}

/** Signed in; the lecture (3 pages) uploaded into the current job and confirmed on /print. */
async function signInWithConfirmedJob(page: Page): Promise<void> {
  await submitSignIn(page, server.url, 'anna@printomat.example', 'anna-demo-2026');
  await page.getByTestId('dashboard-panel').getByTestId('remaining-pages').waitFor();
  await page.goto(`${server.url}/print`);
  await page.getByTestId('file-input').setInputFiles(path.join(dir, 'lecture.pdf'));
  await expect
    .poll(() => page.locator('[data-testid=document-row][data-state=uploaded]').count(), {
      timeout: 30_000,
    })
    .toBe(1);
  await page.getByTestId('submit-button').click();
  await expect.poll(() => page.getByTestId('submit-button').innerText()).toBe('Edit');
}

/** On the chosen printer: "Print here", then the live status until it says printed. */
async function printHereAndWait(page: Page): Promise<void> {
  await expect.poll(async () => Number(await page.getByTestId('job-cost').innerText())).toBe(3);
  const remaining = page.getByTestId('remaining-pages');
  await expect.poll(() => remaining.innerText()).toMatch(/^\d+$/);
  const before = Number(await remaining.innerText());
  const jobsBefore = (await printer.printedJobs()).length;
  await page.getByTestId('print-here').click();
  const status = page.getByTestId('release-status');
  await status.waitFor();
  await expect.poll(() => status.getAttribute('data-state'), { timeout: 30_000 }).toBe('printed');
  expect(await page.getByTestId('last-result-text').innerText()).toBe(
    'Printed 3 pages at Złote Tarasy. 3 pages charged.',
  );
  await page.screenshot({ path: path.join(await screenshotDir(), 'mobile-printed.png') });
  // The real printer got exactly this job, and the pages were charged.
  expect((await printer.printedJobs()).length - jobsBefore).toBe(1);
  await page.goto(`${server.url}/print`);
  await expect.poll(() => remainingPages(page)).toBe(before - 3);
}

/** The page fits the phone's width: nothing pushes it sideways. */
async function fitsThePhone(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('the phone app', () => {
  it('finds the kiosk as the nearest printer and prints there', async () => {
    const { context, page } = await phone();
    await signInWithConfirmedJob(page);
    await page.goto(`${server.url}/app`);
    // A first-time user: no list until they tap the button and allow the location.
    const find = page.getByTestId('find-nearby');
    await expect.poll(() => find.innerText()).toBe('Find printers near me');
    expect(await page.getByTestId('nearby-printer').count()).toBe(0);
    await context.grantPermissions(['geolocation'], { origin: server.url });
    await find.tap();
    const first = page.getByTestId('nearby-printer').first();
    await first.waitFor({ timeout: 20_000 });
    expect(await find.innerText()).toBe('Update my location');
    expect(await first.getAttribute('data-printer-id')).toBe(String(KIOSK_ID));
    expect(await first.getByTestId('nearby-name').innerText()).toBe('Złote Tarasy');
    expect(await first.getByTestId('nearby-distance').innerText()).toBe('50 m');
    expect(await first.locator('[data-availability]').getAttribute('data-availability')).toMatch(
      /^(available|closed)$/,
    );
    await fitsThePhone(page);
    await page.screenshot({ path: path.join(await screenshotDir(), 'mobile-nearby.png') });
    await first.tap();
    await page.waitForURL(`${server.url}/app?printer=${KIOSK_ID}`);
    expect(await page.getByTestId('chosen-name').innerText()).toBe('Złote Tarasy');
    await fitsThePhone(page);
    await printHereAndWait(page);
    await context.close();
  });

  it('reads the printer’s QR code with the camera and prints there', async () => {
    const { context, page } = await phone();
    await signInWithConfirmedJob(page);
    await page.goto(`${server.url}/app`);
    await page.getByTestId('open-scanner').tap();
    await page.waitForURL(`${server.url}/app/scan`);
    await page.getByTestId('scan-video').waitFor();
    await page.screenshot({ path: path.join(await screenshotDir(), 'mobile-scan.png') });
    // The fake camera shows the sticker's code: the scanner opens that printer by itself.
    await page.waitForURL(`${server.url}/app?printer=${KIOSK_ID}`, { timeout: 20_000 });
    expect(await page.getByTestId('chosen-name').innerText()).toBe('Złote Tarasy');
    await printHereAndWait(page);
    await context.close();
  });
});

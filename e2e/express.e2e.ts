import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { makeColourPng, makePdf } from '../apps/server/test/helpers/fixtures';
import { startTestPrinter, type TestPrinter } from '../apps/agent/src/kiosk/ipp-printer';
import { startAgentProcess, type TAgentProcess } from './helpers/agent-process';
import { launchBrowser } from './helpers/browser';
import { adminClient, registerKioskAgent } from './helpers/kiosk';
import { paySandboxCard } from './helpers/pages';
import { startServer, type TRunningServer } from './helpers/server';
import { stopAll } from './helpers/teardown';

// Issue 13's "Done when": a guest with no account prints at a kiosk from a phone and pays for
// that one job; a second run where the printer fails before printing ends refunded.
const MINION = 'e2e-express-kiosk';
const PRINTER_ID = 1; // Złote Tarasy in the demo data
const CODE = 'HALFE2E';

let server: TRunningServer;
let browser: Browser;
let printer: TestPrinter;
let agent: TAgentProcess;
let dir: string;
const file = (name: string) => path.join(dir, name);
/** Money as read on a page: formats put no-break spaces between currency and amount. */
const text = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).innerText()).replace(/\s/g, ' ');
const minor = (money: string) => Math.round(Number(money.replace(/[^\d.]/g, '')) * 100);

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-express-'));
  await fs.writeFile(file('lecture.pdf'), await makePdf(2));
  await fs.writeFile(file('photo.png'), await makeColourPng());
  [server, browser, printer] = await Promise.all([
    startServer(),
    launchBrowser(),
    startTestPrinter(),
  ]);
  agent = startAgentProcess({
    serverUrl: server.url,
    printerUri: printer.uri,
    minionId: MINION,
    stateDir: file('agent-state'),
  });
  await registerKioskAgent(server.url, MINION, PRINTER_ID);
  // The administrator's 50 % code.
  const admin = await adminClient(server.url);
  const created = await admin.json('/api/admin/discount-codes', 'POST', {
    code: CODE,
    percent: 50,
    number_of_uses: 5,
    active: true,
  });
  expect(created.status).toBe(201);
});
afterAll(() => stopAll({ agent, browser, printer, server, dir }));

/** A phone-sized window in English, with no account and nothing stored. */
async function phone(): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  await context.addCookies([{ name: 'lang', value: 'en', url: server.url }]);
  return context.newPage();
}

/** From the printer's page (its QR code) to its express page, then the files are uploaded. */
async function openAndUpload(page: Page, files: string[]): Promise<void> {
  await page.goto(`${server.url}/printers/${PRINTER_ID}`);
  await page.getByTestId('printer-express').click();
  await page.waitForURL(`${server.url}/express/${PRINTER_ID}`);
  expect(await page.getByTestId('express-printer-name').innerText()).toContain('Złote Tarasy');
  await page.getByTestId('file-input').setInputFiles(files);
  await expect
    .poll(() => page.locator('[data-testid=document-row][data-state=uploaded]').count(), {
      timeout: 30_000,
    })
    .toBe(files.length);
  await page.getByTestId('express-total').waitFor({ timeout: 15_000 });
}

/** Card by the sandbox with its 3-D Secure step; back on the order page once paid. */
async function payByCard(page: Page, email: string): Promise<string> {
  await page.getByTestId('express-email').fill(email);
  await page.getByTestId('express-method-card').check();
  await page.getByTestId('express-pay').click();
  await page.waitForURL(/\/sandbox-pay\//);
  await paySandboxCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/express\/orders\//, { timeout: 20_000 });
  await expect
    .poll(() => page.getByTestId('express-order-status').getAttribute('data-status'), {
      timeout: 20_000,
    })
    .toBe('created');
  return page.url();
}

describe('express orders from a phone', () => {
  it('uploads a PDF and a photo, applies a 50 % code, pays by card with 3-D Secure and prints', async () => {
    const page = await phone();
    const email = `guest.${Date.now().toString(36)}@example.com`;
    await openAndUpload(page, [file('lecture.pdf'), file('photo.png')]);
    // Nothing of the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    const list = minor(await text(page, 'express-total'));
    expect(list).toBeGreaterThan(0);
    await page.getByTestId('express-code').fill('nope-code');
    await page.getByTestId('express-code-apply').click();
    await page.getByText('This discount code does not exist.').waitFor();
    await page.getByTestId('express-code').fill(CODE.toLowerCase());
    await page.getByTestId('express-code-apply').click();
    expect(await text(page, 'express-code-applied')).toBe(`Code ${CODE}: 50 % off`);
    const total = await text(page, 'express-total');
    expect(minor(total)).toBe(list - Math.round(list / 2));
    expect(await text(page, 'express-pay')).toBe(`Pay ${total}`);

    await payByCard(page, email);
    expect(await text(page, 'express-total')).toBe(total);

    // The receipt, in the order's language, with the discounted amount.
    const receipt = await server.smtp.waitFor(email, () => true, 20_000);
    expect(receipt.text.replace(/\s/g, ' ')).toContain(total);
    expect(receipt.text).toContain(CODE);
    expect(receipt.text).toContain('/express/orders/');

    const jobsBefore = (await printer.printedJobs()).length;
    await page.getByTestId('express-print-now').click();
    await expect
      .poll(() => page.getByTestId('express-order-status').getAttribute('data-status'), {
        timeout: 40_000,
      })
      .toBe('printed');
    expect(await page.getByTestId('express-order-status').innerText()).toBe(
      'Printed. Take your pages from the printer.',
    );
    // The real printer got both documents.
    expect((await printer.printedJobs()).length - jobsBefore).toBe(2);
    await page.getByTestId('express-documents-delete-at').waitFor();
    await page.context().close();
  });

  it('refunds an order the printer fails before printing anything', async () => {
    await printer.setFailing(true);
    try {
      const page = await phone();
      await openAndUpload(page, [file('lecture.pdf')]);
      const total = await text(page, 'express-total');
      await payByCard(page, `guest.fail.${Date.now().toString(36)}@example.com`);
      await page.getByTestId('express-print-now').click();
      await expect
        .poll(() => page.getByTestId('express-order-status').getAttribute('data-status'), {
          timeout: 40_000,
        })
        .toBe('refunded');
      const refund = page.getByTestId('express-refund');
      await refund.waitFor();
      expect(await text(page, 'express-refund-amount')).toBe(
        `${total} back to your payment method`,
      );
      await expect
        .poll(() => page.getByTestId('express-refund-status').getAttribute('data-status'), {
          timeout: 20_000,
        })
        .toBe('succeeded');
      await page.context().close();
    } finally {
      await printer.setFailing(false);
    }
  });
});

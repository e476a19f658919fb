import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatDateTime } from '@printomat/shared';
import { makePdf } from '../apps/server/test/helpers/fixtures';
import { linkFrom } from '../apps/server/test/helpers/smtp';
import { startTestPrinter, type TestPrinter } from '../apps/agent/src/kiosk/ipp-printer';
import { startAgentProcess, type TAgentProcess } from './helpers/agent-process';
import { launchBrowser } from './helpers/browser';
import { registerKioskAgent } from './helpers/kiosk';
import {
  englishPage,
  payForPackageMByCard,
  paySandboxCard,
  waitForHydration,
} from './helpers/pages';
import { startServer, type TRunningServer } from './helpers/server';
import { stopAll } from './helpers/teardown';

const CODE = '418273'; // Złote Tarasy in the demo data
const MINION = 'e2e-payments-kiosk';
const DAY_MS = 24 * 60 * 60 * 1000;
const shot = (name: string) => path.join(os.tmpdir(), `printomat-payments-${name}.png`);

let server: TRunningServer;
let browser: Browser;
let printer: TestPrinter;
let agent: TAgentProcess;
let dir: string;
let page: Page;
const email = `buyer.${Date.now().toString(36)}@example.com`;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-payments-'));
  await fs.writeFile(path.join(dir, 'notes.pdf'), await makePdf(3));
  [server, browser, printer] = await Promise.all([
    startServer(),
    launchBrowser(),
    startTestPrinter(),
  ]);
  agent = startAgentProcess({
    serverUrl: server.url,
    printerUri: printer.uri,
    minionId: MINION,
    stateDir: path.join(dir, 'agent-state'),
  });
  await registerKioskAgent(server.url, MINION);
  page = await englishPage(browser, server.url);
});

afterAll(() => stopAll({ agent, browser, printer, server, dir }));

/** What the server says the signed-in person has (the spec's GET /ajax/user). */
const remainingPages = () =>
  page.evaluate(async () => {
    const res = await fetch('/ajax/user');
    return ((await res.json()) as { remaining_page_limit: number }).remaining_page_limit;
  });

/** The sandbox's hosted card form, then its 3-D Secure step (the bank's code is on the page). */
async function fillSandboxCard(number: string) {
  await page.waitForURL(/\/sandbox-pay\//);
  const form = page.getByTestId('sandbox-form');
  for (const [name, max] of [
    ['number', '19'],
    ['exp_month', '2'],
    ['exp_year', '4'],
    ['cvv', '3'],
    ['postal_code', '8'],
  ])
    expect(await form.locator(`input[name=${name}]`).getAttribute('maxlength')).toBe(max);
  await paySandboxCard(page, number);
}

const openCheckoutOfM = () => payForPackageMByCard(page, server.url);

describe('buying pages', () => {
  it('pre-renders /kup-pakiet for guests with the packages from the database', async () => {
    const res = await fetch(`${server.url}/kup-pakiet`, { headers: { cookie: 'lang=en' } });
    const html = await res.text();
    expect(html).toContain('data-testid="package-M"');
    expect(html).toMatch(/PLN\s18\.90/);
    expect(html).toContain('id="printomat-ssr-data"');
    expect(html).toContain('"promo_percent":30');
    // The Payment card names what the server takes (the SMS-payment sandbox is on here).
    expect(html).toContain('"payment_methods":["card","transfer","blik","sms"]');
    expect(html).toContain('Ways to pay: card, bank transfer, BLIK, SMS.');
  });

  it('buys package M with the promo by card with 3-D Secure, gets its pages and prints with them', async () => {
    await page.goto(`${server.url}/sign-up`);
    await waitForHydration(page);
    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=email_confirmation]').fill(email);
    await page.locator('input[name=password]').fill('long enough 1');
    await page.locator('input[name=password_confirmation]').fill('long enough 1');
    await page.locator('form button[type=submit]').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-up'));

    // The package M offer, from the database: 30 % off.
    await page.goto(`${server.url}/kup-pakiet`);
    const m = page.getByTestId('package-M');
    expect((await m.getByTestId('package-price').innerText()).replace(/\s/g, ' ')).toBe(
      'PLN 18.90',
    );
    expect((await m.getByTestId('package-regular-price').innerText()).replace(/\s/g, ' ')).toBe(
      'PLN 27.00',
    );

    // An unconfirmed address: the e-mail-required modal, no payment.
    await openCheckoutOfM();
    const modal = page.getByTestId('email-required-modal');
    await modal.waitFor();
    expect(await modal.innerText()).toContain('Confirm your e-mail address');
    await page.keyboard.press('Escape');
    const mail = await server.smtp.waitFor(email, (m) => m.text.includes('/confirm-email'));
    await page.goto(linkFrom(mail, '/confirm-email'));
    await page.getByText('Your e-mail address is confirmed.').waitFor();

    // A free account asking for colour gets the paid-package offer, which leads to checkout.
    await page.goto(`${server.url}/print`);
    await page.getByTestId('settings').getByText('Colour', { exact: true }).last().click();
    await page.getByTestId('offer-package').waitFor();
    expect((await page.getByTestId('offer-package').innerText()).replace(/\s/g, ' ')).toBe(
      'Package M: 90 pages for PLN 18.90',
    );
    await page.getByTestId('offer-buy').click();
    await page.waitForURL(/\/kup-pakiet\?package=M$/);
    await page.getByTestId('checkout').waitFor();
    await page.getByTestId('method-card').check();
    await page.getByTestId('checkout-pay').click();
    await page.waitForURL(/\/sandbox-pay\//);
    await page.screenshot({ path: shot('sandbox-card'), fullPage: true });
    await fillSandboxCard('4242 4242 4242 4242');

    // Back on our status page, which follows the payment until the provider's notification.
    await page.waitForURL(/\/payments\/pay_/);
    const status = page.getByTestId('payment-status');
    await page.locator('[data-testid=payment-status][data-status=completed]').waitFor({
      timeout: 20_000,
    });
    expect(await status.innerText()).toContain('Payment completed');
    const reference = page.url().split('/payments/')[1] ?? '';
    const payment = await page.evaluate(async (ref) => {
      const res = await fetch(`/api/payments/${ref}`);
      return (await res.json()) as {
        completed_at: string;
        pages_expire_at: string;
        amount_minor: number;
        receipt_number: string;
      };
    }, reference);
    expect(payment.amount_minor).toBe(1890);
    expect(new Date(payment.pages_expire_at).getTime()).toBe(
      new Date(payment.completed_at).getTime() + 60 * DAY_MS,
    );
    const expiry = formatDateTime('en', payment.pages_expire_at);
    expect(await page.getByTestId('payment-pages-added').innerText()).toBe(
      `90 pages were added to your account, valid until ${expiry}.`,
    );
    expect(await page.getByTestId('receipt-number').innerText()).toContain(payment.receipt_number);
    expect(await remainingPages()).toBe(90);
    await page.screenshot({ path: shot('payment-completed'), fullPage: true });
    const receipt = await server.smtp.waitFor(email, (m) =>
      m.subject.includes(payment.receipt_number),
    );
    expect(receipt.text).toContain('90 pages were added');

    // The account lists the purchase with its receipt.
    await page.goto(`${server.url}/account`);
    const row = page.locator('[data-testid=purchase-row][data-status=completed]');
    await row.waitFor();
    expect(await row.innerText()).toContain(payment.receipt_number);
    await page.goto(`${server.url}/kup-pakiet?package=M`);
    await page.getByTestId('checkout').waitFor();
    await page.screenshot({ path: shot('checkout'), fullPage: true });

    // And the pages print: 3 pages at the Złote Tarasy kiosk.
    const jobsBefore = (await printer.printedJobs()).length;
    await page.goto(`${server.url}/print`);
    await page.getByTestId('settings').waitFor();
    await page.getByTestId('file-input').setInputFiles(path.join(dir, 'notes.pdf'));
    await expect
      .poll(() => page.locator('[data-testid=document-row][data-state=uploaded]').count(), {
        timeout: 30_000,
      })
      .toBe(1);
    await expect.poll(async () => Number(await page.getByTestId('job-cost').innerText())).toBe(3);
    await page.getByTestId('submit-button').click();
    await page.getByTestId('print-with-code').click();
    await page.getByTestId('modal').locator('input[name=code]').fill(CODE);
    await page.getByTestId('modal').locator('button[type=submit]').click();
    await page.getByTestId('release-started').waitFor();
    await page.keyboard.press('Escape');
    const result = page.getByTestId('last-result');
    await result.waitFor({ timeout: 20_000 });
    expect(await result.innerText()).toMatch(/Printed 3 pages at Złote Tarasy/);
    expect((await printer.printedJobs()).length).toBe(jobsBefore + 1);
    await expect.poll(remainingPages).toBe(87);
  });

  it('adds a card: exactly 12 pages for 7 days, and a second card gives nothing', async () => {
    await page.goto(`${server.url}/cards/add`);
    await page.getByTestId('add-card').click();
    await fillSandboxCard('5555 5555 5555 4444');
    await page.waitForURL(/\/cards\/add\?setup=/);
    await page.locator('[data-testid=card-result][data-status=added]').waitFor({ timeout: 20_000 });
    const bonus = await page.getByTestId('card-bonus').innerText();
    expect(bonus).toMatch(/^You got 12 free pages, valid until /);
    const grant = await page.evaluate(async () => {
      const ref = new URLSearchParams(location.search).get('setup') ?? '';
      const res = await fetch(`/api/cards/setups/${ref}`);
      return (await res.json()) as { bonus_pages: number; bonus_expires_at: string };
    });
    expect(grant.bonus_pages).toBe(12);
    expect(
      Math.abs(new Date(grant.bonus_expires_at).getTime() - (Date.now() + 7 * DAY_MS)),
    ).toBeLessThan(5 * 60_000);
    expect(await remainingPages()).toBe(87 + 12);
    await page.screenshot({ path: shot('card-added'), fullPage: true });

    await page.getByRole('link', { name: 'Add another card' }).click();
    await page.getByTestId('add-card').click();
    await fillSandboxCard('4000 0566 5566 5556');
    await page.waitForURL(/\/cards\/add\?setup=/);
    await page.locator('[data-testid=card-result][data-status=added]').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('card-no-bonus').innerText()).toBe(
      'The add-card bonus was already used for this account or this card.',
    );
    expect(await remainingPages()).toBe(87 + 12);
  });

  it('pays for package S by SMS: the operator page, the simulated SMS, the status page', async () => {
    await page.goto(`${server.url}/kup-pakiet`);
    expect(await page.getByTestId('payment-methods').innerText()).toContain(
      'Ways to pay: card, bank transfer, BLIK, SMS.',
    );
    await page.getByTestId('package-S').getByTestId('package-buy').click();
    await page.getByTestId('checkout').waitFor();
    await page.getByTestId('method-sms').check();
    await page.getByTestId('checkout-pay').click();

    // The SMS operator's page: the number and the text to send.
    await page.waitForURL(/\/sandbox-sms\?session=/);
    expect(await page.getByTestId('sms-number').innerText()).toBe('92555');
    expect(await page.getByTestId('sms-text').innerText()).toMatch(/^PRINT [A-Z0-9]{6}$/);
    await page.screenshot({ path: shot('sms-operator'), fullPage: true });
    await page.locator('input[name=outcome][value=success]').check();
    await page.locator('#sms-form button[type=submit]').click();

    await page.waitForURL(/\/payments\/pay_/);
    await page.locator('[data-testid=payment-status][data-status=completed]').waitFor({
      timeout: 20_000,
    });
    expect(await page.getByTestId('payment-pages-added').innerText()).toMatch(
      /^30 pages were added to your account, valid until /,
    );
    // Notified twice, credited once.
    expect(await remainingPages()).toBe(87 + 12 + 30);
  });
});

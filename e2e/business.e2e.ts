import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { linkFrom } from '../apps/server/test/helpers/smtp';
import { launchBrowser } from './helpers/browser';
import { englishPage, paySandboxCard, submitSignIn, waitForHydration } from './helpers/pages';
import { startServer, type TRunningServer } from './helpers/server';
import { stopAll } from './helpers/teardown';

// Issue 15, "Done when": business sign-up from the business page, a package bought by card in
// the sandbox, the month's invoices run by an administrator, and the invoice on the business
// page with its PDF and KSeF XML.

const shot = (name: string) => path.join(os.tmpdir(), `printomat-business-${name}.png`);
const NIP_LABEL = 'Tax number (NIP or EU VAT number)';
const PASSWORD = 'long enough 1';

let server: TRunningServer;
let browser: Browser;
let page: Page;
const email = `firma.${Date.now().toString(36)}@example.com`;
const nip = randomNip();

/** A valid NIP no one else has (weights 6 5 7 2 3 4 5 6 7, mod 11; 10 is never a check digit). */
function randomNip(): string {
  for (;;) {
    const digits = Array.from({ length: 9 }, (_, i) =>
      i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
    );
    const check =
      digits.reduce((sum, d, i) => sum + d * ([6, 5, 7, 2, 3, 4, 5, 6, 7][i] ?? 0), 0) % 11;
    if (check < 10) return [...digits, check].join('');
  }
}

/** The same NIP with its last digit off by one: a wrong check digit. */
const wrongCheckDigit = (valid: string) =>
  valid.slice(0, 9) + String((Number(valid.slice(9)) + 1) % 10);

/** The month now in Warsaw (config.invoices.timezone), YYYY-MM. */
function currentMonth(): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Warsaw',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** The errors listed under a field of the form, found by its label. */
const fieldErrors = (label: string) =>
  page
    .locator('.field', { has: page.getByLabel(label, { exact: true }) })
    .locator('.field__errors');

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  page = await englishPage(browser, server.url);
});

afterAll(() => stopAll({ browser, server }));

describe('business account', () => {
  it('pre-renders /business for guests with the business packages, net and gross', async () => {
    const res = await fetch(`${server.url}/business`, { headers: { cookie: 'lang=en' } });
    const html = (await res.text()).replace(/\s/g, ' ');
    expect(html).toContain('data-testid="package-M"');
    expect(html).toContain('PLN 349.00');
    expect(html).toContain('gross PLN 429.27 (incl. 23 % VAT)');
    expect(html).toContain('"payment_methods":["card","transfer"]');
  });

  it('signs a company up, buys a package by card, and gets the month’s invoice with PDF and XML', async () => {
    // The business landing page's sign-up button leads to the business sign-up.
    await page.goto(`${server.url}/business`);
    await waitForHydration(page);
    await page.getByTestId('business-sign-up').click();
    await page.waitForURL(/\/business\/sign-up$/);
    const form = page.getByTestId('business-sign-up-form');
    await form.waitFor();
    await form.locator('input[name=email]').fill(email);
    await form.locator('input[name=email_confirmation]').fill(email);
    await form.locator('input[name=password]').fill(PASSWORD);
    await form.locator('input[name=password_confirmation]').fill(PASSWORD);
    await page.getByLabel('Company name').fill('Drukarnia E2E sp. z o.o.');
    await page.getByLabel('Street and number').fill('ul. Długa 5');
    await page.getByLabel('Postcode').fill('31-147');
    await page.getByLabel('City').fill('Kraków');
    expect(await page.getByLabel('Country').inputValue()).toBe('PL');

    await page.screenshot({ path: shot('sign-up'), fullPage: true });
    // A wrong check digit: refused at the field, in the person's language.
    await page.getByLabel(NIP_LABEL).fill(wrongCheckDigit(nip));
    await form.locator('button[type=submit]').click();
    await expect.poll(() => fieldErrors(NIP_LABEL).innerText()).toBe('is invalid');
    expect(new URL(page.url()).pathname).toBe('/business/sign-up');
    // The server says the same, in Polish for a Polish request.
    const polish = await page.evaluate(
      async ({ email, nip }) => {
        // The request's language is the language cookie's, Polish for this one request.
        document.cookie = 'lang=pl; path=/';
        const session = (await (await fetch('/api/session')).json()) as { csrf_token: string };
        const res = await fetch('/api/business/sign-up', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf_token },
          body: JSON.stringify({
            email,
            email_confirmation: email,
            password: 'long enough 1',
            password_confirmation: 'long enough 1',
            business_name: 'Drukarnia',
            address: 'ul. Długa 5',
            postcode: '31-147',
            city: 'Kraków',
            country: 'PL',
            nip_number: nip,
            locale: 'pl',
          }),
        });
        document.cookie = 'lang=en; path=/';
        return {
          status: res.status,
          body: (await res.json()) as { errors?: Record<string, string[]> },
        };
      },
      { email: `pl.${email}`, nip: wrongCheckDigit(nip) },
    );
    expect(polish.status).toBe(422);
    expect(polish.body.errors?.nip_number).toEqual(['jest nieprawidłowe']);

    // A valid NIP (with dashes, as people type it): signed in on the business page.
    await page
      .getByLabel(NIP_LABEL)
      .fill(`${nip.slice(0, 3)}-${nip.slice(3, 6)}-${nip.slice(6, 8)}-${nip.slice(8)}`);
    await form.locator('button[type=submit]').click();
    await page.waitForURL(/\/business\/account$/);
    expect(await page.getByTestId('business-company-nip').innerText()).toContain(nip);
    // The free test pages wait for the e-mail confirmation (so do payments).
    expect(await page.getByTestId('business-trial-text').innerText()).toMatch(
      /^Confirm your e-mail address to receive your free test pages/,
    );
    await page.screenshot({ path: shot('account-new'), fullPage: true });

    const mail = await server.smtp.waitFor(email, (m) => m.text.includes('/confirm-email'));
    await page.goto(linkFrom(mail, '/confirm-email'));
    await page.getByText('Your e-mail address is confirmed.').waitFor();
    await page.goto(`${server.url}/business/account`);
    await expect
      .poll(() => page.getByTestId('business-trial-text').innerText())
      .toMatch(/^50 test pages, valid until /);

    // Package M (349.00 net) by card: the sandbox charges the gross, 429.27.
    await page.goto(`${server.url}/business/account#packages`);
    const medium = page.getByTestId('business-packages').getByTestId('package-M');
    expect((await medium.getByTestId('package-gross').innerText()).replace(/\s/g, ' ')).toBe(
      'gross PLN 429.27 (incl. 23 % VAT)',
    );
    await medium.getByTestId('business-buy-card').click();
    await page.waitForURL(/\/sandbox-pay\//);
    await paySandboxCard(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/payments\/pay_/);
    await page.locator('[data-testid=payment-status][data-status=completed]').waitFor({
      timeout: 20_000,
    });
    // The way back is the company's page, not the personal packages.
    expect(await page.getByTestId('payment-business-account').getAttribute('href')).toBe(
      '/business/account#packages',
    );

    await page.goto(`${server.url}/business/account`);
    const purchase = page.locator('[data-testid=business-purchase-row][data-status=completed]');
    await purchase.waitFor();
    expect(
      (await purchase.getByTestId('business-purchase-gross').innerText()).replace(/\s/g, ' '),
    ).toBe('PLN 429.27');

    // An administrator issues this month's invoices now (POST /api/admin/invoices/run).
    const admin = await englishPage(browser, server.url);
    await submitSignIn(admin, server.url, 'admin@printomat.example', 'admin-demo-2026');
    await admin.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    const month = currentMonth();
    const run = await admin.evaluate(async (month) => {
      const session = (await (await fetch('/api/session')).json()) as { csrf_token: string };
      const res = await fetch('/api/admin/invoices/run', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf_token },
        body: JSON.stringify({ month }),
      });
      return { status: res.status, body: (await res.json()) as { issued: number } };
    }, month);
    expect(run.status).toBe(200);
    expect(run.body.issued).toBeGreaterThanOrEqual(1);
    await admin.context().close();

    // The invoice on the business page: number, gross as paid, KSeF status.
    await page.reload();
    const row = page.locator('[data-testid=business-invoice-row][data-kind=invoice]');
    await row.waitFor();
    const number = await row.getByTestId('business-invoice-number').innerText();
    const [year, mm] = month.split('-');
    expect(number).toMatch(new RegExp(`^FV/${year}/${mm}/\\d{4}$`));
    expect((await row.getByTestId('business-invoice-gross').innerText()).replace(/\s/g, ' ')).toBe(
      'PLN 429.27',
    );
    expect(await purchase.getByTestId('business-purchase-invoice').innerText()).toBe(number);
    await page.screenshot({ path: shot('account-invoice'), fullPage: true });

    // Its PDF and its KSeF FA(3) XML download.
    const download = async (testId: string) => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        row.getByTestId(testId).click(),
      ]);
      const filePath = await file.path();
      return fs.readFile(filePath);
    };
    const pdf = await download('business-invoice-pdf');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const xml = (await download('business-invoice-xml')).toString('utf8');
    expect(xml).toContain(`<P_2>${number}</P_2>`);
    expect(xml).toContain(`<NIP>${nip}</NIP>`);

    // On a phone the page still fits: its tables scroll inside their cards.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: shot('account-phone'), fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

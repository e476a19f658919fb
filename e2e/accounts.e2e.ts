import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { translate, type TLocale } from '@printomat/shared';
import { linkFrom } from '../apps/server/test/helpers/smtp';
import { launchBrowser } from './helpers/browser';
import { startServer, type TRunningServer } from './helpers/server';
import { waitForHydration } from './helpers/pages';

let server: TRunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(locale = 'en-GB'): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

const visible = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).first().waitFor({ timeout: 10_000 });

async function fillSignUp(
  page: Page,
  email: string,
  password: string,
  confirmation = password,
  emailConfirmation = email,
) {
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=email_confirmation]').fill(emailConfirmation);
  await page.locator('input[name=password]').fill(password);
  await page.locator('input[name=password_confirmation]').fill(confirmation);
  await page.locator('form button[type=submit]').click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/sign-in`);
  await waitForHydration(page);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('form button[type=submit]').click();
}

describe('accounts in a real browser', () => {
  it('signs up, confirms by the mailed link, signs out and in, and changes the password', async () => {
    const page = await newPage();
    const email = `e2e.${Date.now()}@example.com`;
    await page.goto(`${server.url}/sign-up`);
    await waitForHydration(page);

    await fillSignUp(page, email, 'short1');
    await visible(page, 'is too short (minimum is 8 characters)');
    await fillSignUp(page, email, 'long enough 1', 'long enough 2');
    await visible(page, "doesn't match Password");

    await fillSignUp(page, email, 'long enough 1');
    await page.waitForURL(`${server.url}/`);
    await visible(page, `Confirm your e-mail address: we sent a link to ${email}`);

    const mail = await server.smtp.waitFor(email);
    expect(mail.subject).toBe('Confirm your e-mail address at Printomat');
    await page.goto(linkFrom(mail, '/confirm-email'));
    await visible(page, 'Your e-mail address is confirmed.');
    await page.goto(`${server.url}/`);
    await page.getByTestId('remaining-pages').waitFor();
    expect(await page.getByText('Confirm your e-mail address', { exact: false }).count()).toBe(0);

    await page.getByRole('navigation').getByText('Sign out', { exact: true }).click();
    await page.getByRole('navigation').getByText('Sign in', { exact: true }).waitFor();

    await signIn(page, email, 'wrong password');
    await visible(page, 'Invalid email or password');
    await signIn(page, email, 'long enough 1');
    await page.getByTestId('remaining-pages').waitFor();

    await page.goto(`${server.url}/account`);
    await page.locator('input[name=old_password]').fill('not the password');
    await page.locator('input[name=password]').fill('brand new secret');
    await page.locator('input[name=password_confirmation]').fill('brand new secret');
    await page
      .locator('input[name=old_password] >> xpath=ancestor::form')
      .locator('button[type=submit]')
      .click();
    await visible(page, 'is incorrect');
    await page.locator('input[name=old_password]').fill('long enough 1');
    await page
      .locator('input[name=old_password] >> xpath=ancestor::form')
      .locator('button[type=submit]')
      .click();
    await visible(page, 'Your password was changed.');

    const other = await newPage();
    await signIn(other, email, 'long enough 1');
    await visible(other, 'Invalid email or password');
    await signIn(other, email, 'brand new secret');
    await other.getByTestId('remaining-pages').waitFor();
  });

  it('switches language, remembers it, and shows the spec messages in each language', async () => {
    const page = await newPage('en-GB');
    await page.goto(`${server.url}/sign-up`);
    await waitForHydration(page);
    const cases: Array<[TLocale, string]> = [
      ['pl', 'jest za krótkie (minimum 8 znaków)'],
      ['de', 'ist zu kurz (mindestens 8 Zeichen)'],
      ['en', 'is too short (minimum is 8 characters)'],
    ];
    for (const [locale, tooShort] of cases) {
      await page.getByTestId('language-switcher').selectOption(locale);
      await page
        .getByRole('navigation')
        .getByText(translate(locale, 'auth.sign_in'), { exact: true })
        .waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(locale);
      await fillSignUp(page, `lang.${locale}.${Date.now()}@example.com`, 'abc');
      await visible(page, tooShort);
    }
    await page.getByTestId('language-switcher').selectOption('pl');
    await page.reload();
    await page.getByRole('navigation').getByText('Zaloguj się', { exact: true }).waitFor();
  });

  it('a signed-in person’s language follows them to another device', async () => {
    const page = await newPage('en-GB');
    await signIn(page, 'anna@printomat.example', 'anna-demo-2026');
    // The demo user's profile says Polish, and this browser has no language cookie.
    await page.getByRole('navigation').getByText('Wyloguj się', { exact: true }).waitFor();
    await page.getByTestId('language-switcher').selectOption('de');
    await page.getByRole('navigation').getByText('Abmelden', { exact: true }).waitFor();

    const laptop = await newPage('en-GB');
    await signIn(laptop, 'anna@printomat.example', 'anna-demo-2026');
    await laptop.getByRole('navigation').getByText('Abmelden', { exact: true }).waitFor();
    await laptop.getByTestId('remaining-pages').waitFor();
    expect(await laptop.getByTestId('remaining-pages').innerText()).toContain('162');
  });

  it('opens a modal from the address hash and closes the dialog when the modal cannot load', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/#modal=users.language`);
    await page.getByTestId('modal').waitFor();
    await page.goto(`${server.url}/modal/users/language`);
    await page.getByTestId('modal').waitFor();
    await page.goto(`${server.url}/#modal=nothing.here`);
    await page.waitForFunction(() => !window.location.hash.includes('modal='));
    expect(await page.getByTestId('modal').count()).toBe(0);
  });
});

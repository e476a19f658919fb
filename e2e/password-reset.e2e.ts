import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { linkFrom } from '../apps/server/test/helpers/smtp';
import { httpSession } from '../apps/server/test/helpers/http-session';
import { launchBrowser } from './helpers/browser';
import { englishPage, submitSignIn, waitForHydration } from './helpers/pages';
import { startServer, type TRunningServer } from './helpers/server';

let server: TRunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const visible = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).first().waitFor({ timeout: 10_000 });

describe('forgot password in a real browser', () => {
  it('mails a link, takes a new password, signs in, and the new password works', async () => {
    const email = `e2e.reset.${Date.now()}@example.com`;
    const oldPassword = 'the forgotten one';
    const newPassword = 'remembered at last';
    // Signed in elsewhere (say, a phone) with the old password.
    const elsewhere = await httpSession(server.url);
    const registered = await elsewhere.json('/api/auth/register', 'POST', {
      email,
      email_confirmation: email,
      password: oldPassword,
      password_confirmation: oldPassword,
    });
    expect(registered.status).toBe(201);
    expect((await elsewhere.call('/ajax/user')).status).toBe(200);

    const page = await englishPage(browser, server.url);
    await page.goto(`${server.url}/sign-in`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${server.url}/forgot-password`);
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.locator('input[name=email]').fill(email);
    await page.locator('form button[type=submit]').click();
    await visible(
      page,
      `If ${email} belongs to a Printomat account, a link to choose a new password is on its way. Check your mailbox, and the spam folder too. The link works once and for a short time.`,
    );

    const mail = await server.smtp.waitFor(email, (m) => m.subject.includes('new Printomat'));
    expect(mail.subject).toBe('Choose a new Printomat password');
    const link = linkFrom(mail, '/reset-password');
    await page.goto(link);
    await waitForHydration(page);
    await visible(
      page,
      `For the account ${email}. Saving signs you out everywhere else and signs you in here.`,
    );
    await page.locator('input[name=password]').fill('short');
    await page.locator('input[name=password_confirmation]').fill('short');
    await page.locator('form button[type=submit]').click();
    await visible(page, 'is too short (minimum is 8 characters)');
    await page.locator('input[name=password]').fill(newPassword);
    await page.locator('input[name=password_confirmation]').fill(newPassword);
    await page.locator('form button[type=submit]').click();
    await visible(page, 'Your new password is saved and you are signed in.');
    await page.getByRole('navigation').getByText('Sign out', { exact: true }).waitFor();

    // The session from before the reset is over.
    expect((await elsewhere.call('/ajax/user')).status).toBe(401);

    // The link worked once.
    await page.goto(link);
    await visible(
      page,
      'This password reset link was already used. If you still cannot sign in, ask for a new one.',
    );
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();

    await page.getByRole('navigation').getByText('Sign out', { exact: true }).click();
    await page.getByRole('navigation').getByText('Sign in', { exact: true }).waitFor();
    await submitSignIn(page, server.url, email, oldPassword);
    await visible(page, 'Invalid email or password');
    await submitSignIn(page, server.url, email, newPassword);
    await page.getByTestId('remaining-pages').waitFor();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { linkFrom } from '../apps/server/test/helpers/smtp';
import { launchBrowser } from './helpers/browser';
import { payForPackageMByCard, paySandboxCard, submitSignIn } from './helpers/pages';
import { startServer, type TRunningServer } from './helpers/server';
import { stopAll } from './helpers/teardown';

let server: TRunningServer;
let browser: Browser;
// Shared by the two steps: the inviter (a seeded account) and the friend who signs up.
let inviterContext: BrowserContext;
let friendContext: BrowserContext;
let friendEmail = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(() => stopAll({ browser, server }));

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width: 1280, height: 900 },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  return context;
}

const visible = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).first().waitFor({ timeout: 10_000 });

async function signIn(page: Page, email: string, password: string) {
  await submitSignIn(page, server.url, email, password);
  await page.getByTestId('remaining-pages').waitFor();
}

/** Reads the code of the newest SMS to `to` from the sandbox outbox page, as a developer would. */
async function smsCode(context: BrowserContext, to: string): Promise<string> {
  const outbox = await context.newPage();
  await outbox.goto(`${server.url}/dev/sms`);
  const body = await outbox
    .locator(`[data-testid=sms][data-to="${to}"] .body`)
    .first()
    .textContent();
  await outbox.close();
  const code = /\b(\d{6})\b/.exec(body ?? '')?.[1];
  if (!code) throw new Error(`no SMS with a code to ${to}: ${body}`);
  return code;
}

async function submitPhone(page: Page, value: string) {
  const dialog = page.getByTestId('modal');
  await dialog.getByLabel('Phone number', { exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'Send code' }).click();
}

describe('free pages and the phone number in a real browser', () => {
  it('shares the referral link, signs up through it, and verifies a phone number by SMS', async () => {
    // A seeded person sees their referral link and copies it.
    inviterContext = await newContext();
    const inviter = await inviterContext.newPage();
    await signIn(inviter, 'admin@printomat.example', 'admin-demo-2026');
    await inviter.goto(`${server.url}/zdobadz-strony`);
    const linkInput = inviter.getByTestId('referral-link');
    await linkInput.waitFor();
    const link = await linkInput.inputValue();
    expect(link).toMatch(new RegExp(`^${server.url}/sign-up\\?ref=[A-Z0-9]{8}$`));
    await visible(inviter, 'Nobody has signed up with your link yet.');
    await inviter.getByRole('button', { name: 'Copy link' }).click();
    await visible(inviter, 'Link copied');
    expect(await inviter.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await inviter.getByTestId('card-bonus').getByRole('link').getAttribute('href')).toBe(
      '/cards/add',
    );

    // A new person opens the link and signs up.
    friendContext = await newContext();
    const friend = await friendContext.newPage();
    const email = `friend.${Date.now()}@example.com`;
    friendEmail = email;
    await friend.goto(link);
    await friend.locator('input[name=email]').fill(email);
    await friend.locator('input[name=email_confirmation]').fill(email);
    await friend.locator('input[name=password]').fill('long enough 1');
    await friend.locator('input[name=password_confirmation]').fill('long enough 1');
    await friend.locator('form button[type=submit]').click();
    await friend.waitForURL(`${server.url}/`);
    await friend.getByTestId('remaining-pages').waitFor();

    // The inviter sees them (masked) in the history.
    await inviter.reload();
    const row = inviter.getByTestId('referral-row').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('f***@example.com');
    expect(await row.textContent()).toContain('Waiting for e-mail confirmation');

    // The new person adds a phone number: every refusal first.
    await friend.goto(`${server.url}/account`);
    await friend.getByTestId('phone-add').click();
    const dialog = friend.getByTestId('modal');
    await submitPhone(friend, '12');
    await visible(friend, 'is invalid');
    await submitPhone(friend, '+1 212 555 0100');
    await visible(friend, 'is not supported');
    await submitPhone(friend, '+48 700 123 456');
    await visible(friend, 'is blacklisted');
    await submitPhone(friend, '+44 7700 900123');
    await visible(friend, 'Unable to send SMS. Try again later.');
    await submitPhone(friend, '+48 501 234 567');
    await visible(friend, 'Enter the code we sent to +48501234567.');

    const code = await smsCode(friendContext, '+48501234567');
    await dialog.getByLabel('SMS code').fill(code === '000000' ? '000001' : '000000');
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await visible(friend, 'Invalid code');
    await dialog.getByRole('button', { name: 'Send the code again' }).click();
    await visible(friend, 'Wait at least 30 seconds');
    await dialog.getByRole('button', { name: 'Use another number' }).click();
    await submitPhone(friend, '+48 501 234 567');
    await visible(friend, 'was checked less than 30s ago');

    // Back to the code (the card offers it), the right one this time.
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await friend.getByRole('button', { name: 'Enter the code' }).click();
    await dialog.getByLabel('SMS code').fill(code);
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await visible(friend, 'Your phone number +48501234567 is verified.');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    expect(await friend.getByTestId('phone-number').textContent()).toBe('+48501234567');

    // Nobody else can take it now.
    await inviter.goto(`${server.url}/account`);
    await inviter.getByTestId('phone-add').click();
    await submitPhone(inviter, '501 234 567');
    await visible(inviter, 'has already been taken');
  });

  it('credits the inviter when the friend has confirmed their address and bought a package', async () => {
    const friend = await friendContext.newPage();
    const mail = await server.smtp.waitFor(friendEmail, (m) => m.text.includes('/confirm-email'));
    await friend.goto(linkFrom(mail, '/confirm-email'));
    await visible(friend, 'Your e-mail address is confirmed.');
    const inviter = await inviterContext.newPage();
    await inviter.goto(`${server.url}/zdobadz-strony`);
    await visible(inviter, 'Waiting for a first purchase');

    // The first purchase, through the sandbox card provider as a person pays.
    await payForPackageMByCard(friend, server.url);
    await friend.waitForURL(/\/sandbox-pay\//);
    await paySandboxCard(friend, '4242 4242 4242 4242');
    await friend
      .locator('[data-testid=payment-status][data-status=completed]')
      .waitFor({ timeout: 20_000 });

    await inviter.reload();
    await visible(inviter, '20 pages credited');
    await visible(inviter, 'Pages earned by inviting friends: 20');
    await inviterContext.close();
    await friendContext.close();
  });
});

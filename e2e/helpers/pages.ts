import type { Browser, Page } from 'playwright-core';

/** A new browser window in English (en-GB, English language cookie), desktop sized. */
export async function englishPage(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width: 1280, height: 1000 },
  });
  await context.addCookies([{ name: 'lang', value: 'en', url: base }]);
  return context.newPage();
}

/**
 * Waits until React has attached its handlers (main.tsx marks <html data-hydrated>): a click on
 * a pre-rendered page before that does nothing, or submits the form natively.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** Fills in and sends the sign-in form; the caller waits for what it expects next. */
export async function submitSignIn(
  page: Page,
  base: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${base}/sign-in`);
  await waitForHydration(page);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('form button[type=submit]').click();
}

/** Signed in, in English, on the print screen with its settings shown. */
export async function signedInPrintPage(
  browser: Browser,
  base: string,
  email: string,
  password: string,
): Promise<Page> {
  const page = await englishPage(browser, base);
  await submitSignIn(page, base, email, password);
  await page.getByTestId('dashboard-panel').getByTestId('remaining-pages').waitFor();
  await page.goto(`${base}/print`);
  await page.getByTestId('settings').waitFor();
  return page;
}

/** The shop: package M's buy button, card as the method, Pay (the sandbox's page opens next). */
export async function payForPackageMByCard(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/kup-pakiet`);
  await page.getByTestId('package-M').getByTestId('package-buy').click();
  await page.getByTestId('checkout').waitFor();
  await page.getByTestId('method-card').check();
  await page.getByTestId('checkout-pay').click();
}

/**
 * On the sandbox's hosted card form: pays with `number`, then passes its 3-D Secure step with the
 * bank's code shown on the page.
 */
export async function paySandboxCard(page: Page, number: string): Promise<void> {
  const form = page.getByTestId('sandbox-form');
  await form.locator('input[name=number]').fill(number);
  await form.locator('input[name=exp_month]').fill('12');
  await form.locator('input[name=exp_year]').fill(String(new Date().getFullYear() + 3));
  await form.locator('input[name=cvv]').fill('123');
  await form.locator('input[name=postal_code]').fill('00-001');
  await form.locator('button[type=submit]').click();
  await page.waitForURL(/\/3ds$/);
  await page
    .locator('input[name=code]')
    .fill(await page.getByTestId('sandbox-3ds-code').innerText());
  await page.getByRole('button', { name: 'Confirm' }).click();
}

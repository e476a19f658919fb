import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, takeCspViolations } from './helpers/browser';
import { startServer, type TRunningServer } from './helpers/server';
import { stopAll } from './helpers/teardown';

let server: TRunningServer;
let browser: Browser;

beforeAll(async () => {
  // Without SMTP the development mailbox is served too.
  [server, browser] = await Promise.all([startServer({ SMTP_URL: '' }), launchBrowser()]);
});
afterAll(async () => {
  await stopAll({ browser, server });
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-GB' });
  return context.newPage();
}

// Every browser test fails on a Content-Security-Policy violation (helpers/browser.ts); the
// pages here are the ones no other browser test opens.
describe('Content-Security-Policy in the browser', () => {
  it('notices a violation (the check every browser test relies on)', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/sign-in`);
    await page.locator('input[name=email]').waitFor();
    // An injected inline script without the nonce: blocked, and recorded.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
    });
    await expect.poll(() => page.evaluate(() => 'injected' in window)).toBe(false);
    await expect
      .poll(() => takeCspViolations().join('\n'), { timeout: 5_000 })
      .toMatch(/Content Security Policy/);
    await page.context().close();
  });

  it('lets the API documentation (Swagger UI) run', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/api/docs/`);
    await page.locator('.swagger-ui .info .title').waitFor();
    // Swagger UI draws the operations as they scroll into view (with 100+ of them the first
    // screen holds about ten): scroll until more than ten are drawn.
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 4_000);
          return page.locator('.opblock').count();
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(10);
    // Open one operation: its details render with inline styles and schema views.
    await page.locator('.opblock-summary').first().click();
    await page.locator('.opblock-body').first().waitFor();
    await page.context().close();
  });

  it('lets the development mailbox render with its styles', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/dev/mailbox`);
    await page.getByRole('heading', { name: 'Development mailbox' }).waitFor();
    // The nonce'd <style> applied: the body is centred with a maximum width.
    expect(await page.evaluate(() => getComputedStyle(document.body).maxWidth)).toBe('760px');
    await page.context().close();
  });
});

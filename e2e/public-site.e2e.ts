import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './helpers/browser';
import { submitSignIn } from './helpers/pages';
import { startServer, type TRunningServer } from './helpers/server';

const ROOT = path.resolve(import.meta.dirname, '..');
let server: TRunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const LANGS = {
  en: { cities: 'Choose a city', printNow: 'Print now' },
  de: { cities: 'Wähle eine Stadt', printNow: 'Jetzt drucken' },
  pl: { cities: 'Wybierz miasto', printNow: 'Drukuj teraz' },
} as const;

/** A guest's browser in `lang`; map tiles cannot load here (offline), as on a bad network. */
async function guest(
  lang: keyof typeof LANGS,
  width = 1280,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: 'lang', value: lang, url: server.url }]);
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

describe('the public site', () => {
  for (const lang of Object.keys(LANGS) as Array<keyof typeof LANGS>) {
    it(`walks landing → map → city → printer → back in ${lang}, pre-rendered and hydrated`, async () => {
      // Before any JavaScript: the HTML already holds the page in the person's language.
      const raw = await fetch(server.url, {
        headers: { accept: 'text/html', cookie: `lang=${lang}` },
      });
      const html = await raw.text();
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain(LANGS[lang].printNow);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);

      const { context, page, errors } = await guest(lang);
      await page.goto(server.url);
      await page.getByTestId('landing-page').waitFor();
      expect(await page.getByTestId('landing-print-now').innerText()).toContain(
        LANGS[lang].printNow,
      );
      // Where the printers are: the live map in the page, every printer on it.
      const landingMap = page.getByTestId('landing-printers').getByTestId('map-canvas');
      await landingMap.and(page.locator('[data-state=ready]')).waitFor();
      await expect
        .poll(() =>
          landingMap.locator('[data-testid=map-cluster], [data-testid=map-marker]').count(),
        )
        .toBeGreaterThan(0);
      await page.getByTestId('nav-find-printer').first().click();
      await page.getByTestId('city-list').waitFor();
      expect(await page.getByTestId('map-page').innerText()).toContain(LANGS[lang].cities);
      expect(await page.getByTestId('city-item').count()).toBe(3);

      await page
        .locator(
          '[data-testid=city-item][data-slug=krakow] a, [data-testid=city-item][data-slug=krakow]',
        )
        .first()
        .click();
      await page.waitForURL(/\/map\/krakow$/);
      const printers = page.getByTestId('printer-item');
      await expect.poll(() => printers.count()).toBeGreaterThan(1);
      await printers.first().locator('a').first().click();
      await page.waitForURL(/\/map\/krakow\/\d+$/);
      const details = page.getByTestId('map-printer-details');
      await details.waitFor();
      expect(await details.getByTestId('map-address').innerText()).toMatch(/Kraków/);
      expect(await details.getByTestId('map-availability').getAttribute('data-availability')).toBe(
        'offline',
      );

      await page.getByTestId('map-back').click();
      await page.waitForURL(/\/map\/krakow$/);
      await page.getByTestId('map-back').click();
      await page.waitForURL(/\/map$/);
      await page.getByTestId('city-list').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('clusters the printers at low zoom and shows them apart at high zoom', async () => {
    const { context, page } = await guest('en');
    await page.goto(`${server.url}/map`);
    await page.locator('[data-testid=map-canvas][data-state=ready]').waitFor();
    // The whole network: the printers of each city share a cluster.
    await expect.poll(() => page.getByTestId('map-cluster').count()).toBeGreaterThan(0);
    const clustered = await page.getByTestId('map-marker').count();
    expect(clustered).toBeLessThan(14);
    // One printer up close: it stands alone.
    await page.goto(`${server.url}/map/krakow`);
    await page.locator('[data-testid=map-canvas][data-state=ready]').waitFor();
    await expect.poll(() => page.getByTestId('map-marker').count()).toBeGreaterThan(clustered);
    await context.close();
  });

  it('opens the suggest-a-location modal from the address and mails the suggestion to the team', async () => {
    const { context, page } = await guest('pl');
    await page.goto(`${server.url}/#modal=mailings.report_location`);
    const modal = page.getByTestId('modal');
    await modal.locator('input[name=place]').waitFor();
    await modal.locator('button[type=submit]').click();
    // Nothing filled in: the spec's "can't be blank", in Polish, under the fields.
    await expect.poll(() => modal.innerText()).toMatch(/nie może być pusty|nie może być puste/);
    await modal.locator('input[name=place]').fill('Biblioteka Raczyńskich');
    await modal.locator('input[name=address]').fill('pl. Wolności 19');
    await modal.locator('input[name=city]').fill('Poznań');
    await modal.locator('textarea[name=comment]').fill('Studenci szukają drukarki.');
    await modal.locator('button[type=submit]').click();
    await page.getByTestId('suggestion-thanks').waitFor();
    const mail = await server.smtp.waitFor('team@printomat.example');
    expect(mail.subject).toContain('Biblioteka Raczyńskich');
    await context.close();
  });

  it('keeps Sign in, Account and Sign out on screen on a 375 px phone, signed out and in', async () => {
    /** Every one of `names` is a visible link or button of the header, wholly within the screen. */
    async function expectOnScreen(page: Page, names: readonly string[]) {
      const header = page.locator('.site-header');
      for (const name of names) {
        const item = header.getByRole('link', { name, exact: true });
        await item.waitFor();
        const box = await item.boundingBox();
        expect(box, name).not.toBeNull();
        if (!box) continue;
        expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(375);
        expect(box.width, `${name} has a size`).toBeGreaterThan(0);
      }
    }
    // Polish labels are among the longest (and the account's language is Polish too).
    const { context, page, errors } = await guest('pl', 375);
    await page.goto(`${server.url}/`);
    await page.getByTestId('landing-page').waitFor();
    await expectOnScreen(page, ['Zaloguj się', 'Zarejestruj się']);
    await submitSignIn(page, server.url, 'anna@printomat.example', 'anna-demo-2026');
    await page.getByTestId('dashboard-panel').waitFor();
    await expectOnScreen(page, ['Konto', 'Wyloguj się']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes screenshots of the landing and business pages at phone and desktop widths', async () => {
    // SCREENSHOT_DIR=docs/screenshots renews the ones checked into the docs.
    for (const [name, url] of [
      ['landing', '/'],
      ['business', '/business'],
    ] as const) {
      for (const [device, width] of [
        ['phone', 375],
        ['desktop', 1280],
      ] as const) {
        const { context, page } = await guest('en', width);
        await page.goto(`${server.url}${url}`);
        await page.getByTestId(`${name}-page`).waitFor();
        const file = path.join(
          process.env.SCREENSHOT_DIR ?? path.join(ROOT, '.test-data', 'screenshots'),
          `${name}-${device}.png`,
        );
        await fs.mkdir(path.dirname(file), { recursive: true });
        await page.screenshot({ path: file, fullPage: true });
        expect((await fs.stat(file)).size).toBeGreaterThan(10_000);
        await context.close();
      }
    }
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { makeColourPng, makePdf } from '../apps/server/test/helpers/fixtures';
import { flatText, makeOfficeFixtures } from '../apps/server/test/converters/office-fixtures';
import { launchBrowser } from './helpers/browser';
import { signedInPrintPage, waitForHydration } from './helpers/pages';
import { startServer, type TRunningServer } from './helpers/server';
import { stopAll } from './helpers/teardown';

let server: TRunningServer;
let browser: Browser;
let dir: string;
const file = (name: string) => path.join(dir, name);

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-uploader-'));
  await fs.writeFile(file('thesis.pdf'), await makePdf(12));
  await fs.writeFile(file('mixed.pdf'), await makePdf(6, [2, 5]));
  await fs.writeFile(file('photo.png'), await makeColourPng());
  await fs.writeFile(
    file('huge.pdf'),
    Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024, 32)]),
  );
  const pages = (n: number) =>
    Array.from({ length: n }, (_, i) => [
      `Chapter ${i + 1}`,
      'Zażółć gęślą jaźń. Plain black text.',
    ]);
  await fs.writeFile(file('report.fodt'), flatText(pages(3)));
  await fs.writeFile(file('notes.fodt'), flatText(pages(2)));
  await makeOfficeFixtures(dir, [
    { input: file('report.fodt'), output: file('report.docx'), filter: 'MS Word 2007 XML' },
    { input: file('notes.fodt'), output: file('notes.odt'), filter: 'writer8' },
  ]);
  [server, browser] = await Promise.all([
    startServer({ MAX_UPLOAD_BYTES: String(2 * 1024 * 1024), METRICS_TOKEN }),
    launchBrowser(),
  ]);
});
afterAll(() => stopAll({ browser, server, dir }));

const METRICS_TOKEN = 'e2e-metrics-token-0123456789';

/** How many GETs of `route` the server answered with a 3xx status (its /metrics, Prometheus text). */
async function notModifiedCount(route: string): Promise<number> {
  const res = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.status).toBe(200);
  const line = (await res.text())
    .split('\n')
    .find(
      (l) =>
        l.startsWith('printomat_http_request_duration_seconds_count{') &&
        l.includes('method="GET"') &&
        l.includes(`route="${route}"`) &&
        l.includes('status_class="3xx"'),
    );
  return line ? Number(line.split(' ').at(-1)) : 0;
}

const signedInPage = (email: string, password: string) =>
  signedInPrintPage(browser, server.url, email, password);

const row = (page: Page, name: string) =>
  page.getByTestId('document-row').filter({ hasText: name });
const cost = async (page: Page) => Number(await page.getByTestId('job-cost').innerText());
const pageCount = async (page: Page) =>
  Number(await page.getByTestId('job-page-count').innerText());

async function expectCost(page: Page, expected: number, faces: number) {
  await expect.poll(() => cost(page), { timeout: 10_000 }).toBe(expected);
  expect(await pageCount(page)).toBe(faces);
}

describe('the uploader screen', () => {
  it('counts pages and colour of real files, prices every setting, cancels, and locks after Confirm', async () => {
    const page = await signedInPage('anna@printomat.example', 'anna-demo-2026');
    await page
      .getByTestId('file-input')
      .setInputFiles([
        file('thesis.pdf'),
        file('report.docx'),
        file('notes.odt'),
        file('photo.png'),
        file('mixed.pdf'),
      ]);
    await page.getByTestId('banner-uploading').waitFor();
    await page.getByTestId('office-beta-notice').waitFor();
    await expect
      .poll(() => page.locator('[data-testid=document-row][data-state=uploaded]').count(), {
        timeout: 60_000,
      })
      .toBe(5);
    expect(await page.getByTestId('banner-uploading').count()).toBe(0);

    const expectations: Array<[string, string, string]> = [
      ['thesis.pdf', '12 pages', 'black and white'],
      ['report.docx', '3 pages', 'black and white'],
      ['notes.odt', '2 pages', 'black and white'],
      ['photo.png', '1 page', '1 colour page'],
      ['mixed.pdf', '6 pages', '2 colour pages'],
    ];
    for (const [name, pages, colour] of expectations) {
      expect(await row(page, name).getByTestId('doc-pages').innerText(), name).toBe(pages);
      expect(await row(page, name).getByTestId('doc-colour').innerText(), name).toBe(colour);
    }

    // Black and white: one page per face.
    await expectCost(page, 24, 24);
    // Colour: a face with colour costs 3 (photo 3; mixed 4 + 2 x 3).
    await page.getByTestId('settings').getByText('Colour', { exact: true }).last().click();
    await expectCost(page, 12 + 3 + 2 + 3 + 10, 24);
    // 2 pages per sheet: thesis 6, report 2, notes 1, photo 1 (colour), mixed 3 faces (two colour).
    await page.getByTestId('settings').locator('input[name=pages_per_sheet][value="2"]').check();
    await expectCost(page, 6 + 2 + 1 + 3 + (1 + 3 + 3), 13);
    // Double-sided changes sheets, not faces.
    await page.getByTestId('settings').locator('input[name=is_duplex]').check();
    await expectCost(page, 19, 13);
    // Two copies of the thesis.
    await row(page, 'thesis.pdf').locator('input[name=copies]').fill('2');
    await expectCost(page, 25, 19);

    // Preview shows every page of what will print.
    await row(page, 'mixed.pdf').getByText('Preview', { exact: true }).click();
    await page.getByTestId('modal').waitFor();
    await expect.poll(() => page.getByTestId('preview-page').count()).toBe(6);
    await page.keyboard.press('Escape');
    await page.getByTestId('modal').waitFor({ state: 'detached' });

    // Cancel an uploaded document.
    await row(page, 'photo.png').getByRole('button', { name: 'Remove: photo.png' }).click();
    await expect.poll(() => row(page, 'photo.png').count()).toBe(0);
    await expectCost(page, 22, 18);

    // Confirm locks settings and adding files; Edit unlocks.
    await page.getByTestId('submit-button').click();
    await expect.poll(() => page.getByTestId('submit-button').innerText()).toBe('Edit');
    expect(await page.locator('input[name=is_duplex]').isDisabled()).toBe(true);
    expect(await page.getByTestId('drop-zone').count()).toBe(0);
    // Printing with the printer's code: no agent is connected here, so the printer is offline,
    // which a code answers like a wrong code (trying codes must not reveal valid ones).
    await page.getByTestId('print-with-code').click();
    await page.getByTestId('modal').locator('input[name=code]').fill('418273');
    await page.getByTestId('modal').locator('button[type=submit]').click();
    expect(await page.getByTestId('release-error').innerText()).toBe(
      'No printer can be started with this code right now. Check the code shown on the printer, or see on the map whether the printer is available.',
    );
    await page.keyboard.press('Escape');
    await page.getByTestId('modal').waitFor({ state: 'detached' });
    expect(page.url()).not.toContain('modal=');
    await page.reload();
    await expect.poll(() => page.getByTestId('submit-button').innerText()).toBe('Edit');
    await page.getByTestId('submit-button').click();
    await expect.poll(() => page.getByTestId('submit-button').innerText()).toBe('Confirm');
    expect(await page.locator('input[name=is_duplex]').isDisabled()).toBe(false);
    await page.screenshot({
      path: path.join(os.tmpdir(), 'printomat-uploader-desktop.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 375, height: 900 });
    await page.screenshot({
      path: path.join(os.tmpdir(), 'printomat-uploader-phone.png'),
      fullPage: true,
    });
  });

  it('shows the limit banner, offers a package instead of colour, and refuses a too-large file', async () => {
    const context = await browser.newContext({
      locale: 'pl-PL',
      viewport: { width: 1280, height: 1000 },
    });
    const page = await context.newPage();
    const email = `limited.${Date.now()}@example.com`;
    await page.goto(`${server.url}/sign-up`);
    await waitForHydration(page);
    await page.getByTestId('language-switcher').selectOption('pl');
    for (const [name, value] of [
      ['email', email],
      ['email_confirmation', email],
      ['password', 'limited pass 1'],
      ['password_confirmation', 'limited pass 1'],
    ]) {
      await page.locator(`input[name=${name}]`).fill(value ?? '');
    }
    await page.locator('form button[type=submit]').click();
    await page.getByTestId('dashboard-panel').getByTestId('remaining-pages').waitFor();
    await page.goto(`${server.url}/print`);

    await page.getByTestId('file-input').setInputFiles([file('thesis.pdf'), file('huge.pdf')]);
    await page.getByTestId('banner-over-limit').waitFor({ timeout: 30_000 });
    const overLimit = page.getByTestId('banner-over-limit');
    expect(await overLimit.innerText()).toMatch(/^Wrzucone pliki przekraczają Twój limit stron\./);
    // The banner offers the way out: buying pages.
    expect(await overLimit.getByRole('link').getAttribute('href')).toBe('/kup-pakiet');
    await row(page, 'huge.pdf').getByText('za duży plik').waitFor();
    expect(await page.getByTestId('banner-upload-failed').innerText()).toBe(
      'Wysyłanie jednego lub więcej plików nie powiodło się.',
    );
    await expect
      .poll(() => row(page, 'thesis.pdf').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('uploaded');
    expect(await page.getByTestId('submit-button').isDisabled()).toBe(true);

    // A free account: choosing colour opens the paid package offer and changes nothing.
    await page.getByTestId('settings').getByText('Kolor', { exact: true }).last().click();
    await page.getByTestId('modal').waitFor();
    expect(await page.getByTestId('offer-text').innerText()).toBe(
      'Druk w kolorze jest dostępny w płatnym pakiecie stron.',
    );
    expect(page.url()).toContain('#modal=paid_packages.cta_color');
    expect(await page.locator('input[name=is_grayscale]').first().isChecked()).toBe(true);
  });

  it('revalidates an unchanged job and panel with their ETags: the server answers 304', async () => {
    const page = await signedInPage('anna@printomat.example', 'anna-demo-2026');
    await page.getByTestId('submit-button').waitFor();
    const jobBefore = await notModifiedCount('/ajax/printjobs/current');
    const userBefore = await notModifiedCount('/ajax/user');
    const cost = await page.getByTestId('job-cost').innerText();
    for (let i = 0; i < 2; i += 1) {
      await page.reload();
      await page.getByTestId('submit-button').waitFor();
    }
    // The browser sent If-None-Match and showed its cached answer: same job, same price.
    expect(await page.getByTestId('job-cost').innerText()).toBe(cost);
    expect(await notModifiedCount('/ajax/printjobs/current')).toBeGreaterThan(jobBefore);
    expect(await notModifiedCount('/ajax/user')).toBeGreaterThan(userBefore);
    await page.context().close();
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { makePdf } from '../apps/server/test/helpers/fixtures';
import { startTestPrinter, type TestPrinter } from '../apps/agent/src/kiosk/ipp-printer';
import { startAgentProcess, type TAgentProcess } from './helpers/agent-process';
import { launchBrowser } from './helpers/browser';
import { adminClient, openAroundTheClock, releaseAtPrinter, signedInClient } from './helpers/kiosk';
import { englishPage, submitSignIn } from './helpers/pages';
import { startServer, type TRunningServer } from './helpers/server';
import { stopAll } from './helpers/teardown';

const CODE = '418273'; // Złote Tarasy (printer 1) in the demo data
const MINION = 'e2e-admin-kiosk';

let server: TRunningServer;
let browser: Browser;
let printer: TestPrinter;
let agent: TAgentProcess;
let dir: string;
let lecture: string;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-admin-printers-'));
  lecture = path.join(dir, 'lecture.pdf');
  await fs.writeFile(lecture, await makePdf(3));
  [server, browser, printer] = await Promise.all([
    startServer(),
    launchBrowser(),
    startTestPrinter(),
  ]);
  await openAroundTheClock(server.url);
  // A new kiosk's agent dials in with a minion id no printer has: it waits to be registered.
  agent = startAgentProcess({
    serverUrl: server.url,
    printerUri: printer.uri,
    minionId: MINION,
    stateDir: path.join(dir, 'agent-state'),
  });
});
afterAll(() => stopAll({ agent, browser, printer, server, dir }));

async function signedIn(email: string, password: string, next: string): Promise<Page> {
  const page = await englishPage(browser, server.url);
  await submitSignIn(page, server.url, email, password);
  await page.waitForURL((url) => url.pathname !== '/sign-in');
  await page.goto(`${server.url}${next}`);
  return page;
}

const adminPage = (next: string) => signedIn('admin@printomat.example', 'admin-demo-2026', next);

async function printerCount(): Promise<number> {
  const admin = await adminClient(server.url);
  const index = (await (await admin.call('/api/admin/printers')).json()) as {
    printers: unknown[];
  };
  return index.printers.length;
}

describe('printer administration', () => {
  it('registers a detected agent and shows the numbers of a real print run in the statistics', async () => {
    const page = await adminPage('/admin/printers/detected');
    const row = page.getByTestId('detected-table').locator('tr', { hasText: MINION });
    await row.waitFor({ timeout: 20_000 });
    await row.locator('select[name=printer_id]').selectOption({ label: 'Złote Tarasy (Warszawa)' });
    await row.getByRole('button', { name: 'Attach' }).click();
    await page.getByText(`Agent ${MINION} is now the agent of Złote Tarasy.`).waitFor();
    await page.getByTestId('detected-empty').waitFor();
    expect(
      await page.getByTestId('registered-table').locator('tr', { hasText: MINION }).innerText(),
    ).toContain('Złote Tarasy');

    // The index shows the printer available within a refresh, with the agent's heartbeat.
    await page.goto(`${server.url}/admin/printers?city=`);
    const state = page.getByTestId('printer-row-1').getByTestId('printer-state');
    await expect
      .poll(() => state.getAttribute('data-state'), { timeout: 20_000 })
      .toBe('available');

    // Anna prints the 3-page lecture at this printer (over the API the web app uses).
    const anna = await signedInClient(server.url, 'anna@printomat.example', 'anna-demo-2026');
    await releaseAtPrinter(anna, new Blob([await fs.readFile(lecture)]), 'lecture.pdf', CODE);
    // The statistics (chart and table) show the pages the printer reported and the person.
    const month = new Date().toISOString().slice(0, 7);
    await page.goto(`${server.url}/admin/printers/1`);
    const stats = page.getByTestId('statistics');
    const monoCell = stats.getByTestId(`classic_mono_pages-${month}`);
    await expect.poll(() => monoCell.innerText().catch(() => ''), { timeout: 30_000 }).toBe('3');
    expect(await stats.getByTestId(`classic_color_pages-${month}`).innerText()).toBe('0');
    expect(await stats.getByTestId(`printing_users-${month}`).innerText()).toBe('1');
    const bar = stats.locator(`rect[data-series=classic_mono_pages][data-month="${month}"]`);
    expect(await bar.getAttribute('data-value')).toBe('3');
    expect(Number(await bar.getAttribute('height'))).toBeGreaterThan(0);
    // ippeveprinter reports its input tray; it is drawn as a level bar.
    await stats.getByTestId('input-trays').getByRole('meter').first().waitFor();
    // Registering made it an API V3 printer, as the index shows.
    await page.goto(`${server.url}/admin/printers`);
    expect(await page.getByTestId('printer-row-1').innerText()).toContain('V3');
    await page.context().close();
  });

  it('creates a printer with open hours and a photo, after showing the error for a 50 px logo', async () => {
    const before = await printerCount();
    const page = await adminPage('/admin/printers');
    await page.getByRole('link', { name: 'New printer' }).click();
    const form = page.getByTestId('printer-form');
    await form.waitFor();
    await form.locator('input[name=name]').fill('Biblioteka UW');
    await form.locator('input[name=full_name]').fill('Biblioteka Uniwersytetu Warszawskiego');
    await form.locator('select[name=country]').selectOption('PL');
    await form.locator('select[name=city_id]').selectOption({ label: 'Warszawa (PL)' });
    await form.locator('input[name=street]').fill('Dobra');
    await form.locator('input[name=house_number]').fill('56/66');
    await form.locator('input[name=postcode]').fill('00-312');
    await form.locator('input[name=location_x]').fill('52.2425');
    await form.locator('input[name=location_y]').fill('21.0248');
    await form.locator('input[name=radius]').fill('40');
    for (const day of [1, 2, 3, 4, 5]) {
      await form.locator(`input[name=is_open_${day}]`).check();
      await form.locator(`input[name=open_time_${day}]`).fill('08:00');
      await form.locator(`input[name=close_time_${day}]`).fill('20:00');
    }
    await form.locator('input[name=is_open_6]').check();
    await form.locator('input[name=open_time_6]').fill('10:00');
    await form.locator('input[name=close_time_6]').fill('14:00');
    await form.locator('input[name=photo]').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: await png(320, 200),
    });
    await form.locator('input[name=logo]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await png(200, 50),
    });
    await form.getByRole('button', { name: 'Create printer' }).click();

    const logoErrors = page.getByTestId('image-logo').locator('.field__errors');
    await logoErrors.waitFor();
    expect(await logoErrors.innerText()).toBe('image too small');
    expect(await page.getByRole('alert').first().innerText()).toContain(
      'Please correct the highlighted fields.',
    );
    expect(await printerCount()).toBe(before);

    // Without the logo it is created, hours and photo included.
    await form.locator('input[name=logo]').setInputFiles([]);
    await form.getByRole('button', { name: 'Create printer' }).click();
    await page.waitForURL(/\/admin\/printers\/\d+$/);
    await page.getByText('The printer was created.').waitFor();
    expect(await page.getByRole('heading', { level: 2 }).first().innerText()).toBe('Biblioteka UW');
    const hours = page.getByTestId('printer-hours');
    expect(await hours.locator('tr', { hasText: 'Monday' }).innerText()).toContain('08:00–20:00');
    expect(await hours.locator('tr', { hasText: 'Saturday' }).innerText()).toContain('10:00–14:00');
    expect(await hours.locator('tr', { hasText: 'Sunday' }).innerText()).toContain('Closed');
    const photo = page.getByTestId('printer-photo');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(200);
    expect(await printerCount()).toBe(before + 1);
    await page.context().close();
  });

  it('turns maintenance on, and a person’s release is refused with the maintenance message', async () => {
    const admin = await adminPage('/admin/printers/1');
    const toggle = admin.getByTestId('maintenance-toggle');
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await admin.getByTestId('maintenance-status').innerText()).toBe(
      'Maintenance mode is on: nobody can print here.',
    );

    const person = await signedIn('anna@printomat.example', 'anna-demo-2026', '/print');
    await person.getByTestId('file-input').setInputFiles(lecture);
    await expect
      .poll(() => person.locator('[data-testid=document-row][data-state=uploaded]').count(), {
        timeout: 30_000,
      })
      .toBe(1);
    await person.getByTestId('submit-button').click();
    await person.getByTestId('print-with-code').click();
    await person.getByTestId('modal').locator('input[name=code]').fill(CODE);
    await person.getByTestId('modal').locator('button[type=submit]').click();
    // By its code, a printer that cannot print answers like a wrong code (no code is revealed).
    const refused = person.getByTestId('release-error');
    await refused.waitFor();
    expect(await refused.innerText()).toBe(
      'No printer can be started with this code right now. Check the code shown on the printer, or see on the map whether the printer is available.',
    );
    // The printer's page says why, and so does printing there.
    await person.keyboard.press('Escape');
    await person.goto(`${server.url}/printers/1`);
    expect(await person.getByTestId('printer-availability').innerText()).toBe(
      'Maintenance mode enabled - printing not possible',
    );
    await person.getByTestId('print-here').click();
    const here = person.getByTestId('print-here-error');
    await here.waitFor();
    expect(await here.innerText()).toBe('Maintenance mode enabled - printing not possible');

    // Off again: the printer is available on its public page.
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await person.goto(`${server.url}/printers/1`);
    expect(await person.getByTestId('printer-availability').getAttribute('data-availability')).toBe(
      'available',
    );
    await person.context().close();
    await admin.context().close();
  });
});

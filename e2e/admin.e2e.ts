import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createIppClient } from '../apps/agent/src/ipp/ipp-client';
import { startTestPrinter, type TestPrinter } from '../apps/agent/src/kiosk/ipp-printer';
import { makePdf } from '../apps/server/test/helpers/fixtures';
import { httpSession, until } from '../apps/server/test/helpers/http-session';
import { startAgentProcess, type TAgentProcess } from './helpers/agent-process';
import { launchBrowser, screenshotDir } from './helpers/browser';
import { adminClient, releaseAtPrinter, signedInClient } from './helpers/kiosk';
import { englishPage, submitSignIn } from './helpers/pages';
import { startServer, type TRunningServer } from './helpers/server';
import { stopAll } from './helpers/teardown';

const CODE = '418273'; // Złote Tarasy in the demo data
const MINION = 'e2e-admin-kiosk';

let server: TRunningServer;
let browser: Browser;
let agent: TAgentProcess;
let printer: TestPrinter;
let dir: string;

type TSession = Awaited<ReturnType<typeof httpSession>>;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-admin-'));
  [server, browser, printer] = await Promise.all([
    startServer(),
    launchBrowser(),
    startTestPrinter(),
  ]);
  // A kiosk whose printer is busy for minutes with a walk-in copy: a released job waits in its
  // queue, scheduled and unprinted. (An unplugged printer would refuse the release: issue 18.)
  await printer.setJobDurationMs(5 * 60_000);
  await createIppClient(printer.uri).printJob(await makePdf(1), {
    jobName: 'walk-in copy',
    copies: 1,
    sides: 'one-sided',
    colorMode: 'monochrome',
    numberUp: 1,
    orientation: null,
  });
  agent = startAgentProcess({
    serverUrl: server.url,
    printerUri: printer.uri,
    minionId: MINION,
    stateDir: path.join(dir, 'agent-state'),
  });
  const admin = await adminClient(server.url);
  await until(async () => {
    const list = (await (await admin.call('/api/admin/printers/detected')).json()) as {
      detected: Array<{ minion_id: string }>;
    };
    return list.detected.some((d) => d.minion_id === MINION) ? true : undefined;
  }, 30_000);
  const registered = await admin.json('/api/admin/printers/1/register_agent', 'POST', {
    minion_id: MINION,
  });
  expect(registered.status).toBe(200);
  await until(async () => {
    const p = (await (await fetch(`${server.url}/api/printers/1`)).json()) as {
      availability: string;
    };
    return p.availability !== 'offline' ? true : undefined;
  }, 30_000);
});
afterAll(() => stopAll({ agent, browser, printer, server, dir }));

async function adminPage(): Promise<Page> {
  const page = await englishPage(browser, server.url);
  await submitSignIn(page, server.url, 'admin@printomat.example', 'admin-demo-2026');
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
  return page;
}

/** Anna uploads a PDF, confirms it and releases it at the kiosk: it waits there, scheduled. */
async function annaReleasesAJob(): Promise<{ anna: TSession; jobId: number }> {
  const anna = await signedInClient(server.url, 'anna@printomat.example', 'anna-demo-2026');
  const pdf = new Blob([new Uint8Array(await makePdf(2))], { type: 'application/pdf' });
  return { anna, jobId: await releaseAtPrinter(anna, pdf, 'notes.pdf', CODE) };
}

const remainingOf = async (session: TSession) =>
  ((await (await session.call('/ajax/user')).json()) as { remaining_page_limit: number })
    .remaining_page_limit;

describe('administration area', () => {
  it('fails a job waiting at a printer, resets it, deletes a user after the confirmation, and the audit log shows it all', async () => {
    const { anna, jobId } = await annaReleasesAJob();
    const before = await remainingOf(anna);
    const leaving = await httpSession(server.url);
    const email = `leaving.${Date.now().toString(36)}@example.com`;
    const registered = await leaving.json('/api/auth/register', 'POST', {
      email,
      email_confirmation: email,
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
    });
    expect(registered.status).toBe(201);

    const page = await adminPage();

    // Print jobs: find Anna's scheduled job through the filters and open it.
    await page.goto(`${server.url}/admin/printjobs`);
    await page.getByLabel('User e-mail').fill('anna@');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('scheduled');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const row = page.locator(`[data-testid=printjob-row][data-id="${jobId}"]`);
    // The unfiltered list may show the row before the filtered answer replaces it: wait for the
    // filtered list (exactly Anna's job), not for the first sight of the row.
    await expect.poll(() => page.getByTestId('printjob-row').count(), { timeout: 10_000 }).toBe(1);
    await row.waitFor();
    await row.getByRole('link', { name: `#${jobId}` }).click();
    await page.getByRole('heading', { name: `Print job #${jobId}` }).waitFor();

    // Fail asks first; then the job is cancelled in the printer's queue and, nothing having come
    // out, the pages go back to Anna.
    await page.getByTestId('action-fail').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('confirm-button').click();
    await expect
      .poll(() => page.getByTestId('action-done').innerText())
      .toBe('Done. The print job is now failed.');
    // The kiosk's agent drops the withdrawn job (Cancel-Job if the printer already had it).
    await until(
      async () => (agent.output().includes('job withdrawn by the server') ? true : undefined),
      10_000,
    );
    await expect.poll(() => remainingOf(anna), { timeout: 15_000 }).toBe(before + 2);

    await page.screenshot({
      path: path.join(await screenshotDir(), 'admin-printjob.png'),
      fullPage: true,
    });
    // Reset: the failed job is Anna's editable job again.
    await page.getByTestId('action-reset').click();
    await expect
      .poll(() => page.getByTestId('action-done').innerText())
      .toBe('Done. The print job is now created.');
    const current = (await (await anna.call('/ajax/printjobs/current')).json()) as {
      id: number;
      status: string;
    };
    expect(current).toMatchObject({ id: jobId, status: 'created' });

    // Users: search, open, delete after the confirmation.
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('Search by e-mail').fill(email);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByRole('link', { name: email }).click();
    await page.getByTestId('delete-user').click();
    const confirm = page.getByTestId('confirm-dialog');
    expect(await confirm.getByRole('heading').innerText()).toBe(
      'Do you really want to delete this user?',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByTestId('delete-user').click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm-button').click();
    await expect
      .poll(() => page.getByTestId('notice').innerText())
      .toBe(`The user ${email} was deleted.`);
    expect((await leaving.call('/ajax/user')).status).toBe(401);
    await page.getByTestId('users-table').waitFor();
    expect(await page.getByRole('link', { name: email }).count()).toBe(0);

    await page.screenshot({ path: path.join(await screenshotDir(), 'admin-users.png') });
    // The audit log shows who did both.
    await page.getByRole('link', { name: 'Audit log' }).click();
    const reset = page.locator('[data-testid=audit-row][data-action="printjob.reset"]').first();
    await reset.waitFor();
    expect(await reset.innerText()).toContain('admin@printomat.example');
    expect(await reset.innerText()).toContain(`print job #${jobId}`);
    const deletion = page.locator('[data-testid=audit-row][data-action="user.delete"]').first();
    // Who did it and to which account, but not the erased person's address (it is personal data).
    expect(await deletion.innerText()).toContain('admin@printomat.example');
    expect(await deletion.innerText()).toMatch(/user #\d+/);
    expect(await deletion.innerText()).not.toContain(email);
    expect(
      await page.locator('[data-testid=audit-row][data-action="printjob.mark_failed"]').count(),
    ).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(await screenshotDir(), 'admin-audit.png') });
    await page.goto(`${server.url}/admin/printjobs`);
    await page.getByTestId('printjobs-table').waitFor();
    await page.screenshot({ path: path.join(await screenshotDir(), 'admin-printjobs.png') });
    await page.context().close();
  });

  it('shows the area in Polish and refuses people who are not admins', async () => {
    const context = await browser.newContext({ locale: 'pl-PL' });
    await context.addCookies([{ name: 'lang', value: 'pl', url: server.url }]);
    const page = await context.newPage();
    await submitSignIn(page, server.url, 'anna@printomat.example', 'anna-demo-2026');
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    await page.goto(`${server.url}/admin/users`);
    expect(await page.getByRole('alert').innerText()).toBe(
      'Tę stronę mogą otworzyć tylko administratorzy.',
    );
    await context.close();

    const admin = await adminPage();
    await admin.context().addCookies([{ name: 'lang', value: 'pl', url: server.url }]);
    await admin.goto(`${server.url}/admin/express-orders?status=failed`);
    await admin.getByRole('heading', { name: 'Zamówienia express' }).waitFor();
    const failed = admin.locator('[data-testid=express-row][data-status=failed]');
    await failed.first().waitFor();
    await failed.first().getByRole('link').click();
    await admin.getByTestId('express-reset').click();
    await expect
      .poll(() => admin.getByRole('status').first().innerText())
      .toBe('Gotowe. Zamówienie ma teraz status: utworzone.');
    await admin.context().close();
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { translate, type TLocale } from '@printomat/shared';
import { httpSession } from '../apps/server/test/helpers/http-session';
import { launchBrowser, launchProfileContext } from './helpers/browser';
import { submitSignIn, waitForHydration } from './helpers/pages';
import { startServer, type TRunningServer } from './helpers/server';

/**
 * The installable app (issue 16) on a phone-sized screen in Debian's chromium: install criteria,
 * the localized manifest, signing in from the installed app, the offline shell and the update
 * flow. The server serves a copy of the built web app, so that a test can publish a "new
 * version" of the service worker without touching apps/web/dist.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: ANDROID_UA,
};

let server: TRunningServer;
let browser: Browser;
let webCopy: string;

/** apps/web/dist and dist-ssr copied; node_modules linked so the pre-renderer finds React. */
async function copyWebBuild(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-pwa-web-'));
  await fs.cp(path.join(ROOT, 'apps/web/dist'), path.join(dir, 'dist'), { recursive: true });
  await fs.cp(path.join(ROOT, 'apps/web/dist-ssr'), path.join(dir, 'dist-ssr'), {
    recursive: true,
  });
  await fs.symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

beforeAll(async () => {
  webCopy = await copyWebBuild();
  [server, browser] = await Promise.all([
    startServer({ WEB_DIST_DIR: path.join(webCopy, 'dist') }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (webCopy) await fs.rm(webCopy, { recursive: true, force: true });
});

const t = (locale: TLocale, key: Parameters<typeof translate>[1]) => translate(locale, key);

/**
 * A phone in `lang` (Accept-Language, and the `lang` cookie unless `cookie` is false); map tiles
 * cannot load here.
 */
async function phone(
  lang: TLocale = 'en',
  { cookie = true }: { cookie?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...PHONE, locale: lang });
  if (cookie) await context.addCookies([{ name: 'lang', value: lang, url: server.url }]);
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  return { context, page: await context.newPage() };
}

/**
 * Runs the page as the installed app: display-mode standalone through the DevTools protocol
 * (Emulation.setEmulatedMedia). This chromium ignores `display-mode` there (other features such
 * as prefers-color-scheme do switch), so `matchMedia('(display-mode: standalone)')` is answered
 * by an init script as well, before any of the page's scripts run; the test checks that the
 * page sees itself standalone.
 */
async function runAsInstalledApp(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setEmulatedMedia', {
    features: [{ name: 'display-mode', value: 'standalone' }],
  });
  await page.context().addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      const list = original(query);
      if (!/\(\s*display-mode\s*:\s*standalone\s*\)/.test(query) || list.matches) return list;
      return new Proxy(list, {
        get(target, property) {
          if (property === 'matches') return true;
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
        },
      });
    };
  });
}

async function newAccount(): Promise<{ email: string; password: string }> {
  const email = `pwa.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'correct horse battery';
  const api = await httpSession(server.url);
  const res = await api.json('/api/auth/register', 'POST', {
    email,
    email_confirmation: email,
    password,
    password_confirmation: password,
  });
  expect(res.status).toBe(201);
  return { email, password };
}

const lastLoginMobile = async (page: Page): Promise<string | null> => {
  const res = await page.request.get(`${server.url}/ajax/user`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { last_login_mobile: string | null }).last_login_mobile;
};

const panelHint = (page: Page) => page.getByTestId('dashboard-panel').getByTestId('panel-hint');

/** Waits until the service worker controls the page (it claims the first page it installs on). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

describe('the installable app on a phone', () => {
  it('meets Chromium’s install criteria, with the manifest and the service worker', async () => {
    // Chromium never offers installing in an incognito-like window (every browser.newContext):
    // a real profile on disk.
    const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-pwa-profile-'));
    const context = await launchProfileContext(profile, { ...PHONE, locale: 'en-GB' });
    try {
      await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${server.url}/`);
      await waitForHydration(page);
      await waitForServiceWorker(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
        name: t('en', 'pwa.manifest.name'),
        start_url: '/app',
        display: 'standalone',
      });

      // Installable, so Chromium offers the prompt: a signed-in person without the app gets the
      // install button on the dashboard.
      const { email, password } = await newAccount();
      await submitSignIn(page, server.url, email, password);
      await expect
        .poll(() => panelHint(page).textContent(), { timeout: 15_000 })
        .toBe(t('en', 'user_panel.download'));
      const offer = page.getByTestId('install-offer');
      await expect.poll(() => offer.getAttribute('data-way'), { timeout: 15_000 }).toBe('prompt');
      expect(await offer.getByTestId('install-button').textContent()).toBe(
        t('en', 'pwa.install.button'),
      );
    } finally {
      await context.close();
      await fs.rm(profile, { recursive: true, force: true });
    }
  });

  it('serves the service worker never cached and the manifest in the visitor’s language', async () => {
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toMatch(/javascript/);

    // What the browser itself reads: German by the language of the phone (no cookie), Polish by
    // the cookie.
    for (const lang of ['de', 'pl'] as const) {
      const { context, page } = await phone(lang, { cookie: lang === 'pl' });
      await page.goto(`${server.url}/`);
      await waitForHydration(page);
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      const data = JSON.parse(manifest.data ?? '{}') as { name: string; lang: string };
      expect(data).toMatchObject({ lang, name: t(lang, 'pwa.manifest.name') });
      await context.close();
    }
    expect(t('de', 'pwa.manifest.name')).toBe('Printomat – drucken am Drucker in deiner Nähe');
    expect(t('pl', 'pwa.manifest.name')).toBe('Printomat – drukuj w drukarce w pobliżu');
  });

  it('signing in from the installed app sets last_login_mobile and the dashboard says to walk to the printer', async () => {
    const { email, password } = await newAccount();
    const { context, page } = await phone('en');
    await runAsInstalledApp(page);
    // The app start (POST /ajax/user/mobile_app) also sets last_login_mobile: it is blocked here,
    // so only the sign-in itself (is_mobile_app) can have set it.
    let appStarts = 0;
    await context.route('**/ajax/user/mobile_app', (route) => {
      appStarts += 1;
      return route.abort();
    });
    await page.goto(`${server.url}/sign-in`);
    expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
    const signIn = page.waitForResponse((r) => r.url().endsWith('/ajax/session'));
    await submitSignIn(page, server.url, email, password);
    const answer = await signIn;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toMatchObject({ email, is_mobile_app: true });
    const signedIn = (await answer.json()) as { last_login_mobile: string | null };
    expect(signedIn.last_login_mobile).not.toBeNull();
    await expect
      .poll(() => panelHint(page).textContent(), { timeout: 15_000 })
      .toBe(t('en', 'user_panel.app_nothing_confirmed'));
    await expect.poll(() => appStarts).toBeGreaterThan(0); // the app start was tried, and blocked
    expect(await lastLoginMobile(page)).toBe(signedIn.last_login_mobile);
    expect(await page.getByTestId('install-offer').count()).toBe(0);
    await context.close();
  });

  it('a signed-in person is offered the app, and opening the installed app records it', async () => {
    const { email, password } = await newAccount();
    const { context, page } = await phone('de');
    await submitSignIn(page, server.url, email, password);
    await expect
      .poll(() => panelHint(page).textContent(), { timeout: 15_000 })
      .toBe(t('de', 'user_panel.download'));
    // No install prompt in this window (incognito-like): a phone gets the browser-menu steps.
    const offer = page.getByTestId('install-offer');
    expect(await offer.getAttribute('data-way')).toBe('mobile');
    expect(await offer.textContent()).toContain(t('de', 'pwa.install.mobile'));
    expect(await lastLoginMobile(page)).toBeNull();

    await runAsInstalledApp(page);
    const recorded = page.waitForResponse((r) => r.url().endsWith('/ajax/user/mobile_app'));
    await page.goto(`${server.url}/`);
    expect((await recorded).status()).toBe(200);
    await expect
      .poll(() => panelHint(page).textContent(), { timeout: 15_000 })
      .toBe(t('de', 'user_panel.app_nothing_confirmed'));
    expect(await lastLoginMobile(page)).not.toBeNull();
    expect(await page.getByTestId('install-offer').count()).toBe(0);
    await context.close();
  });

  it('offline, the cached shell says so; back online, "Try again" loads the page', async () => {
    const { context, page } = await phone('pl');
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    await waitForServiceWorker(page);
    expect(await page.getByTestId('offline-notice').count()).toBe(0);

    await context.setOffline(true);
    const offline = await page.reload();
    expect(offline?.fromServiceWorker()).toBe(true);
    const notice = page.getByTestId('offline-notice');
    await notice.waitFor();
    expect(await notice.locator('p').textContent()).toBe(t('pl', 'pwa.offline.notice'));

    await context.setOffline(false);
    await Promise.all([
      page.waitForEvent('load'),
      notice.getByRole('button', { name: t('pl', 'pwa.offline.retry') }).click(),
    ]);
    await waitForHydration(page);
    expect(await page.locator('html').getAttribute('data-offline')).toBeNull();
    expect(await page.getByTestId('offline-notice').count()).toBe(0);
    await context.close();
  });

  it('a new version waits until "Reload", which activates it and reloads the page', async () => {
    const { context, page } = await phone('en');
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    await waitForServiceWorker(page);
    expect(await page.getByTestId('update-banner').count()).toBe(0);

    // A new build: the service worker's bytes change; the browser finds it at its next check.
    const swFile = path.join(webCopy, 'dist', 'sw.js');
    await fs.appendFile(swFile, `\n// version ${Date.now()}\n`);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const banner = page.getByTestId('update-banner');
    await banner.waitFor({ timeout: 20_000 });
    expect(await banner.locator('p').textContent()).toBe(t('en', 'pwa.update.available'));
    expect(
      await page.evaluate(() =>
        navigator.serviceWorker.getRegistration().then((r) => r?.waiting?.state),
      ),
    ).toBe('installed');

    await page.evaluate(
      () => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true),
    );
    await Promise.all([
      page.waitForEvent('load'),
      banner.getByRole('button', { name: t('en', 'pwa.update.reload') }).click(),
    ]);
    await waitForHydration(page);
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
    expect(
      await page.evaluate(() =>
        navigator.serviceWorker.getRegistration().then((r) => r?.waiting === null),
      ),
    ).toBe(true);
    expect(await page.getByTestId('update-banner').count()).toBe(0);
    await context.close();
  });
});

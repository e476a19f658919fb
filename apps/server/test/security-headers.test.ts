import { productionSettings } from './helpers/production-env';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPackageList } from '@printomat/shared';
import { tileSourceOf } from '../src/http/security-headers';
import { confirmedUser, createListeningShop } from './helpers/payments';
import { createTestApp, type TTestApp } from './helpers/test-app';

/** The built web app (`npm run build`); the pre-rendered pages are only checked when it exists. */
const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');
const hasWeb =
  fs.existsSync(path.join(WEB_DIST, 'index.html')) &&
  fs.existsSync(path.join(WEB_DIST, '../dist-ssr/entry-server.js'));

let t: TTestApp;
let origin: string;
let packageM: TPackageList['packages'][number];

beforeAll(async () => {
  ({ t, origin, packageM } = await createListeningShop((at) => ({
    PAYMENT_SANDBOX_WEBHOOK_URL: `${at}/api/payments/webhooks/sandbox`,
    PAYMENT_WEBHOOK_SECRET: 'test-sandbox-secret-0123456789',
    // Without SMTP the development mailbox is served: one more server-rendered page.
    SMTP_URL: '',
    MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
    ...(hasWeb ? { WEB_DIST_DIR: WEB_DIST } : {}),
  })));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

type THeaders = Record<string, string | string[] | number | undefined> | Headers;
const header = (headers: THeaders, name: string): string | undefined => {
  const value = headers instanceof Headers ? headers.get(name) : headers[name];
  return value === undefined || value === null ? undefined : String(value);
};

/** The policy as directive → sources. */
function csp(headers: THeaders): Map<string, string[]> {
  const value = header(headers, 'content-security-policy');
  expect(value, 'Content-Security-Policy').toBeTruthy();
  return new Map(
    (value ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

const nonceOf = (headers: THeaders): string => {
  const source = csp(headers)
    .get('script-src')
    ?.find((s) => s.startsWith("'nonce-"));
  expect(source, 'script-src nonce').toBeTruthy();
  return (source ?? '').slice("'nonce-".length, -1);
};

/** What every answer carries, whatever it is (page, JSON, error, file, stream). */
function expectSecurityHeaders(headers: THeaders, options: { docs?: boolean } = {}): void {
  const policy = csp(headers);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  const scripts = policy.get('script-src') ?? [];
  expect(scripts[0]).toBe("'self'");
  expect(scripts.some((s) => s.startsWith("'nonce-"))).toBe(true);
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  expect(policy.get('form-action')).toContain("'self'");
  const images = policy.get('img-src') ?? [];
  expect(images).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
  if (options.docs) {
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  } else {
    expect(images).toContain('https://*.tiles.example.org');
    expect(policy.get('style-src')).not.toContain("'unsafe-inline'");
  }
  expect(header(headers, 'x-frame-options')).toBe('DENY');
  expect(header(headers, 'x-content-type-options')).toBe('nosniff');
  expect(header(headers, 'referrer-policy')).toMatch(
    /^(strict-origin-when-cross-origin|no-referrer)$/,
  );
  // HSTS only in production (see below): on plain-HTTP development it would lock browsers out.
  expect(header(headers, 'strict-transport-security')).toBeUndefined();
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The answer's body, unpacked by its Content-Encoding. */
function bodyOf(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  return response.body;
}

describe('browser security headers', () => {
  it('are on API answers, 404s and errors', async () => {
    const health = await get('/healthz');
    expect(health.statusCode).toBe(200);
    expectSecurityHeaders(health.headers);

    const missing = await get('/api/no-such-thing');
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing.headers);

    // Refused before the handler (no CSRF token): the error path keeps them too.
    const refused = await t.app.inject({ method: 'POST', url: '/api/payments', payload: {} });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expectSecurityHeaders(refused.headers);

    // A body that is not JSON: a parser error, raised before any route code.
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expectSecurityHeaders(broken.headers);
  });

  it('use a fresh nonce per answer', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i += 1) nonces.add(nonceOf((await get('/healthz')).headers));
    expect(nonces.size).toBe(5);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });

  it('relax only styles for the Swagger UI, and cover its files', async () => {
    const docs = await get('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expectSecurityHeaders(docs.headers, { docs: true });
    const css = await get('/api/docs/static/swagger-ui.css');
    expect(css.statusCode).toBe(200);
    expectSecurityHeaders(css.headers, { docs: true });
  });

  it('are on the sandbox payment page, whose inline style carries the nonce', async () => {
    const { agent } = await confirmedUser(t);
    const started = await agent.post('/api/payments', {
      package_id: packageM.id,
      method: 'card',
      idempotency_key: `csp-${Date.now()}`,
    });
    expect(started.statusCode).toBe(201);
    const page = await get(new URL(started.json<{ redirect_url: string }>().redirect_url).pathname);
    expect(page.statusCode).toBe(200);
    expectSecurityHeaders(page.headers);
    // The payment page keeps its stricter referrer rule: its address holds the session token.
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const styles = [...page.body.matchAll(/<style([^>]*)>/g)].map((m) => m[1]);
    expect(styles).toEqual([` nonce="${nonceOf(page.headers)}"`]);
    expect(page.body).not.toMatch(/<script/);
  });

  it('are on the development mailbox, whose inline style carries the nonce', async () => {
    const mailbox = await get('/dev/mailbox');
    expect(mailbox.statusCode).toBe(200);
    expectSecurityHeaders(mailbox.headers);
    expect(mailbox.body).toContain(`<style nonce="${nonceOf(mailbox.headers)}">`);
  });

  it('are on the event stream, which is neither compressed nor held back', async () => {
    const { agent } = await confirmedUser(t);
    const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const controller = new AbortController();
    const started = Date.now();
    const response = await fetch(`${origin}/ajax/printjobs/events`, {
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
      signal: controller.signal,
    });
    try {
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(response.headers.get('content-encoding')).toBeNull();
      expectSecurityHeaders(response.headers);
      // The first event arrives at once, not when some buffer fills.
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toContain('event: ready');
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      controller.abort();
    }
  });
});

describe('compression', () => {
  it('packs a large JSON answer with gzip or brotli, as the client accepts', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(10_000);

    const gzip = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(bodyOf(gzip))).toEqual(plain.json());
    expectSecurityHeaders(gzip.headers, { docs: true });

    const br = await get('/api/docs/json', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(bodyOf(br))).toEqual(plain.json());
  });

  it('leaves small answers alone', async () => {
    const health = await get('/healthz', { 'accept-encoding': 'gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe.skipIf(!hasWeb)('the built web app', () => {
  it('pre-renders public pages with the answer’s nonce on the state script', async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const page = await get('/', { accept: 'text/html', 'accept-encoding': 'gzip' });
      expect(page.statusCode).toBe(200);
      expectSecurityHeaders(page.headers);
      expect(page.headers['content-encoding']).toBe('gzip');
      const html = bodyOf(page);
      const nonce = nonceOf(page.headers);
      const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? '');
      const inline = scripts.filter((attrs) => !/\ssrc=/.test(attrs));
      // The only inline script is the state, and it carries this answer's nonce.
      expect(inline).toEqual([` type="application/json" id="printomat-ssr-data" nonce="${nonce}"`]);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('covers the app shell, pages served by the not-found handler, and static files', async () => {
    const shell = await get('/print', { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(shell.statusCode).toBe(200);
    expectSecurityHeaders(shell.headers);
    expect(shell.headers['content-encoding']).toBe('gzip');
    expect(bodyOf(shell)).toContain('<div id="root">');

    const script = /src="(\/assets\/[^"]+\.js)"/.exec(bodyOf(shell))?.[1];
    expect(script).toBeTruthy();
    const asset = await get(script as string, { 'accept-encoding': 'gzip' });
    expect(asset.statusCode).toBe(200);
    expectSecurityHeaders(asset.headers);
    expect(asset.headers['content-encoding']).toBe('gzip');

    const css = /href="(\/assets\/[^"]+\.css)"/.exec(bodyOf(shell))?.[1];
    const style = await get(css as string, { 'accept-encoding': 'br' });
    expect(style.headers['content-encoding']).toBe('br');
  });
});

describe('in production', () => {
  it('adds HSTS', async () => {
    const prod = await createTestApp({
      ...productionSettings(),
      PUBLIC_URL: 'https://print.example.org',
    });
    try {
      const health = await prod.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const missing = await prod.app.inject({ method: 'GET', url: '/nothing-here' });
      expect(missing.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect(missing.headers['x-frame-options']).toBe('DENY');
    } finally {
      await prod.close();
    }
  });
});

describe('tile source of MAP_TILE_URL', () => {
  it('allows exactly the tile host, with subdomain placeholders as a wildcard', () => {
    expect(tileSourceOf('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileSourceOf('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.example.org',
    );
    expect(tileSourceOf('http://localhost:8080/tiles/{z}/{x}/{y}.png')).toBe(
      'http://localhost:8080',
    );
    expect(tileSourceOf('https://tiles-{s}.example.org/{z}/{x}/{y}.png')).toBe(
      'https://*.example.org',
    );
    expect(tileSourceOf('https://{s}.example/{z}/{x}/{y}.png')).toBe('https:');
  });
});

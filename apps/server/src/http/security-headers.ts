import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../config';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * This response's Content-Security-Policy nonce: every inline `<script>` and `<style>` the
     * server writes into HTML carries it as `nonce="…"`. Fresh per response.
     */
    cspNonce: string;
  }
}

/** Swagger UI (`@fastify/swagger-ui`) lives here; see `docsPolicy`. */
const DOCS_PREFIX = '/api/docs';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Nonces are cut from a pool of random bytes filled 4 KiB at a time: one `randomBytes` call per
 * request cost about a tenth of a cheap poll's time (issue 19). Each nonce is still 16 fresh bytes
 * from the CSPRNG, never reused.
 */
const NONCE_BYTES = 16;
const NONCE_POOL_BYTES = 4096;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;

function nextCspNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_POOL_BYTES);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/**
 * The CSP source that lets Leaflet load tiles from `MAP_TILE_URL`: its scheme, host and port.
 * A placeholder in the host (`https://{s}.tile.example/…`) becomes a `*.` wildcard, the only
 * wildcard CSP allows in a host; a host CSP cannot express falls back to the scheme.
 */
export function tileSourceOf(tileUrl: string): string {
  const match = /^(https?):\/\/([^/?#]+)/.exec(tileUrl);
  if (!match) return '';
  const [, scheme, host] = match as unknown as [string, string, string];
  if (!host.includes('{')) return `${scheme}://${host}`;
  const labels = host.split('.');
  let last = -1;
  labels.forEach((label, i) => {
    if (label.includes('{')) last = i;
  });
  const rest = labels.slice(last + 1).join('.');
  // `{s}.example.org` → `*.example.org`; a placeholder in the last label (or the port) cannot be.
  if (last === labels.length - 1 || rest.includes('{') || !rest.includes('.')) return `${scheme}:`;
  return `${scheme}://*.${rest}`;
}

interface TPolicyInputs {
  nonce: string;
  tiles: string;
  formTargets: string;
}

/**
 * The app's policy. Scripts: our files and inline scripts with this response's nonce (the
 * pre-rendered state, the SMS sandbox's form script), never `unsafe-inline` or `eval`.
 * Styles: our files and nonce'd `<style>` elements; `style` attributes are allowed
 * (`style-src-attr`) because React writes them into server-rendered markup and Leaflet into
 * the map; an attribute cannot select other elements, so it cannot read the page the way an
 * injected `<style>` could. Nothing may frame us (payment and print pages: clickjacking).
 */
function appPolicy({ nonce, tiles, formTargets }: TPolicyInputs): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "script-src-attr 'none'",
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    // blob: previews of a picked file (the admin's printer photo) before it is uploaded.
    `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ''}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${formTargets}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Swagger UI (`/api/docs`) loads only its own files, but its bundle injects `<style>` elements
 * that cannot carry our nonce: styles are relaxed to `unsafe-inline` there, and only there (no
 * script rule is relaxed). It is a developer page without any person's data.
 */
function docsPolicy(inputs: TPolicyInputs): string {
  return appPolicy(inputs).replace(
    /style-src 'self' 'nonce-[^']+'/,
    "style-src 'self' 'unsafe-inline'",
  );
}

/**
 * Browser security headers on every answer: pages, API, static files, errors, 404s, the
 * payment sandbox's pages and the event stream. Set in `onRequest` directly on the raw
 * response, so they survive `reply.hijack()` (the SSE route writes its own head, the poll fast
 * lane its 304) and error replies; a route may still override one with `reply.header` (the
 * sandbox payment pages send `Referrer-Policy: no-referrer`).
 *
 * The policy is built once around a placeholder and only the nonce is put in per response: it
 * runs on every request, the cheap polls included (issue 19).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: TConfig): void {
  const tiles = tileSourceOf(config.mapTiles.url);
  // Sandbox forms post to us; their answer redirects to PUBLIC_URL, which may be another host
  // name of this server (behind a proxy), and browsers check form-action along redirects.
  const publicOrigin = new URL(config.publicUrl).origin;
  const formTargets = `'self' ${publicOrigin}`;
  const PLACEHOLDER = '\u0000nonce\u0000';
  const inputs = { nonce: PLACEHOLDER, tiles, formTargets };
  const appParts = appPolicy(inputs).split(PLACEHOLDER);
  const docsParts = docsPolicy(inputs).split(PLACEHOLDER);
  const withNonce = (parts: string[], nonce: string) => parts.join(nonce);
  app.decorateReply('cspNonce', '');
  app.addHook('onRequest', (request, reply, done) => {
    const nonce = nextCspNonce();
    reply.cspNonce = nonce;
    const res = reply.raw;
    const url = request.url;
    const isDocs =
      url.startsWith(DOCS_PREFIX) &&
      (url.length === DOCS_PREFIX.length || '/?'.includes(url[DOCS_PREFIX.length]!));
    res.setHeader('content-security-policy', withNonce(isDocs ? docsParts : appParts, nonce));
    res.setHeader('x-frame-options', 'DENY');
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
    // Only where the site is served over https for good: a browser remembers it for a year.
    if (config.isProduction) res.setHeader('strict-transport-security', HSTS);
    done();
  });
}

import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import {
  DEVICE_SESSION_MINUTES,
  MAX_USAGE_PAGES_PER_REPORT,
  SCAN_UPLOAD_GRACE_MINUTES,
  ZDeviceAction,
  type TDeviceAuthorization,
} from '@printomat/shared';
import { ScanError, type TDeviceLink, type TDeviceScanner, type TScanFailure } from './types.js';

/**
 * The panel gateway: a small local HTTP API the device's panel app calls to let a person copy or
 * scan with their ID and PIN. It listens on 127.0.0.1 by default (PANEL_LISTEN) and answers only
 * requests carrying the shared panel key (PANEL_KEY) in the `X-Panel-Key` header.
 *
 *   POST   /panel/sessions               {uid, pin, action}  -> the server's authorisation
 *   POST   /panel/sessions/:id/copies    {colorPages, monoPages, reportId?} -> {charged,
 *                                        remainingPages} (202 {queued: true} when the server does
 *                                        not answer in time: the report is kept and sent until
 *                                        acknowledged). `reportId` (a UUID the panel makes per
 *                                        report and sends again on every retry) makes a retry
 *                                        the same report: charged once. Copies for a session
 *                                        this gateway does not know (the agent restarted) are
 *                                        reported all the same: the server decides.
 *   POST   /panel/sessions/:id/scan      {colorMode?, resolution?, source?} -> {pages, scanId}
 *   DELETE /panel/sessions/:id           signs the person out (204)
 *
 * Errors are JSON `{error, message}`: 400 bad_request, 401 unauthorized, 404 not_found /
 * unknown_session, 409 wrong_action / session_ended / busy, 413 too_large / too_many_pages, 422
 * no_pages, 502 scanner_unreachable / scanner_error / upload_failed, 503 scanner_busy /
 * no_scanner.
 */
export const PANEL_KEY_HEADER = 'x-panel-key';
/** The scan upload's id (one per scan, the same on each retry): the server stores it once. */
export const SCAN_UPLOAD_ID_HEADER = 'x-scan-upload-id';
export const DEFAULT_PANEL_LISTEN = '127.0.0.1:7631';

export interface TPanelLog {
  info(msg: string, details?: Record<string, unknown>): void;
  warn(msg: string, details?: Record<string, unknown>): void;
  error(msg: string, details?: Record<string, unknown>): void;
}

export interface TPanelGatewayOptions {
  link: TDeviceLink;
  /** Absent: the device does not scan here (scan sessions are refused as not_supported). */
  scanner?: TDeviceScanner;
  panelKey: string;
  /** host:port (default 127.0.0.1:7631; port 0 picks a free one). */
  listen?: string;
  log?: TPanelLog;
  authorizeTimeoutMs?: number;
  ackTimeoutMs?: number;
  /** Longest an upload may take. */
  uploadTimeoutMs?: number;
  /** Pause between upload attempts is this times 2^attempt (default 500 ms). */
  uploadRetryMs?: number;
}

const MAX_BODY_BYTES = 4 * 1024;
/** Sessions kept in memory at most (a panel serves one person at a time). */
const MAX_SESSIONS = 200;
const UPLOAD_ATTEMPTS = 3;

const ZSignIn = z.object({
  uid: z.string().regex(/^\d{1,16}$/, 'uid: the numeric ID, digits only'),
  pin: z.string().regex(/^\d{1,16}$/, 'pin: digits only'),
  action: ZDeviceAction,
});
const ZCopies = z
  .object({
    colorPages: z.number().int().min(0).max(MAX_USAGE_PAGES_PER_REPORT),
    monoPages: z.number().int().min(0).max(MAX_USAGE_PAGES_PER_REPORT),
    reportId: z.string().uuid('reportId: a UUID (the same on every retry)').optional(),
  })
  .refine((c) => c.colorPages + c.monoPages > 0, 'no pages copied')
  // The server charges no report above this: a larger one is refused here, not lost there.
  .refine(
    (c) => c.colorPages + c.monoPages <= MAX_USAGE_PAGES_PER_REPORT,
    `at most ${MAX_USAGE_PAGES_PER_REPORT} pages in one report: report larger runs in parts`,
  );
const ZScanBody = z.object({
  colorMode: z.enum(['color', 'grayscale']).optional(),
  resolution: z.number().int().min(75).max(1200).optional(),
  source: z.enum(['platen', 'feeder']).optional(),
});

type TGranted = Extract<TDeviceAuthorization, { ok: true }>;
interface TSession {
  auth: TGranted;
  /** Local clock: when the session may no longer start anything. */
  expiresAt: number;
  ended: boolean;
  scanning: boolean;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const SCAN_STATUS: Record<TScanFailure, number> = {
  scanner_unreachable: 502,
  scanner_error: 502,
  scanner_busy: 503,
  too_large: 413,
  too_many_pages: 413,
  no_pages: 422,
};

const silent: TPanelLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether a PANEL_LISTEN host is only reachable from this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** host:port from PANEL_LISTEN; throws on a malformed value. */
export function parseListen(value: string): { host: string; port: number } {
  const m = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(value.trim());
  const port = m ? Number(m[2]) : NaN;
  if (!m || port > 65_535) throw new Error(`not host:port: ${value}`);
  return { host: (m[1] as string).replace(/^\[|\]$/g, ''), port };
}

export class PanelGateway {
  private server: http.Server | undefined;
  private readonly sessions = new Map<number, TSession>();
  private readonly log: TPanelLog;
  private readonly key: Buffer;
  private readonly aborter = new AbortController();
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: TPanelGatewayOptions) {
    if (options.panelKey.length < 16)
      throw new Error('the panel key must be 16 characters or more');
    this.key = digest(options.panelKey);
    this.log = options.log ?? silent;
  }

  /** Starts listening; answers the address (the port when 0 was asked). */
  async start(): Promise<{ host: string; port: number; url: string }> {
    const { host, port } = parseListen(this.options.listen ?? DEFAULT_PANEL_LISTEN);
    const server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    const address = server.address() as AddressInfo;
    const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return { host: address.address, port: address.port, url: `http://${shown}:${address.port}` };
  }

  /**
   * Starts listening, and when that fails (the port taken, an address not on this machine) logs
   * it and tries again every `retryMs` until it works or the gateway is stopped: printing must
   * not depend on the panel. Answers the address, or undefined when the first attempt failed.
   */
  async keepStarting(
    options: { retryMs?: number; onStarted?: (url: string) => void } = {},
  ): Promise<{ host: string; port: number; url: string } | undefined> {
    const retryMs = options.retryMs ?? 60_000;
    const attempt = async () => {
      this.retryTimer = undefined;
      if (this.stopped) return undefined;
      try {
        const address = await this.start();
        if (this.stopped) {
          await this.stop();
          return undefined;
        }
        options.onStarted?.(address.url);
        return address;
      } catch (err) {
        this.log.error(
          'the panel gateway cannot listen: copying and scanning with ID + PIN are off until it can (printing goes on)',
          {
            PANEL_LISTEN: this.options.listen ?? DEFAULT_PANEL_LISTEN,
            error: err instanceof Error ? err.message : String(err),
            retryInSeconds: Math.round(retryMs / 1000),
          },
        );
        this.retryTimer = setTimeout(() => void attempt(), retryMs);
        this.retryTimer.unref?.();
        return undefined;
      }
    };
    return attempt();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.aborter.abort();
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const send = (status: number, body?: unknown) => {
      if (res.headersSent) return;
      res.statusCode = status;
      res.setHeader('cache-control', 'no-store');
      if (body === undefined) {
        res.end();
        return;
      }
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(JSON.stringify(body));
    };
    try {
      const given = req.headers[PANEL_KEY_HEADER];
      if (typeof given !== 'string' || !timingSafeEqual(digest(given), this.key))
        throw new HttpError(401, 'unauthorized', 'missing or wrong panel key');
      const url = new URL(req.url ?? '/', 'http://panel');
      const path = url.pathname.replace(/\/+$/, '');
      const method = req.method ?? 'GET';
      if (path === '/panel/sessions' && method === 'POST')
        return send(200, await this.signIn(await readJson(req)));
      const m = /^\/panel\/sessions\/(\d{1,12})(\/copies|\/scan)?$/.exec(path);
      if (m) {
        const id = Number(m[1]);
        if (!m[2] && method === 'DELETE') {
          await drain(req);
          this.signOut(id);
          return send(204);
        }
        if (m[2] === '/copies' && method === 'POST') {
          const body = parse(ZCopies, await readJson(req));
          const { status, answer } = await this.copies(id, body);
          return send(status, answer);
        }
        if (m[2] === '/scan' && method === 'POST')
          return send(200, await this.scan(id, parse(ZScanBody, await readJson(req))));
      }
      await drain(req);
      throw new HttpError(404, 'not_found', 'no such panel endpoint');
    } catch (err) {
      if (err instanceof HttpError)
        return send(err.status, { error: err.code, message: err.message });
      this.log.error('panel request failed', {
        error: err instanceof Error ? err.message : String(err),
      });
      send(500, { error: 'internal', message: 'the agent failed; see its log' });
    }
  }

  private async signIn(raw: unknown) {
    const { uid, pin, action } = parse(ZSignIn, raw);
    // Nothing to scan with here: no need to ask the server.
    if (action === 'scan' && !this.options.scanner)
      return { ok: false as const, reason: 'not_supported' as const };
    const result = await this.options.link.authorize(
      { uid, pin, action },
      this.options.authorizeTimeoutMs ?? 10_000,
    );
    if (!result.ok) {
      this.log.info('panel sign-in refused', { action, reason: result.reason });
      return result;
    }
    if (result.action === 'scan' && !result.uploadPath) {
      this.log.error('the server granted a scan session without an upload path', {
        sessionId: result.sessionId,
      });
      this.options.link.endSession(result.sessionId);
      return { ok: false as const, reason: 'unavailable' as const };
    }
    this.prune();
    this.sessions.set(result.sessionId, {
      auth: result,
      expiresAt: Date.now() + DEVICE_SESSION_MINUTES * 60_000,
      ended: false,
      scanning: false,
    });
    this.log.info('panel session started', { sessionId: result.sessionId, action });
    // The upload path carries a token: it stays in the agent.
    return {
      ok: true as const,
      sessionId: result.sessionId,
      action: result.action,
      remainingPages: result.remainingPages,
      colorAllowed: result.colorAllowed,
      expiresAt: result.expiresAt,
    };
  }

  private session(id: number, action: 'copy' | 'scan'): TSession {
    const session = this.sessions.get(id);
    if (!session) throw new HttpError(404, 'unknown_session', 'no such session at this panel');
    if (session.auth.action !== action)
      throw new HttpError(409, 'wrong_action', `this session is for ${session.auth.action}ing`);
    return session;
  }

  private async copies(
    id: number,
    copies: z.infer<typeof ZCopies>,
  ): Promise<{ status: number; answer: unknown }> {
    // Copies are reported after they were made, also just after the session ended or expired,
    // and for a session this gateway no longer knows (the agent restarted, the session was
    // forgotten): the pages are on paper, so the server decides what it charges.
    const session = this.sessions.get(id);
    if (session && session.auth.action !== 'copy')
      throw new HttpError(409, 'wrong_action', `this session is for ${session.auth.action}ing`);
    if (!session)
      this.log.info('copies for a session this gateway does not know: reported', { sessionId: id });
    const { reportId, acknowledged } = this.options.link.reportCopies({ sessionId: id, ...copies });
    const ack = await Promise.race([
      acknowledged,
      sleep(this.options.ackTimeoutMs ?? 10_000).then(() => undefined),
    ]);
    if (!ack) {
      this.log.warn('copy report not acknowledged yet: kept and sent again', { reportId });
      return { status: 202, answer: { queued: true, reportId } };
    }
    if (session && ack.remainingPages !== undefined)
      session.auth.remainingPages = ack.remainingPages;
    return {
      status: 200,
      answer: {
        reportId,
        charged: ack.charged ?? null,
        remainingPages: ack.remainingPages ?? null,
      },
    };
  }

  private async scan(id: number, request: z.infer<typeof ZScanBody>) {
    const session = this.session(id, 'scan');
    const scanner = this.options.scanner;
    if (!scanner) throw new HttpError(503, 'no_scanner', 'this agent has no scanner configured');
    if (session.ended) throw new HttpError(409, 'session_ended', 'the session has ended');
    if (Date.now() > session.expiresAt)
      throw new HttpError(409, 'session_ended', 'the session has expired: sign in again');
    if (session.scanning) throw new HttpError(409, 'busy', 'a scan is under way in this session');
    session.scanning = true;
    try {
      const scanRequest = {
        ...(request.colorMode ? { colorMode: request.colorMode } : {}),
        ...(request.resolution ? { resolution: request.resolution } : {}),
        ...(request.source ? { source: request.source } : {}),
      };
      let result;
      try {
        result = await scanner.scan(scanRequest, { signal: this.aborter.signal });
      } catch (err) {
        if (err instanceof ScanError) {
          this.log.warn('scan failed', { sessionId: id, code: err.code, error: err.message });
          throw new HttpError(SCAN_STATUS[err.code], err.code, err.message);
        }
        throw err;
      }
      const scanId = await this.upload(session, result.pdf);
      this.log.info('scan delivered', { sessionId: id, pages: result.pages, scanId });
      return { pages: result.pages, scanId };
    } finally {
      session.scanning = false;
    }
  }

  /** POSTs the PDF to the session's upload path; network trouble and 5xx are tried again. */
  private async upload(session: TSession, pdf: Buffer): Promise<number | null> {
    const url = new URL(session.auth.uploadPath as string, this.options.link.serverUrl);
    // The same id on every attempt: an upload the server stored but whose answer was lost is
    // not stored (and mailed) a second time.
    const uploadId = randomUUID();
    let last = '';
    for (let attempt = 1; attempt <= UPLOAD_ATTEMPTS; attempt++) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/pdf', [SCAN_UPLOAD_ID_HEADER]: uploadId },
          body: new Uint8Array(pdf),
          signal: AbortSignal.any([
            this.aborter.signal,
            AbortSignal.timeout(this.options.uploadTimeoutMs ?? 120_000),
          ]),
        });
        const text = await response.text();
        if (response.ok) return scanIdOf(text);
        last = `the server answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
        if (response.status < 500) break;
      } catch (err) {
        last = err instanceof Error ? err.message : String(err);
        if (this.aborter.signal.aborted) break;
      }
      if (attempt < UPLOAD_ATTEMPTS)
        await sleep((this.options.uploadRetryMs ?? 500) * 2 ** attempt);
    }
    this.log.error('scan upload failed', { sessionId: session.auth.sessionId, error: last });
    throw new HttpError(502, 'upload_failed', `the scan could not be delivered (${last})`);
  }

  private signOut(id: number): void {
    const session = this.sessions.get(id);
    if (!session) throw new HttpError(404, 'unknown_session', 'no such session at this panel');
    if (session.ended) return;
    session.ended = true;
    this.options.link.endSession(id);
    this.log.info('panel session ended', { sessionId: id });
  }

  /** Forgets sessions past any use (a scan's upload grace included), and the oldest beyond the bound. */
  private prune(): void {
    const old = Date.now() - SCAN_UPLOAD_GRACE_MINUTES * 60_000;
    for (const [id, s] of this.sessions) if (s.expiresAt < old) this.sessions.delete(id);
    while (this.sessions.size >= MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value as number;
      this.sessions.delete(oldest);
    }
  }
}

function parse<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new HttpError(
      400,
      'bad_request',
      parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    );
  return parsed.data;
}

async function drain(req: http.IncomingMessage): Promise<void> {
  for await (const chunk of req) void chunk;
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'too_large', 'request body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'bad_request', 'the body is not JSON');
  }
}

/** The scan's id from the server's answer ({id}, {scanId} or {scan: {id}}), when it says. */
function scanIdOf(text: string): number | null {
  try {
    const body = JSON.parse(text) as Record<string, unknown> | null;
    const candidates = [body?.scanId, body?.id, (body?.scan as Record<string, unknown>)?.id];
    const found = candidates.find((c) => typeof c === 'number' && Number.isInteger(c));
    return (found as number | undefined) ?? null;
  } catch {
    return null;
  }
}

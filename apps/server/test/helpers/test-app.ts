import { checkLedger } from '../../src/modules/payments/ledger-check';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { TAppContext } from '../../src/context';
import { closeContext, createContext } from '../../src/create-context';
import { pino } from 'pino';
import { createTestDatabase } from './database';
import type { TDatabase } from '../../src/db/database';
import { createLocalEventBus, createPostgresEventBus } from '../../src/realtime/event-bus';
import { SmtpCatcher } from './smtp';
import { multipartBody } from './fixtures';

export const TEST_PUBLIC_URL = 'http://printomat.test';

export interface TTestApp {
  app: FastifyInstance;
  ctx: TAppContext;
  smtp: SmtpCatcher;
  close(): Promise<void>;
}

/** The real app on a fresh database, with a real SMTP listener on loopback. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { database?: TDatabase } = {},
): Promise<TTestApp> {
  const smtp = new SmtpCatcher();
  const smtpUrl = await smtp.start();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    SMTP_URL: smtpUrl,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // Tests change users and sessions straight in the database, which announces nothing: the
    // session cache is off unless a test (test/session-cache.test.ts) or the run
    // (TEST_SESSION_CACHE_SECONDS) turns it on.
    SESSION_CACHE_SECONDS: process.env.TEST_SESSION_CACHE_SECONDS ?? '0',
    // Likewise the per-person poll answers (test/poll-cache.test.ts turns them on;
    // TEST_POLL_CACHE_SECONDS turns them on everywhere, to find changes that announce nothing).
    POLL_CACHE_SECONDS: process.env.TEST_POLL_CACHE_SECONDS ?? '0',
    ...env,
  });
  const database = options.database ?? (await createTestDatabase());
  const log = pino({ level: 'silent' });
  // On PostgreSQL, events travel by LISTEN/NOTIFY as in production.
  const events =
    database.kind === 'postgres' && database.url
      ? await createPostgresEventBus(database.url, log)
      : createLocalEventBus();
  const ctx = await createContext(config, {
    database: options.database ? { ...database, close: () => Promise.resolve() } : database,
    log,
    workerIdleMs: 100,
    events,
  });
  const app = await buildApp(ctx);
  await app.ready();
  ctx.worker.start();
  return {
    app,
    ctx,
    smtp,
    async close() {
      // Whatever the file did, its pages ledger must still add up (issue 7's "after the whole
      // suite"): every integration test database is checked before it is thrown away.
      const problems = await checkLedger(ctx.db);
      await app.close();
      await closeContext(ctx);
      await smtp.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
      if (problems.length > 0)
        throw new Error(`pages ledger inconsistent: ${JSON.stringify(problems, null, 2)}`);
    },
  };
}

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/** A browser-like client over app.inject: keeps cookies and sends the CSRF header like the web app. */
export class TestAgent {
  readonly cookies = new Map<string, string>();
  origin: string | undefined = TEST_PUBLIC_URL;
  acceptLanguage: string | undefined;
  /** The client address the server sees (default 127.0.0.1), for per-address limits. */
  remoteAddress: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  get csrfToken(): string | undefined {
    return this.cookies.get('csrf_token');
  }

  async request(
    method: TMethod,
    url: string,
    body?: unknown,
    options: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    if (options.csrf !== false && method !== 'GET' && method !== 'HEAD' && !this.csrfToken) {
      await this.request('GET', '/api/session');
    }
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (options.csrf !== false && this.csrfToken && method !== 'GET')
      headers['x-csrf-token'] = this.csrfToken;
    if (this.origin && method !== 'GET' && method !== 'HEAD') headers.origin = this.origin;
    if (this.acceptLanguage) headers['accept-language'] = this.acceptLanguage;
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      ...(body === undefined
        ? {}
        : typeof body === 'string'
          ? { payload: body }
          : { payload: body as object }),
    });
    for (const cookie of response.cookies) {
      const expired =
        cookie.maxAge === 0 ||
        (cookie.expires instanceof Date && cookie.expires.getTime() < Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  /** Uploads one file as multipart/form-data, like the uploader does. */
  upload(url: string, fileName: string, content: Buffer, field = 'file') {
    const body = multipartBody(field, fileName, content);
    return this.request('POST', url, body.payload, {
      headers: { 'content-type': body.contentType },
    });
  }

  get(url: string, options?: { headers?: Record<string, string> }) {
    return this.request('GET', url, undefined, options);
  }
  post(
    url: string,
    body?: unknown,
    options?: { csrf?: boolean; headers?: Record<string, string> },
  ) {
    return this.request('POST', url, body ?? {}, options);
  }
  put(url: string, body?: unknown, options?: { csrf?: boolean; headers?: Record<string, string> }) {
    return this.request('PUT', url, body ?? {}, options);
  }
  delete(url: string, options?: { csrf?: boolean; headers?: Record<string, string> }) {
    return this.request('DELETE', url, undefined, options);
  }
}

let counter = 0;
/** A unique address per call, so tests in one file never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export async function registerAndSignIn(
  agent: TestAgent,
  email = uniqueEmail(),
  password = 'correct horse battery',
): Promise<{ email: string; password: string; id: number }> {
  const response = await agent.post('/api/auth/register', {
    email,
    email_confirmation: email,
    password,
    password_confirmation: password,
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { email, password, id: response.json<{ user: { id: number } }>().user.id };
}

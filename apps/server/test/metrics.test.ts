import fs from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { pino } from 'pino';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAgentPrinterStatus } from '@printomat/shared';
import { ConfigError, loadConfig } from '../src/config';
import { closeContext } from '../src/create-context';
import { registerErrorHandler } from '../src/http/error-handler';
import { registerMetricsRoute, startMetricsServer } from '../src/http/metrics';
import { createMetrics } from '../src/lib/metrics';
import type { FileStorage } from '../src/modules/documents/storage';
import { createReadinessCheck, READY_REUSE_MS } from '../src/modules/health/health.service';
import { registerDatabaseMetrics } from '../src/modules/metrics/metrics.service';
import { enqueueJob } from '../src/modules/jobs/queue';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { reportFailed, reportPrinted } from '../src/modules/printjobs/release.service';
import { seedDemoData } from '../src/seed/seed';
import { seedPackages } from '../src/seed/packages-seed';
import { createTestDatabase } from './helpers/database';
import { makePdf } from './helpers/fixtures';
import { agentPrinterStatus } from './helpers/raw-agent';
import { productionSettings } from './helpers/production-env';
import { confirmedUser, notifySandboxPayment, personalPackageM } from './helpers/payments';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const ONLINE_CODE = '418273'; // Złote Tarasy in the demo data

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({
    METRICS_TOKEN: TOKEN,
    PAYMENT_WEBHOOK_SECRET: 'test-sandbox-secret-0123456789',
    // This file releases a few jobs from one address.
    RATE_LIMIT_CODE_PER_PERSON: '100/10m',
    RATE_LIMIT_CODE_PER_IP: '1000/10m',
    // Every scrape reads the database, so a change shows in the next one (the cache has a test).
    METRICS_CACHE_SECONDS: '0',
  });
  await seedDemoData(t.ctx.db);
  await seedPackages(t.ctx.db);
}, 60_000);
afterAll(() => t?.close());

/** One sample of the Prometheus text format: its name and labels, e.g. `printomat_printers{state="online"}`. */
type TSamples = Map<string, number>;

function parseSamples(text: string): TSamples {
  const samples: TSamples = new Map();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    samples.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return samples;
}

/** `name{a="x",b="y"}` with the labels in the order given (prom-client keeps declaration order). */
const sample = (name: string, labels: Record<string, string> = {}) => {
  const entries = Object.entries(labels);
  return entries.length === 0
    ? name
    : `${name}{${entries.map(([k, v]) => `${k}="${v}"`).join(',')}}`;
};

async function scrape(): Promise<{ text: string; samples: TSamples }> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return { text: response.body, samples: parseSamples(response.body) };
}

async function value(name: string, labels: Record<string, string> = {}): Promise<number> {
  return (await scrape()).samples.get(sample(name, labels)) ?? 0;
}

describe('GET /metrics on the main port', () => {
  it('needs the bearer token: none or a wrong one gets the ordinary 401, which shows nothing', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, TOKEN]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toEqual({ code: 'unauthorized', message: expect.any(String) });
      expect(response.body).not.toContain('printomat_');
      // No session work either: no cookie is set.
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const ok = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `bearer  ${TOKEN}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 like any unknown path when no METRICS_TOKEN is configured', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    registerMetricsRoute(app, createMetrics(), undefined);
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
    await app.close();
  });

  it('has the process metrics: event-loop delay, memory, CPU', async () => {
    const { samples } = await scrape();
    for (const name of [
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
    ])
      expect(samples.has(name), name).toBe(true);
  });

  it('counts requests per route pattern, method and status class, never by raw URL', async () => {
    const agent = new TestAgent(t.app);
    const route = { method: 'GET', route: '/api/printers/:id' };
    const count = (statusClass: string) =>
      value('printomat_http_request_duration_seconds_count', {
        ...route,
        status_class: statusClass,
      });
    const before = { ok: await count('2xx'), missing: await count('4xx') };
    const printerId = (
      await t.ctx.db.selectFrom('printers').select('id').orderBy('id').executeTakeFirstOrThrow()
    ).id;
    for (let i = 0; i < 3; i += 1)
      expect((await agent.get(`/api/printers/${printerId}`)).statusCode).toBe(200);
    expect((await agent.get('/api/printers/987654321?secret=abc')).statusCode).toBe(404);
    expect(await count('2xx')).toBe(before.ok + 3);
    expect(await count('4xx')).toBe(before.missing + 1);
    // Unmatched paths share one label.
    await agent.get('/no/such/path/4711');
    const { text, samples } = await scrape();
    expect(
      samples.get(
        sample('printomat_http_request_duration_seconds_count', {
          method: 'GET',
          route: '(unmatched)',
          status_class: '4xx',
        }),
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('987654321');
    expect(text).not.toContain('4711');
    expect(text).not.toContain('secret=abc');
    // The histogram has its buckets.
    expect(
      samples.get(
        sample('printomat_http_request_duration_seconds_bucket', {
          le: '+Inf',
          ...route,
          status_class: '2xx',
        }),
      ),
    ).toBe(before.ok + 3);
  });
});

/** A person with pages and a submitted job of `docPages` mono pages. */
async function submittedJob(docPages: number) {
  const agent = new TestAgent(t.app);
  const { id } = await registerAndSignIn(agent);
  await grantPages(t.ctx.db, { userId: id, source: 'package', pages: 50, validDays: 30 });
  expect(
    (await agent.upload('/ajax/documents/upload', 'doc.pdf', await makePdf(docPages))).statusCode,
  ).toBe(201);
  const job = (await agent.get('/ajax/printjobs/current')).json<{ id: number }>();
  expect(
    (await agent.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true })).statusCode,
  ).toBe(200);
  return { agent, jobId: job.id };
}

describe('metrics read from the database at scrape time', () => {
  it('shows printers online, in error and offline as the map does', async () => {
    const printers = await t.ctx.db
      .selectFrom('printers')
      .select(['id', 'direct_print_code'])
      .where('decommissioned_at', 'is', null)
      .where('is_enabled', '=', true)
      .where('maintenance_mode', '=', false)
      .orderBy('id')
      .execute();
    expect(printers.length).toBeGreaterThanOrEqual(3);
    const states = async () => {
      const { samples } = await scrape();
      return Object.fromEntries(
        ['online', 'waiting', 'error', 'offline', 'maintenance', 'disabled'].map((state) => [
          state,
          samples.get(sample('printomat_printers', { state })),
        ]),
      );
    };
    // Everything silent: offline.
    await t.ctx.db
      .updateTable('printers')
      .set({ agent_last_seen_at: null, agent_status: null })
      .execute();
    const silent = await states();
    expect(silent.online).toBe(0);
    expect(silent.error).toBe(0);
    const [first, second, third] = printers as [
      (typeof printers)[0],
      (typeof printers)[0],
      (typeof printers)[0],
    ];
    const seen = (id: number, report: TAgentPrinterStatus) =>
      t.ctx.db
        .updateTable('printers')
        .set({ agent_last_seen_at: new Date(), agent_status: JSON.stringify(report) })
        .where('id', '=', id)
        .execute();
    await seen(first.id, agentPrinterStatus({}));
    await seen(second.id, agentPrinterStatus({ state: 'stopped', reasons: ['media-jam-error'] }));
    await seen(third.id, agentPrinterStatus({ reasons: ['door-open-report'] }));
    const live = await states();
    expect(live).toEqual({
      ...silent,
      online: 1,
      error: 1,
      waiting: 1,
      offline: (silent.offline ?? 0) - 3,
    });
  });

  it('reflects a printed job, a failed one and the pages charged', async () => {
    await t.ctx.db
      .updateTable('printers')
      .set({ agent_last_seen_at: new Date(), agent_status: null })
      .where('direct_print_code', '=', ONLINE_CODE)
      .execute();
    const jobs = async () => {
      const { samples } = await scrape();
      return {
        printed: samples.get(sample('printomat_print_jobs', { state: 'printed' })),
        failed: samples.get(sample('printomat_print_jobs', { state: 'failed' })),
        scheduled: samples.get(sample('printomat_print_jobs', { state: 'scheduled' })),
        charged: samples.get('printomat_pages_charged_total'),
      };
    };
    const before = await jobs();
    expect(before.charged).toBeGreaterThanOrEqual(0);
    const printed = await submittedJob(4);
    const failed = await submittedJob(2);
    for (const { agent, jobId } of [printed, failed])
      expect(
        (await agent.post(`/ajax/printjobs/${jobId}/print_with_code`, { code: ONLINE_CODE }))
          .statusCode,
      ).toBe(200);
    const released = await jobs();
    expect(released.scheduled).toBe((before.scheduled ?? 0) + 2);
    // Reserved pages are not charged yet.
    expect(released.charged).toBe(before.charged);
    await reportPrinted(t.ctx, printed.jobId);
    await reportFailed(t.ctx, failed.jobId);
    expect(await jobs()).toEqual({
      printed: (before.printed ?? 0) + 1,
      failed: (before.failed ?? 0) + 1,
      scheduled: before.scheduled,
      charged: (before.charged ?? 0) + 4,
    });
    // Documents were processed meanwhile: their processing time is in the histogram.
    expect(
      await value('printomat_document_processing_seconds_count', { outcome: 'ready', type: 'pdf' }),
    ).toBeGreaterThanOrEqual(2);
  });

  it('counts payments by state', async () => {
    const count = async (state: string) => value('printomat_payments', { state });
    const before = { processing: await count('processing'), completed: await count('completed') };
    const { agent } = await confirmedUser(t);
    const started = await agent.post('/api/payments', {
      package_id: (await personalPackageM(t)).id,
      method: 'card',
      idempotency_key: `metrics-${Date.now()}`,
    });
    expect(started.statusCode).toBe(201);
    expect(await count('processing')).toBe(before.processing + 1);
    const payment = await t.ctx.db
      .selectFrom('payments')
      .select(['reference', 'provider_reference', 'amount_minor'])
      .where('reference', '=', started.json<{ reference: string }>().reference)
      .executeTakeFirstOrThrow();
    expect((await notifySandboxPayment(t, payment, 'payment.completed')).statusCode).toBe(200);
    expect({ processing: await count('processing'), completed: await count('completed') }).toEqual({
      processing: before.processing,
      completed: before.completed + 1,
    });
  });

  it('shows the job queue per kind: due, scheduled, and the age of the oldest due job', async () => {
    // A kind no process here handles, so nothing takes it off the queue during the test.
    const kind = 'metrics_test.unhandled';
    const job = { name: kind, schema: z.object({ n: z.number() }) };
    const now = Date.now();
    await enqueueJob(t.ctx.db, job, { n: 1 }, { runAt: new Date(now - 90_000) });
    await enqueueJob(t.ctx.db, job, { n: 2 }, { runAt: new Date(now - 10_000) });
    await enqueueJob(t.ctx.db, job, { n: 3 }, { runAt: new Date(now + 3_600_000) });
    const { samples } = await scrape();
    expect(samples.get(sample('printomat_jobs', { kind, state: 'due' }))).toBe(2);
    expect(samples.get(sample('printomat_jobs', { kind, state: 'scheduled' }))).toBe(1);
    expect(samples.get(sample('printomat_jobs', { kind, state: 'running' }))).toBe(0);
    const age = samples.get(sample('printomat_job_queue_oldest_age_seconds', { kind }));
    expect(age).toBeGreaterThanOrEqual(89);
    expect(age).toBeLessThan(300);
    await t.ctx.db.deleteFrom('jobs').where('name', '=', kind).execute();
    expect((await scrape()).samples.has(sample('printomat_jobs', { kind, state: 'due' }))).toBe(
      false,
    );
  });

  it('shows a registered kind without jobs at 0, so its series never disappears', async () => {
    const kind = 'metrics_test.idle';
    t.ctx.worker.register({ name: kind, schema: z.object({}) }, () => Promise.resolve());
    const { samples } = await scrape();
    for (const state of ['due', 'scheduled', 'running', 'failed'])
      expect(samples.get(sample('printomat_jobs', { kind, state })), state).toBe(0);
    expect(samples.get(sample('printomat_job_queue_oldest_age_seconds', { kind }))).toBe(0);
  });

  it('reads the database once per METRICS_CACHE_SECONDS, however many scrape', async () => {
    // The database metrics on a registry of their own, as an instance with the default cache.
    const metrics = createMetrics();
    registerDatabaseMetrics({
      ...t.ctx,
      metrics,
      config: { ...t.ctx.config, metrics: { ...t.ctx.config.metrics, cacheSeconds: 20 } },
    });
    const maintenance = async () =>
      parseSamples(await metrics.registry.metrics()).get(
        sample('printomat_printers', { state: 'maintenance' }),
      );
    const [first, second] = await Promise.all([maintenance(), maintenance()]);
    expect(second).toBe(first);
    const printer = await t.ctx.db
      .selectFrom('printers')
      .select('id')
      .where('decommissioned_at', 'is', null)
      .where('is_enabled', '=', true)
      .where('maintenance_mode', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('printers')
      .set({ maintenance_mode: true })
      .where('id', '=', printer.id)
      .execute();
    try {
      // The kept answer, while the main app (no cache) sees the change at once.
      expect(await maintenance()).toBe(first);
      expect(await value('printomat_printers', { state: 'maintenance' })).toBe((first ?? 0) + 1);
    } finally {
      await t.ctx.db
        .updateTable('printers')
        .set({ maintenance_mode: false })
        .where('id', '=', printer.id)
        .execute();
    }
  });
});

describe('metrics settings', () => {
  const production = {
    ...productionSettings(),
    SMTP_URL: 'smtp://mail.shop.test:587',
    DATA_DIR: '/nonexistent-printomat-data',
  };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
  };

  it('reads the token, the port and the host (loopback unless told)', () => {
    expect(loadConfig({}).metrics).toEqual({
      token: undefined,
      port: undefined,
      host: '127.0.0.1',
      cacheSeconds: 20,
    });
    expect(
      loadConfig({
        METRICS_TOKEN: TOKEN,
        METRICS_PORT: '9464',
        METRICS_HOST: '10.0.0.5',
        METRICS_CACHE_SECONDS: '0',
      }).metrics,
    ).toEqual({ token: TOKEN, port: 9464, host: '10.0.0.5', cacheSeconds: 0 });
    expect(problems({ METRICS_PORT: '70000' })[0]).toMatch(/^METRICS_PORT/);
    expect(problems({ METRICS_CACHE_SECONDS: '301' })[0]).toMatch(/^METRICS_CACHE_SECONDS/);
    expect(problems({ METRICS_TOKEN: 'short' })[0]).toMatch(/^METRICS_TOKEN/);
  });

  it('refuses a weak token in production, like every secret', () => {
    expect(problems(production)).toEqual([]);
    expect(problems({ ...production, METRICS_TOKEN: 'metrics-token-0123456789' })).toEqual([
      expect.stringMatching(/^METRICS_TOKEN: /),
    ]);
    expect(problems({ ...production, METRICS_TOKEN: 'k3J9x-Qp7Zr2Lw8Vn4Ht6Yc1Bm5Fd0Gs' })).toEqual(
      [],
    );
  });
});

describe('METRICS_PORT: a port of its own', () => {
  it('serves the same registry without a token, and nothing else', async () => {
    const server = await startMetricsServer(t.ctx.metrics, {
      port: 0,
      host: '127.0.0.1',
      log: pino({ level: 'silent' }),
    });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const response = await fetch(`${base}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const samples = parseSamples(await response.text());
      expect(samples.has(sample('printomat_printers', { state: 'online' }))).toBe(true);
      expect(samples.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
      expect((await fetch(`${base}/`)).status).toBe(404);
      expect((await fetch(`${base}/healthz`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('/healthz and /readyz', () => {
  it('answer without a session lookup and set no cookie', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: 'sid=not-a-session-token-but-looked-up-if-read' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok' },
    });
  });

  it('/readyz says which check failed (storage, then the database); /healthz stays 200 without a database', async () => {
    // An app of its own: its database is really closed at the end.
    const database = await createTestDatabase();
    const own = await createTestApp({}, { database });
    // /readyz reuses an answer for READY_REUSE_MS: each step waits that long for a fresh one.
    const get = async (url: string) => {
      if (url === '/readyz')
        await new Promise((resolve) => setTimeout(resolve, READY_REUSE_MS + 50));
      return own.app.inject({ method: 'GET', url });
    };
    let databaseClosed = false;
    try {
      expect((await get('/readyz')).statusCode).toBe(200);
      // Storage gone: its directory replaced by a file.
      const documents = path.join(own.ctx.config.dataDir, 'documents');
      await fs.rm(documents, { recursive: true, force: true });
      await fs.writeFile(documents, 'not a directory');
      const noStorage = await get('/readyz');
      expect(noStorage.statusCode).toBe(503);
      expect(noStorage.json()).toEqual({
        status: 'not_ready',
        checks: { database: 'ok', storage: 'failed' },
      });
      await fs.rm(documents);
      // A missing directory (a volume not mounted) fails as well, and the check does not make it.
      expect((await get('/readyz')).json()).toEqual({
        status: 'not_ready',
        checks: { database: 'ok', storage: 'failed' },
      });
      await expect(fs.stat(documents)).rejects.toMatchObject({ code: 'ENOENT' });
      await fs.mkdir(documents);
      expect((await get('/readyz')).statusCode).toBe(200);
      // The database closed (on PostgreSQL the test database is dropped as well).
      await own.ctx.worker.stop();
      await database.close();
      databaseClosed = true;
      const noDatabase = await get('/readyz');
      expect(noDatabase.statusCode).toBe(503);
      expect(noDatabase.json()).toEqual({
        status: 'not_ready',
        checks: { database: 'failed', storage: 'ok' },
      });
      const alive = await get('/healthz');
      expect(alive.statusCode).toBe(200);
      expect(alive.json()).toEqual({ status: 'ok', database: database.kind });
      // A scrape still answers: the database metrics are left out and the failures counted.
      const metricsServer = await startMetricsServer(own.ctx.metrics, {
        port: 0,
        host: '127.0.0.1',
        log: pino({ level: 'silent' }),
      });
      try {
        const response = await fetch(`http://127.0.0.1:${metricsServer.port}/metrics`);
        expect(response.status).toBe(200);
        const samples = parseSamples(await response.text());
        expect(samples.has(sample('printomat_printers', { state: 'online' }))).toBe(false);
        expect(
          samples.get(
            sample('printomat_metrics_collect_failures_total', { metric: 'printomat_printers' }),
          ),
        ).toBe(1);
        expect(samples.has('process_resident_memory_bytes')).toBe(true);
      } finally {
        await metricsServer.close();
      }
    } finally {
      // Not own.close(): its ledger check needs the database closed above.
      await own.app.close();
      await closeContext(own.ctx);
      await own.smtp.stop();
      await fs.rm(own.ctx.config.dataDir, { recursive: true, force: true });
      if (!databaseClosed) await database.close();
    }
  });
});

describe('the readiness check behind /readyz', () => {
  /** The app's context with a storage whose ping the test controls. */
  const withPing = (ping: () => Promise<void>) => ({
    ...t.ctx,
    storage: Object.assign(Object.create(t.ctx.storage) as FileStorage, { ping }),
  });

  it('runs one check for probes that arrive together and reuses its answer for a while', async () => {
    let pings = 0;
    const check = createReadinessCheck(
      withPing(async () => {
        pings += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }),
      { reuseMs: 300 },
    );
    const answers = await Promise.all(Array.from({ length: 20 }, () => check()));
    expect(pings).toBe(1);
    for (const answer of answers)
      expect(answer).toEqual({ ready: true, checks: { database: 'ok', storage: 'ok' } });
    await check();
    expect(pings).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await check();
    expect(pings).toBe(2);
  });

  it('does not start a check again while one that timed out is still running', async () => {
    let pings = 0;
    let answer: () => void = () => undefined;
    const check = createReadinessCheck(
      withPing(() => {
        pings += 1;
        return new Promise<void>((resolve) => {
          answer = resolve;
        });
      }),
      { reuseMs: 0, timeoutMs: 50 },
    );
    const failed = { ready: false, checks: { database: 'ok', storage: 'failed' } };
    expect(await check()).toEqual(failed);
    expect(await check()).toEqual(failed);
    expect(await check()).toEqual(failed);
    expect(pings).toBe(1);
    answer();
    // The hung ping settles: the next probe starts a fresh one.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await check()).toEqual(failed);
    expect(pings).toBe(2);
    answer();
  });
});

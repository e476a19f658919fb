import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestPrinter, type TestPrinter } from '../../agent/src/kiosk/ipp-printer';
import { REPO_ROOT } from '../src/config';
import type { TDatabase } from '../src/db/database';
import type { TDB } from '../src/db/schema';
import { seedDemoData } from '../src/seed/seed';
import { findNginx, startCluster, type TCluster } from './helpers/cluster';
import { testDatabaseKind } from './helpers/database';
import { makePdf } from './helpers/fixtures';
import { until } from './helpers/http-session';
import { productionSettings } from './helpers/production-env';

// Issue 19: two server processes from the production bundle on one PostgreSQL, Debian's nginx in
// front with deploy/nginx/'s configuration (round-robin, WebSocket and SSE proxied), and the
// printer agent as its own process dialling nginx. Nothing is sticky: a person uploads through
// one instance and releases through the other; an instance killed mid-print loses nothing.

const KIOSK_CODE = '418273'; // Złote Tarasy in the demo data (printer 1)
const MINION = 'cluster-kiosk';
const ORIGIN = new URL(productionSettings().PUBLIC_URL ?? '').origin;
const nginx = findNginx();
const onPostgres = testDatabaseKind() === 'postgres';
/** What a client writes itself in X-Forwarded-For: nginx must not pass it on as the client's address. */
const FORGED_IP = '203.0.113.9';

/** A 2-page PDF over `bytes` long (an attached file of random bytes, which nothing compresses). */
async function bigPdf(bytes: number): Promise<Buffer> {
  const doc = await PDFDocument.load(await makePdf(2));
  await doc.attach(new Uint8Array(randomBytes(bytes)), 'padding.bin', {
    mimeType: 'application/octet-stream',
  });
  const pdf = Buffer.from(await doc.save());
  expect(pdf.length).toBeGreaterThan(bytes);
  return pdf;
}

/** A browser's session: one cookie jar, sent to whichever address (an instance or nginx). */
function browserSession() {
  const jar = new Map<string, string>();
  const call = async (url: string, init: RequestInit = {}) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(url, {
      ...init,
      headers: {
        ...init.headers,
        cookie,
        origin: ORIGIN,
        'x-csrf-token': jar.get('csrf_token') ?? '',
      },
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  const json = (url: string, method: string, body: unknown) =>
    call(url, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return {
    call,
    json,
    async signIn(base: string, email: string, password: string, headers?: Record<string, string>) {
      await call(`${base}/api/session`, { headers });
      const res = await call(`${base}/api/auth/sign-in`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
    },
  };
}
type TSession = ReturnType<typeof browserSession>;

/** The live job events (SSE) as the web app reads them, collected as they arrive. */
function openEvents(session: TSession, url: string) {
  const events: Array<{ event: string; data: string }> = [];
  const abort = new AbortController();
  const done = (async () => {
    const res = await session.call(url, { signal: abort.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event) events.push({ event, data: data ?? '' });
      }
    }
  })().catch((err: unknown) => {
    if (!abort.signal.aborted) throw err;
  });
  return { events, close: () => (abort.abort(), done) };
}

// CI must run this file, not skip it: without PostgreSQL or nginx it fails there.
if (process.env.CI && (!process.env.TEST_DATABASE_URL || (onPostgres && !nginx)))
  describe('two server instances behind nginx (deploy/)', () => {
    it('runs in CI', () => {
      expect.fail(
        process.env.TEST_DATABASE_URL
          ? 'nginx is missing: scripts/system-deps.sh --test installs it'
          : 'TEST_DATABASE_URL is not set: the cluster test needs PostgreSQL',
      );
    });
  });

describe.runIf(onPostgres && nginx)('two server instances behind nginx (deploy/)', () => {
  let cluster: TCluster;
  let database: TDatabase;
  let printer: TestPrinter;
  let agent: ChildProcess | undefined;
  let agentOutput = '';
  let dir: string;
  const person = browserSession();

  const job = (id: number) =>
    database.db
      .selectFrom('printjobs')
      .select(['status', 'printed_faces', 'failure_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const remainingPages = async () => {
    const row = await database.db
      .selectFrom('page_grants')
      .innerJoin('users', 'users.id', 'page_grants.user_id')
      .select((eb) => eb.fn.sum<number>('page_grants.remaining').as('remaining'))
      .where('users.email', '=', 'anna@printomat.example')
      .executeTakeFirstOrThrow();
    return Number(row.remaining);
  };
  /** Printed jobs end archived (kept for the person's history), their faces counted. */
  const finished = async (id: number) => ((await job(id)).status === 'archived' ? true : undefined);
  const connections = () => agentOutput.split('"msg":"connected"').length - 1;
  const closedLinks = () => agentOutput.split('"msg":"link to the server closed"').length - 1;

  /**
   * Uploads a 2-page PDF (`pdf`, else a small one) through `uploadAt`, confirms and releases it
   * through `releaseAt`; `onUploaded` sees the upload's answer.
   */
  async function uploadAndRelease(
    uploadAt: string,
    releaseAt: string,
    pdf?: Buffer,
    onUploaded?: (res: Response) => void,
  ): Promise<number> {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(pdf ?? (await makePdf(2)))]), 'lecture.pdf');
    const uploaded = await person.call(`${uploadAt}/ajax/documents/upload`, {
      method: 'POST',
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBeLessThan(300);
    onUploaded?.(uploaded);
    const jobId = await until(async () => {
      const current = (await (await person.call(`${uploadAt}/ajax/printjobs/current`)).json()) as {
        id: number;
        documents: Array<{ page_count: number | null }>;
      };
      return current.documents.length > 0 && current.documents.every((d) => d.page_count)
        ? current.id
        : undefined;
    }, 30_000);
    const submitted = await person.json(`${releaseAt}/ajax/printjobs/${jobId}/submit`, 'POST', {
      is_submitted: true,
    });
    expect(submitted.status, await submitted.clone().text()).toBe(200);
    const released = await person.json(
      `${releaseAt}/ajax/printjobs/${jobId}/print_with_code`,
      'POST',
      { code: KIOSK_CODE },
    );
    expect(released.status, await released.clone().text()).toBe(200);
    return jobId;
  }

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-cluster-test-'));
    [cluster, printer] = await Promise.all([
      startCluster({
        prepare: async (databaseUrl) => {
          // A small pool: the instances and other test files share PostgreSQL's 100 connections.
          const db = new Kysely<TDB>({
            dialect: new PostgresDialect({
              pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }),
            }),
          });
          database = { db, kind: 'postgres', url: databaseUrl, close: () => db.destroy() };
          await seedDemoData(database.db);
          // Open around the clock: the test must not depend on the mall's hours.
          await database.db.deleteFrom('printer_open_hours').execute();
        },
      }),
      startTestPrinter(),
    ]);
    // The kiosk's agent, as its own process, knows only nginx's address.
    agent = spawn(process.execPath, ['--import', 'tsx', 'apps/agent/src/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PRINTOMAT_SERVER_URL: cluster.url,
        PRINTER_URI: printer.uri,
        PRINTOMAT_MINION_ID: MINION,
        AGENT_STATE_DIR: path.join(dir, 'agent-state'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    process.once('exit', killAgent);
    agent.stdout?.on('data', (d: Buffer) => (agentOutput += d.toString()));
    agent.stderr?.on('data', (d: Buffer) => (agentOutput += d.toString()));

    // It dials in unregistered; the admin registers it as printer 1 (through nginx).
    const admin = browserSession();
    await admin.signIn(cluster.url, 'admin@printomat.example', 'admin-demo-2026');
    await until(async () => {
      const list = (await (
        await admin.call(`${cluster.url}/api/admin/printers/detected`)
      ).json()) as {
        detected: Array<{ minion_id: string }>;
      };
      return list.detected.some((d) => d.minion_id === MINION) ? true : undefined;
    }, 20_000);
    const registered = await admin.json(
      `${cluster.url}/api/admin/printers/1/register_agent`,
      'POST',
      { minion_id: MINION },
    );
    expect(registered.status).toBe(200);
    await until(async () => {
      const p = (await (await fetch(`${cluster.url}/api/printers/1`)).json()) as {
        availability: string;
      };
      return p.availability === 'available' ? true : undefined;
    }, 20_000);
    // Through nginx, with an X-Forwarded-For of her own making.
    await person.signIn(cluster.url, 'anna@printomat.example', 'anna-demo-2026', {
      'x-forwarded-for': FORGED_IP,
    });
  }, 120_000);

  // What each process said, when a test failed (CI shows it).
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    const parts = [
      `agent:\n${agentOutput}`,
      ...cluster.instances.map((i) => `${i.name}:\n${i.output()}`),
      `nginx:\n${await cluster.nginxErrors()}`,
    ];
    console.log(parts.join('\n'));
  });

  /** The agent and whatever it started (its own process group). */
  function killAgent() {
    if (!agent?.pid || agent.exitCode !== null || agent.signalCode !== null) return;
    try {
      process.kill(-agent.pid, 'SIGKILL');
    } catch {
      agent.kill('SIGKILL');
    }
  }

  afterAll(async () => {
    if (agent && agent.exitCode === null && agent.signalCode === null) {
      const exited = new Promise((resolve) => agent?.once('exit', resolve));
      killAgent();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    }
    process.removeListener('exit', killAgent);
    await database?.close();
    await cluster?.stop();
    await printer?.stop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('both instances migrated the empty database together; nginx answers from each in turn', async () => {
    const migrations = await fs.readdir(path.join(REPO_ROOT, 'apps/server/src/db/migrations'));
    const { rows: applied } = await sql<{
      name: string;
    }>`SELECT name FROM kysely_migration`.execute(database.db);
    expect(applied).toHaveLength(migrations.filter((f) => /^\d{4}-.*\.ts$/.test(f)).length);
    expect(new Set(applied.map((m) => m.name)).size).toBe(applied.length);

    const answeredBy = new Set<string | null>();
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${cluster.url}/healthz`);
      expect(res.status).toBe(200);
      answeredBy.add(res.headers.get('x-instance'));
    }
    expect([...answeredBy].sort()).toEqual(['server-a', 'server-b']);
  });

  it('uploaded through A, released through B: the agent behind nginx prints it once', async () => {
    const [a, b] = cluster.instances;
    const events = openEvents(person, `${cluster.url}/ajax/printjobs/events`);
    const before = await remainingPages();
    const printedBefore = (await printer.printedJobs()).length;

    const jobId = await uploadAndRelease(a!.url, b!.url);
    await until(() => finished(jobId), 30_000);
    expect(await job(jobId)).toEqual({
      status: 'archived',
      printed_faces: 2,
      failure_reason: null,
    });
    expect(await remainingPages()).toBe(before - 2);
    expect((await printer.printedJobs()).length).toBe(printedBefore + 1);
    // Each instance has its own DATA_DIR: the document crossed from A to B in PostgreSQL.
    const stored = await database.db
      .selectFrom('stored_files')
      .select((eb) => eb.fn.countAll<number>().as('files'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.files)).toBeGreaterThan(0);
    // The live events came through nginx unbuffered, whichever instance the stream is on.
    await until(async () =>
      events.events.some(
        (e) =>
          e.event === 'printjob' && e.data === JSON.stringify({ id: jobId, status: 'archived' }),
      )
        ? true
        : undefined,
    );
    expect(events.events[0]?.event).toBe('ready');
    await events.close();
  }, 90_000);

  it("the client's own X-Forwarded-For is not taken as its address", async () => {
    const { ip } = await sql<{ ip: string }>`
      SELECT sessions.ip FROM sessions JOIN users ON users.id = sessions.user_id
       WHERE users.email = 'anna@printomat.example'`
      .execute(database.db)
      .then((r) => r.rows[0] ?? { ip: '' });
    // nginx sets X-Forwarded-For to the address it sees (deploy/nginx/printomat-locations.conf).
    expect(ip).toBe('127.0.0.1');
    const attempts = await database.db
      .selectFrom('sign_in_attempts')
      .select('ip')
      .where('email', '=', 'anna@printomat.example')
      .execute();
    expect(attempts.length).toBeGreaterThan(0);
    expect(attempts.map((a) => a.ip)).not.toContain(FORGED_IP);
  });

  it('a 2 MiB upload through nginx (buffered to its temp folder) prints once', async () => {
    const before = await remainingPages();
    const printedBefore = (await printer.printedJobs()).length;
    let answeredBy: string | null = null;
    const jobId = await uploadAndRelease(cluster.url, cluster.url, await bigPdf(2 << 20), (res) => {
      answeredBy = res.headers.get('x-instance');
    });
    expect(['server-a', 'server-b']).toContain(answeredBy);
    await until(() => finished(jobId), 60_000);
    expect(await job(jobId)).toEqual({
      status: 'archived',
      printed_faces: 2,
      failure_reason: null,
    });
    expect(await remainingPages()).toBe(before - 2);
    expect((await printer.printedJobs()).length).toBe(printedBefore + 1);
  }, 90_000);

  it('SIGTERM ends an instance at once, with an event stream open', async () => {
    const [a] = cluster.instances;
    // A page follows A's events; the agent's link is on A or B.
    const events = openEvents(person, `${a!.url}/ajax/printjobs/events`);
    await until(async () => (events.events.length > 0 ? true : undefined));
    const linked = connections();
    const closed = closedLinks();
    const started = Date.now();
    await a!.kill('SIGTERM');
    expect(Date.now() - started).toBeLessThan(5_000);
    await events.close();
    expect(a!.output()).not.toMatch(/"level":(50|60)/);
    // If the agent's link was on A, it comes back through nginx to B.
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (closedLinks() > closed)
      await until(async () => (connections() > linked ? true : undefined));
  }, 30_000);

  it('an instance killed mid-print loses nothing: the agent reconnects through nginx', async () => {
    const [a, b] = cluster.instances;
    // A is down since the last test, so the agent's link is on B: A starts again.
    await a!.start();
    await printer.setJobDurationMs(3_000);
    const before = await remainingPages();
    const printedBefore = (await printer.printedJobs()).length;
    const jobId = await uploadAndRelease(a!.url, a!.url);
    // The printer has the job (A told B through PostgreSQL, B told the agent): B dies now.
    await until(
      async () => ((await printer.printedJobs()).length > printedBefore ? true : undefined),
      20_000,
    );
    const linkedBefore = connections();
    await b!.kill('SIGKILL');
    expect((await job(jobId)).status).toBe('scheduled');

    await until(() => finished(jobId), 30_000);
    expect(connections()).toBeGreaterThan(linkedBefore);
    expect(await job(jobId)).toEqual({
      status: 'archived',
      printed_faces: 2,
      failure_reason: null,
    });
    expect(await remainingPages()).toBe(before - 2);
    // Printed once, and not again after the agent came back.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await printer.printedJobs()).length).toBe(printedBefore + 1);
    // Everything now goes to A alone, through the same address.
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${cluster.url}/healthz`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-instance')).toBe('server-a');
    }
  }, 90_000);

  it('the releasing instance killed right after the release: the job still prints once', async () => {
    const [a, b] = cluster.instances;
    // B is down since the last test, so the agent's link is on A: B starts again.
    await b!.start();
    await printer.setJobDurationMs(0);
    const before = await remainingPages();
    const printedBefore = (await printer.printedJobs()).length;
    // Released through A, which holds the agent's link; A dies before or while it dispatches.
    const jobId = await uploadAndRelease(b!.url, a!.url);
    await a!.kill('SIGKILL');

    await until(() => finished(jobId), 60_000);
    expect(await job(jobId)).toEqual({
      status: 'archived',
      printed_faces: 2,
      failure_reason: null,
    });
    expect(await remainingPages()).toBe(before - 2);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await printer.printedJobs()).length).toBe(printedBefore + 1);
  }, 90_000);
});

if (onPostgres && !nginx && !process.env.CI)
  describe('two server instances behind nginx (deploy/)', () => {
    it.skip('needs nginx: scripts/system-deps.sh --test installs it', () => undefined);
  });

// Polling: what the 5-second polls of the uploader and the dashboard cost, as a ratio to a bare
// Fastify route measured the same way in the same run (issue 19: at least 0.5 when nothing
// changed, 0.2 when the answer has to be computed). Every server runs alone in a child process
// (production settings, logging off); autocannon runs here, so load generator and server never
// share an event loop. On PGlite and, when one answers, on PostgreSQL. See docs/benchmarks.md.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { fastify } from 'fastify';
import pg from 'pg';
import { isDatabaseEmpty, seedDemoData } from '../src/seed/seed';
import { PGLITE_TEMPLATE, pgliteDataDirFromTemplate } from '../test/helpers/database';
import { makePdf } from '../test/helpers/fixtures';
import { httpSession } from '../test/helpers/http-session';
import { productionSettings } from '../test/helpers/production-env';
import { SmtpCatcher } from '../test/helpers/smtp';
import { benchPerson, startBenchServer } from './bench-helpers';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const CONNECTIONS = 50;
const GOAL_UNCHANGED = 0.5;
const GOAL_CHANGED = 0.2;
const POLLED = ['/ajax/printjobs/current', '/ajax/user', '/ajax/user.html'] as const;
// What a browser sends with every poll (the answers of 1 KiB and more go out compressed).
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
// An ETag the server never issued: the client saw an older version, so the answer is computed.
const STALE_ETAG = '"bench-stale-version"';

type TServe = { kind: 'bare' } | { kind: 'app'; env: Record<string, string> };
type TReady = { base: string; cookie: string };

// ---------------------------------------------------------------- child: one server under test

/**
 * Waits until this process (all its threads: the document pipeline's workers load and compile
 * their code after the first upload) has used under 5 % of a core for half a second, so that no
 * start-up work is measured with the first case.
 */
async function quiet(): Promise<void> {
  for (let tries = 0; tries < 60; tries++) {
    const before = process.cpuUsage();
    await new Promise((r) => setTimeout(r, 500));
    const used = process.cpuUsage(before);
    if ((used.user + used.system) / 1000 < 25) return;
  }
  throw new Error('the server kept busy for 30 s after its start');
}

async function serve(spec: TServe): Promise<void> {
  let ready: TReady;
  let close: () => Promise<void>;
  if (spec.kind === 'bare') {
    const app = fastify();
    app.get('/hello', async () => ({ hello: 'world' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    ready = {
      base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      cookie: '',
    };
    close = () => app.close();
  } else {
    // Production settings (secure cookies, HSTS, no sandboxes); its mail goes to a local catcher.
    const smtp = new SmtpCatcher();
    await smtp.start();
    const server = await startBenchServer(
      {
        ...productionSettings(),
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        ...spec.env,
      },
      { workerIdleMs: 1000 },
    );
    if (await isDatabaseEmpty(server.ctx.db)) await seedDemoData(server.ctx.db);
    // A person with pages and a job holding a real (two-page) PDF, signed in through the API.
    const person = await benchPerson(server.ctx, server.base);
    const form = new FormData();
    form.set('file', new Blob([await makePdf(2)]), 'bench.pdf');
    const upload = await person.call('/ajax/documents/upload', { method: 'POST', body: form });
    if (upload.status !== 201 && upload.status !== 200)
      throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
    const session = await httpSession(server.base);
    const signIn = await session.json('/api/auth/sign-in', 'POST', {
      email: person.email,
      password: person.password,
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
    // Background steps (thumbnails, …) change the job: wait until its answer holds still.
    let previous = '';
    for (let tries = 0; ; tries++) {
      const current = await (await session.call('/ajax/printjobs/current')).text();
      if (current === previous) break;
      if (tries > 60) throw new Error('the print job kept changing for 30 s');
      previous = current;
      await new Promise((r) => setTimeout(r, 500));
    }
    await quiet();
    ready = { base: server.base, cookie: session.cookies() };
    close = async () => {
      await server.close();
      await smtp.stop();
    };
  }
  process.send?.({ ready });
  // Stopped by the bench, or left alone when the bench itself ended.
  await Promise.race([once(process, 'message'), once(process, 'disconnect')]);
  await close();
  if (process.connected) process.disconnect();
}

// ---------------------------------------------------------------- parent: autocannon and table

async function startServer(spec: TServe): Promise<{ child: ChildProcess } & TReady> {
  const child = fork(fileURLToPath(import.meta.url), ['serve', JSON.stringify(spec)], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the server process exited (${String(code)}) before it was ready`);
  });
  const message = once(child, 'message').then(([m]) => (m as { ready: TReady }).ready);
  return { child, ...(await Promise.race([message, exited])) };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.send('stop');
  await exited;
}

type TMeasure = { rps: number; statuses: Record<string, number>; errors: number };

async function measure(url: string, headers: Record<string, string>): Promise<TMeasure> {
  const run = (duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration,
      headers: { ...BROWSER_HEADERS, ...headers },
    });
  await run(WARMUP_SECONDS);
  const result = await run(SECONDS);
  return {
    rps: result.requests.average,
    statuses: {
      '2xx': result['2xx'],
      '3xx': result['3xx'],
      '4xx': result['4xx'],
      '5xx': result['5xx'],
    },
    errors: result.errors + result.timeouts,
  };
}

type TCase = {
  database: string;
  path: string;
  kind: 'unchanged' | 'changed';
  rps: number;
  /** The bare route, measured right before this case (the reference of its ratio). */
  bare: number;
  note: string;
};

/** One instance: each polled answer either unchanged (the current ETag) or changed (a stale one). */
async function measureInstance(
  database: string,
  kind: TCase['kind'],
  env: Record<string, string>,
  bareNow: () => Promise<number>,
  report: (c: TCase) => void,
): Promise<void> {
  const server = await startServer({
    kind: 'app',
    env: kind === 'changed' ? { ...env, POLL_CACHE_SECONDS: '0' } : env,
  });
  try {
    for (const route of POLLED) {
      const url = `${server.base}${route}`;
      const plain = await fetch(url, { headers: { cookie: server.cookie, ...BROWSER_HEADERS } });
      await plain.arrayBuffer();
      if (plain.status !== 200)
        throw new Error(`${route}: ${plain.status} for the signed-in person`);
      const etag = plain.headers.get('etag');
      const headers: Record<string, string> = { cookie: server.cookie };
      let expected = '2xx';
      let note = '';
      if (!etag) note = 'no ETag: plain answer';
      else if (kind === 'unchanged') {
        headers['if-none-match'] = etag;
        const probe = await fetch(url, { headers: { ...headers, ...BROWSER_HEADERS } });
        await probe.arrayBuffer();
        if (probe.status === 304) expected = '3xx';
        else note = `ETag, but ${probe.status} to If-None-Match`;
      } else headers['if-none-match'] = STALE_ETAG;
      const bare = await bareNow();
      const result = await measure(url, headers);
      const unexpected = Object.entries(result.statuses)
        .filter(([status, count]) => status !== expected && count > 0)
        .map(([status, count]) => `${count} × ${status}`);
      if (result.errors) unexpected.push(`${result.errors} errors`);
      if (unexpected.length)
        note = [note, `unexpected: ${unexpected.join(', ')}`].filter(Boolean).join('; ');
      report({ database, path: route, kind, rps: result.rps, bare, note });
    }
  } finally {
    await stopServer(server.child);
  }
}

/** Lines for the table: what was not measured and why. */
const skipped: string[] = [];

/** A PostgreSQL server we may create a database on, or null when none answers. */
async function postgresAdminUrl(): Promise<string | null> {
  const url =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return url;
  } catch (error) {
    const where = new URL(url);
    where.password = '';
    skipped.push(
      `PostgreSQL: skipped, nothing answers at ${where.toString()} (${(error as Error).message}); set BENCH_DATABASE_URL or TEST_DATABASE_URL`,
    );
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  // The bare route runs all along (idle between its turns) and is measured right before every
  // case: this machine's speed moves by a third within minutes (other virtual machines on the
  // host), and a case compared with a figure taken minutes earlier would say more about that.
  const bareServer = await startServer({ kind: 'bare' });
  const bareFigures: number[] = [];
  const bareNow = async () => {
    const rps = (await measure(`${bareServer.base}/hello`, {})).rps;
    bareFigures.push(rps);
    return rps;
  };
  const cases: TCase[] = [];
  // The 1-minute load average after each case: above the cores plus the bench's own two
  // processes, something else ran beside the bench.
  let busiest = os.loadavg()[0] ?? 0;
  const report = (c: TCase) => {
    busiest = Math.max(busiest, os.loadavg()[0] ?? 0);
    cases.push(c);
    process.stderr.write(`measured ${c.database} ${c.path} ${c.kind}\n`);
  };

  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-polling-bench-'));
  try {
    // PGlite: both instances, one after the other, on one data directory (from the migrated
    // test template when a test run left one: saves PGlite's first initdb).
    const pgliteDir = path.join(scratch, 'pglite');
    await fs.mkdir(pgliteDir);
    const haveTemplate = await fs.access(PGLITE_TEMPLATE).then(
      () => true,
      () => false,
    );
    if (haveTemplate) await pgliteDataDirFromTemplate(pgliteDir);
    for (const kind of ['unchanged', 'changed'] as const)
      await measureInstance('PGlite', kind, { DATA_DIR: pgliteDir }, bareNow, report);

    const adminUrl = await postgresAdminUrl();
    if (adminUrl) {
      const name = `printomat_bench_${randomBytes(6).toString('hex')}`;
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const postgresDir = path.join(scratch, 'postgres');
      await fs.mkdir(postgresDir);
      await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
      try {
        for (const kind of ['unchanged', 'changed'] as const)
          await measureInstance(
            'PostgreSQL',
            kind,
            { DATA_DIR: postgresDir, DATABASE_URL: url.toString() },
            bareNow,
            report,
          );
      } finally {
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  await stopServer(bareServer.child);
  const rate = (rps: number) => `${Math.round(rps).toLocaleString('en-US')} req/s`;
  const line = (label: string, rps: number, rest: string) =>
    console.log(`${label.padEnd(47)}${rate(rps).padStart(14)}  ${rest}`.trimEnd());
  console.log(
    `polling vs a bare Fastify route: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per case after ${WARMUP_SECONDS} s warm-up, ${os.cpus().length} cores, each server alone in a child process`,
  );
  console.log(
    'unchanged: If-None-Match with the current ETag (304). changed: a stale If-None-Match on an instance with',
  );
  console.log(
    '  POLL_CACHE_SECONDS=0 (answer cache off, session cache on): every answer computed, as after a change.',
  );
  console.log(
    'ratio: to the bare route GET /hello measured right before the case (its figure in brackets).',
  );
  const lowest = Math.min(...bareFigures);
  const highest = Math.max(...bareFigures);
  const spread = highest / lowest - 1;
  line(
    'bare Fastify GET /hello, highest',
    highest,
    `lowest ${rate(lowest)}: ${(spread * 100).toFixed(0)} % apart${spread > 0.15 ? "  (the machine's speed moved: compare ratios, not req/s)" : ''}`,
  );
  let met = 0;
  for (const c of cases) {
    const ratio = c.rps / c.bare;
    const goal = c.kind === 'unchanged' ? GOAL_UNCHANGED : GOAL_CHANGED;
    // A note says the case did not measure what it should (no 304, errors): never met then.
    const isMet = ratio >= goal && !c.note;
    if (isMet) met++;
    line(
      `${c.database.padEnd(11)}${c.path.padEnd(26)}${c.kind}`,
      c.rps,
      `ratio ${ratio.toFixed(2)} (${rate(c.bare)})  goal ${goal.toFixed(1)} ${isMet ? 'met' : 'NOT met'}${c.note ? `  (${c.note})` : ''}`,
    );
  }
  for (const reason of skipped) console.log(reason);
  const cores = os.cpus().length;
  console.log(
    `highest 1-minute load average during the run: ${busiest.toFixed(1)} on ${cores} cores${busiest > cores + 2 ? ' (other work ran beside the bench: figures are low and unreliable)' : ''}`,
  );
  console.log(
    `goals met: ${met} of ${cases.length} (whole polling bench ${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
}

if (process.argv[2] === 'serve') await serve(JSON.parse(process.argv[3] ?? '{}') as TServe);
else await main();

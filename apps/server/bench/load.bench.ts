// Load: many printer agents and signed-in people at once against several server instances on one
// PostgreSQL behind nginx (test/helpers/cluster.ts: the production bundle, deploy/nginx as
// written). 1,000 agents (LOAD_AGENTS) hold the WebSocket link and beat every 15 s; 5,000 people
// (LOAD_PEOPLE) poll GET /ajax/printjobs/current every 5 s (LOAD_POLL_MS), spread evenly, with
// If-None-Match once they have an ETag. During the measured LOAD_SECONDS, LOAD_RELEASES people
// release a job to one of the agents' printers. Reports p50/p99 of polls and heartbeats, errors
// (goal 0), the instances' memory per agent link and per person, and release -> the agent has the
// job (goal p95 < 300 ms). The clients run in child processes (load-clients.ts); each instance
// answers its memory through load-probe.ts. Needs PostgreSQL (TEST_DATABASE_URL) and nginx.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AGENT_HEARTBEAT_MS } from '@printomat/shared';
import { openDatabase } from '../src/db/database';
import { startCluster } from '../test/helpers/cluster';
import type { TClientCommand, TClientEvent, TClientReport } from './load-clients';
import { probeImportFlag, type TProbeAnswer } from './load-probe';
import { insertLoadData, type TLoadData } from './load-setup';

function setting(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

const AGENTS = setting('LOAD_AGENTS', 1000);
const PEOPLE = setting('LOAD_PEOPLE', 5000);
const SECONDS = setting('LOAD_SECONDS', 60);
const RELEASES = setting('LOAD_RELEASES', 20);
const POLL_MS = setting('LOAD_POLL_MS', 5000);
const INSTANCES = setting('LOAD_INSTANCES', 2);
/** Processes the people are spread over, and the keep-alive connections each one holds. */
const PEOPLE_PROCESSES = setting('LOAD_PEOPLE_PROCESSES', 1);
const SOCKETS = setting('LOAD_HTTP_SOCKETS', 256);
/** Settings for the instances: LOAD_SERVER_<NAME>=value becomes <NAME>=value (e.g. cache TTLs). */
const SERVER_ENV = Object.fromEntries(
  Object.entries(process.env)
    .filter(([name]) => name.startsWith('LOAD_SERVER_'))
    .map(([name, value]) => [name.slice('LOAD_SERVER_'.length), value ?? '']),
);
/** The first round of polls creates everyone's job; measuring starts once it is done (or this). */
const WARM_UP_LIMIT_MS = 60_000;
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLIENTS = path.join(here, 'load-clients.ts');
/** The same nearest-rank percentile as bench-helpers.ts (which loads the whole app). */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const wallClock = () => performance.timeOrigin + performance.now();

/** Every instance's memory (after two full collections when `gc`). */
async function probe(dir: string, gc: boolean): Promise<TProbeAnswer[]> {
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.sock')).sort();
  return Promise.all(
    files.map(
      (file) =>
        new Promise<TProbeAnswer>((resolve, reject) => {
          const socket = net.connect(path.join(dir, file));
          let text = '';
          socket.setEncoding('utf8');
          socket.on('connect', () => socket.write(gc ? 'gc' : 'mem'));
          socket.on('data', (chunk: string) => (text += chunk));
          socket.on('end', () => resolve(JSON.parse(text) as TProbeAnswer));
          socket.on('error', reject);
        }),
    ),
  );
}

type TMemoryKey = 'rss' | 'heapUsed' | 'retained';
const total = (answers: TProbeAnswer[], key: TMemoryKey) =>
  answers.reduce((sum, a) => sum + a[key], 0);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function client(): {
  child: ChildProcess;
  next<K extends TClientEvent['type']>(type: K): Promise<Extract<TClientEvent, { type: K }>>;
} {
  const child = fork(CLIENTS, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  return {
    child,
    next: (type) =>
      new Promise((resolve, reject) => {
        const onMessage = (event: TClientEvent) => {
          if (event.type !== type) return;
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(event as never);
        };
        const onExit = (code: number | null) => reject(new Error(`client exited (${code})`));
        child.on('message', onMessage);
        child.once('exit', onExit);
      }),
  };
}

const command = (child: ChildProcess, message: TClientCommand) => child.send(message);

/** POST JSON through nginx as the person's browser does (session cookie, CSRF header). */
function postJson(
  url: string,
  body: object,
  person: { token: string; csrfToken: string },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: {
          cookie: `sid=${person.token}`,
          'x-csrf-token': person.csrfToken,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (p: number) => percentile(sorted, p).toFixed(1).padStart(7);
  return `p50 ${f(50)} ms  p95 ${f(95)} ms  p99 ${f(99)} ms  max ${f(100)} ms  (${sorted.length})`;
}

function mergeErrors(
  reports: TClientReport[],
  which: 'errors' | 'errorsBefore' = 'errors',
): Record<string, number> {
  const merged: Record<string, number> = {};
  for (const r of reports)
    for (const [what, n] of Object.entries(r[which])) merged[what] = (merged[what] ?? 0) + n;
  return merged;
}

const probeDir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-load-'));
let data: TLoadData | undefined;
const children: ChildProcess[] = [];
const setupStarted = performance.now();
console.log(
  `machine load average (1 min) at start: ${os.loadavg()[0]?.toFixed(1)} on ${os.availableParallelism()} cores (anything else running competes with the cluster)`,
);
if (Object.keys(SERVER_ENV).length > 0)
  console.log(
    `instances run with ${Object.entries(SERVER_ENV)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ')}`,
  );
console.log(
  `load: ${AGENTS} agents, ${PEOPLE} people polling every ${POLL_MS / 1000} s, ${INSTANCES} instances behind nginx, ${SECONDS} s measured`,
);
const cluster = await startCluster({
  instances: INSTANCES,
  // Every agent link through nginx takes two connections.
  nginxWorkerConnections: 2 * AGENTS + 2 * SOCKETS * PEOPLE_PROCESSES + 256,
  env: { ...SERVER_ENV, NODE_OPTIONS: probeImportFlag(), LOAD_PROBE_DIR: probeDir },
  async prepare(databaseUrl) {
    const database = await openDatabase({ databaseUrl });
    try {
      data = await insertLoadData(database, { agents: AGENTS, people: PEOPLE, releases: RELEASES });
    } finally {
      await database.close();
    }
  },
});
try {
  if (!data) throw new Error('no load data');
  const { agents, people, releases } = data;
  console.log(
    `setup (build, database, data, cluster): ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );
  const idle = await probe(probeDir, true);
  if (idle.length < INSTANCES)
    throw new Error(`memory probe: ${idle.length} of ${INSTANCES} instances answered`);

  // The agents connect (a few hellos at a time, as after a server restart) and start beating.
  const agentClient = client();
  children.push(agentClient.child);
  const arrivals = new Map<number, (at: number) => void>();
  agentClient.child.on('message', (event: TClientEvent) => {
    if (event.type === 'job') arrivals.get(event.jobId)?.(event.at);
  });
  command(agentClient.child, { type: 'agents', url: cluster.url, agents, concurrency: 20 });
  const connected = await agentClient.next('connected');
  console.log(
    `agents connected: ${connected.connected} of ${AGENTS} in ${(connected.ms / 1000).toFixed(1)} s${connected.failed ? ` (${connected.failed} failed)` : ''}`,
  );
  await sleep(2_000);
  const withAgents = await probe(probeDir, true);

  // The people start polling; the first round (each person's job is created) is not measured.
  const peopleClients = Array.from({ length: PEOPLE_PROCESSES }, () => client());
  for (const [i, c] of peopleClients.entries()) {
    children.push(c.child);
    const tokens = people
      .filter((_, k) => k % PEOPLE_PROCESSES === i)
      .map((person) => person.token);
    command(c.child, {
      type: 'people',
      url: cluster.url,
      tokens,
      pollMs: POLL_MS,
      sockets: SOCKETS,
    });
  }
  await Promise.all(peopleClients.map((c) => c.next('polling')));
  const warmStarted = performance.now();
  const warm = await Promise.race([
    Promise.all(peopleClients.map((c) => c.next('warm'))).then(() => true),
    sleep(WARM_UP_LIMIT_MS).then(() => false),
  ]);
  await sleep(Math.max(0, warmStarted + POLL_MS + 3_000 - performance.now()));
  console.log(
    warm
      ? `warm-up: every person answered once in ${((performance.now() - warmStarted) / 1000).toFixed(1)} s`
      : `warm-up: not every person was answered within ${WARM_UP_LIMIT_MS / 1000} s: measuring anyway`,
  );

  for (const child of children) command(child, { type: 'measure', on: true });
  const windowStart = performance.now();
  const atWindowStart = await probe(probeDir, false);
  const releaseMs: number[] = [];
  const releaseErrors: string[] = [];
  // Each release starts on its own schedule, spread over the window (a slow one delays no other).
  const gap = (SECONDS * 1000) / (RELEASES + 1);
  const releaseRuns = releases.map(async (release, r) => {
    await sleep(Math.max(0, windowStart + (r + 1) * gap - performance.now()));
    const target = agents[Math.floor(((r + 0.5) * agents.length) / releases.length)];
    if (!target) return;
    const arrived = new Promise<number>((resolve) => arrivals.set(release.jobId, resolve));
    const started = wallClock();
    const res = await postJson(
      `${cluster.url}/ajax/printjobs/${release.jobId}/print`,
      { printer_id: target.printerId },
      release,
    ).catch((err: unknown) => ({ status: 0, text: String(err) }));
    if (res.status !== 200) {
      releaseErrors.push(`HTTP ${res.status} ${res.text.slice(0, 120)}`);
      return;
    }
    const at = await Promise.race([arrived, sleep(10_000).then(() => undefined)]);
    if (at === undefined)
      releaseErrors.push(`job ${release.jobId} did not reach its agent in 10 s`);
    else releaseMs.push(at - started);
  });
  await sleep(Math.max(0, windowStart + SECONDS * 1000 - performance.now()));
  const underLoad = await probe(probeDir, false);
  const windowMs = performance.now() - windowStart;
  for (const child of children) command(child, { type: 'measure', on: false });
  const underLoadCollected = await probe(probeDir, true);
  await Promise.all(releaseRuns);

  const reports = await Promise.all(
    [agentClient, ...peopleClients].map(async (c) => {
      const report = c.next('report');
      command(c.child, { type: 'report' });
      return (await report).report;
    }),
  );
  const polls = reports.filter((r) => r.kind === 'people');
  const beats = reports.filter((r) => r.kind === 'agents');
  const pollLatencies = polls.flatMap((r) => r.latencies);
  const beatLatencies = beats.flatMap((r) => r.latencies);
  const pollErrors = mergeErrors(polls);
  const beatErrors = mergeErrors(beats);
  const statuses: Record<string, number> = {};
  for (const r of polls)
    for (const [s, n] of Object.entries(r.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  const rate = (reportsOf: TClientReport[]) =>
    reportsOf.reduce((sum, r) => sum + r.sent, 0) / (windowMs / 1000);
  const errorCount = (errors: Record<string, number>) =>
    Object.values(errors).reduce((sum, n) => sum + n, 0);
  const nginxErrors = (await cluster.nginxErrors())
    .split('\n')
    .filter((line) => /\[(error|crit|alert|emerg)\]/.test(line));
  // The instances log JSON lines at LOG_LEVEL=warn: count warnings and errors by message.
  const serverLogs = new Map<string, number>();
  const firstLine = new Map<string, string>();
  for (const instance of cluster.instances)
    for (const line of instance.output().split('\n')) {
      const level = /"level":(\d+)/.exec(line)?.[1];
      if (!level || Number(level) < 40) continue;
      const msg = /"msg":"([^"]*)"/.exec(line)?.[1] ?? line.slice(0, 100);
      const key = `${Number(level) >= 50 ? 'error' : 'warn'}: ${msg}`;
      serverLogs.set(key, (serverLogs.get(key) ?? 0) + 1);
      if (!firstLine.has(key)) firstLine.set(key, line);
    }
  const serverErrors = [...serverLogs].filter(([key]) => key.startsWith('error'));

  console.log('');
  console.log(`measured ${(windowMs / 1000).toFixed(1)} s`);
  console.log(
    `polls       ${summary(pollLatencies)}  ${rate(polls).toFixed(0)}/s of ${((PEOPLE * 1000) / POLL_MS).toFixed(0)}/s planned  200: ${statuses['200'] ?? 0}  304: ${statuses['304'] ?? 0}`,
  );
  console.log(
    `heartbeats  ${summary(beatLatencies)}  ${rate(beats).toFixed(0)}/s of ${((AGENTS * 1000) / AGENT_HEARTBEAT_MS).toFixed(0)}/s planned  (heartbeat + a job_refresh answered in order)`,
  );
  console.log(
    `releases    ${summary(releaseMs)}  target p95 300 ms  p95/target ${(
      percentile(
        [...releaseMs].sort((a, b) => a - b),
        95,
      ) / 300
    ).toFixed(2)}`,
  );
  // Whether slow answers come in bursts: the slowest poll of each 5 s of the window.
  const slowest = new Array<number>(Math.ceil(windowMs / 5000)).fill(0);
  for (const r of polls)
    r.latencies.forEach((ms, i) => {
      const bucket = Math.floor((r.sentAt[i] ?? 0) / 5000);
      slowest[bucket] = Math.max(slowest[bucket] ?? 0, ms);
    });
  console.log(
    `            slowest poll per 5 s: ${slowest.map((ms) => ms.toFixed(0)).join(' ')} ms`,
  );
  const before = mergeErrors([...polls, ...beats], 'errorsBefore');
  console.log(
    `errors      polls ${errorCount(pollErrors)}  agents ${errorCount(beatErrors)}  releases ${releaseErrors.length}  (goal 0, while measuring); before it (connecting, first round): ${errorCount(before)}`,
  );
  for (const [what, n] of Object.entries({ ...pollErrors, ...beatErrors }))
    console.log(`  ${String(n).padStart(6)}  ${what}`);
  for (const line of releaseErrors) console.log(`  release: ${line}`);
  for (const [what, n] of Object.entries(before))
    console.log(`  ${String(n).padStart(6)}  ${what} (before measuring)`);
  console.log(
    `server log  errors ${serverErrors.reduce((sum, [, n]) => sum + n, 0)}, warnings ${[...serverLogs.values()].reduce((sum, n) => sum + n, 0) - serverErrors.reduce((sum, [, n]) => sum + n, 0)} (whole run); nginx error lines ${nginxErrors.length}`,
  );
  for (const [key, n] of [...serverLogs].sort((a, b) => b[1] - a[1]).slice(0, 8))
    console.log(
      `  ${String(n).padStart(6)}  ${key.slice(0, 160)}\n          ${firstLine.get(key)?.slice(0, 400)}`,
    );
  for (const line of nginxErrors.slice(0, 5)) console.log(`  ${line.slice(0, 200)}`);
  const share = (ms: number) => `${((100 * ms) / windowMs).toFixed(0)} %`;
  console.log(
    `CPU while measuring (of one core): ${underLoad
      .map((a) => {
        const start = atWindowStart.find((x) => x.pid === a.pid);
        return `instance pid ${a.pid} ${start ? share(a.cpuMs - start.cpuMs) : '?'}`;
      })
      .join(', ')}; load generator ${reports.map((r) => `${r.kind} ${share(r.cpuMs)}`).join(', ')}`,
  );
  console.log(
    `server event-loop delay while measuring: ${underLoad.map((a) => `instance pid ${a.pid} p99 ${a.loopDelayP99.toFixed(0)} ms, max ${a.loopDelayMax.toFixed(0)} ms`).join('; ')}`,
  );
  console.log(
    `load generator event-loop delay p99: ${reports.map((r) => `${r.kind} ${r.loopDelayP99.toFixed(0)} ms`).join(', ')}`,
  );
  console.log('');
  console.log(
    'memory per instance (pid): idle / agents connected / under load / under load after GC',
  );
  for (const [i, a] of idle.entries()) {
    const pick = (answers: TProbeAnswer[]) => answers.find((x) => x.pid === a.pid) ?? a;
    const line = (key: TMemoryKey) =>
      [idle, withAgents, underLoad, underLoadCollected]
        .map((s) => mb(pick(s)[key]).padStart(7))
        .join(' /');
    console.log(`  instance ${i + 1} (pid ${a.pid})`);
    console.log(`    RSS                   ${line('rss')}`);
    console.log(`    heap                  ${line('heapUsed')}`);
    console.log(`    heap + native buffers ${line('retained')}`);
  }
  const perAgent = (key: TMemoryKey) => kb((total(withAgents, key) - total(idle, key)) / AGENTS);
  const perPerson = (key: TMemoryKey) =>
    kb((total(underLoadCollected, key) - total(withAgents, key)) / PEOPLE);
  console.log(
    `  per agent link  heap + native buffers ${perAgent('retained')}  (heap ${perAgent('heapUsed')}, RSS ${perAgent('rss')})`,
  );
  console.log(
    `  per person      heap + native buffers ${perPerson('retained')}  (heap ${perPerson('heapUsed')}, RSS ${perPerson('rss')}; polling, after GC)`,
  );
} finally {
  for (const child of children) if (child.connected) command(child, { type: 'stop' });
  await sleep(500);
  await cluster.stop();
  await fs.rm(probeDir, { recursive: true, force: true });
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../../src/config';
import { freePort } from './payments';
import { productionSettings } from './production-env';

/**
 * Several server processes on one fresh PostgreSQL database with Debian's nginx in front, as the
 * recipe in deploy/ runs them: the production bundle (`node main.js`, NODE_ENV=production,
 * TRUST_PROXY) behind deploy/nginx/printomat.conf's upstream and printomat-locations.conf. For
 * the cluster test and load benchmarks.
 */

const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');
export const NGINX_SITE = path.join(REPO_ROOT, 'deploy/nginx/printomat.conf');
export const NGINX_LOCATIONS = path.join(REPO_ROOT, 'deploy/nginx/printomat-locations.conf');

/** nginx's path, or undefined when it is not installed (it lives in /usr/sbin, often not on PATH). */
export function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/sbin'];
  return dirs
    .filter((dir) => dir !== '')
    .map((dir) => path.join(dir, 'nginx'))
    .find((file) => existsSync(file));
}

export interface TClusterInstance {
  name: string;
  port: number;
  /** The instance itself, bypassing nginx. */
  url: string;
  output(): string;
  /** Whether the process is still running. */
  running(): boolean;
  /** SIGKILL (a crash, a lost machine) or SIGTERM (a graceful stop); resolves once it exited. */
  kill(signal?: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  /** (Re)starts it on its port and waits until it answers /healthz. */
  start(): Promise<void>;
}

export interface TCluster {
  /** nginx: the one address people and agents use. */
  url: string;
  /** The shared database (a fresh one, dropped by stop()). */
  databaseUrl: string;
  /** The instances' DATA_DIRs (one for all with `storage: 'shared-dir'`). */
  dataDirs: string[];
  /** The first instance's DATA_DIR (every instance's with `storage: 'shared-dir'`). */
  dataDir: string;
  instances: TClusterInstance[];
  /** nginx's error log so far. */
  nginxErrors(): Promise<string>;
  stop(): Promise<void>;
}

export interface TClusterOptions {
  /** How many server instances (default 2). */
  instances?: number;
  /**
   * Where documents go: `database` (default; STORAGE=database, each instance its own DATA_DIR, so
   * nothing is shared but PostgreSQL) or `shared-dir` (STORAGE=local in one DATA_DIR for all).
   */
  storage?: 'database' | 'shared-dir';
  /** More settings for every instance. */
  env?: Record<string, string>;
  /** nginx's worker_connections (default 1024); an agent link through it takes two. */
  nginxWorkerConnections?: number;
  /** Called with the fresh, migrated database before nginx starts (e.g. to add data). */
  prepare?: (databaseUrl: string) => Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('the cluster needs PostgreSQL: set TEST_DATABASE_URL');
  return url;
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function waitFor(url: string, isDead: () => string | undefined, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const dead = isDead();
    if (dead) throw new Error(dead);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function watch(child: ChildProcess): { output: () => string; exited: Promise<void> } {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { output: () => output, exited };
}

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/**
 * Signals a child's whole process group (children are spawned `detached`, so each leads its own:
 * a server's converters, nginx's workers go with it); just the child when that fails.
 */
function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (!isRunning(child) || child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

const STALE_MS = 60 * 60 * 1000;
const DIST_PREFIX = '.dist-test-cluster-';
const DATABASE_PREFIX = 'printomat_cluster_';

/**
 * Removes what crashed runs left behind: bundles in apps/server/.dist-test-cluster-* and
 * printomat_cluster_* databases older than an hour (a run in progress is younger). A database's
 * age is the time in its name (`printomat_cluster_<ms, base 36>_<random>`), or its files' age.
 */
export async function sweepStale(): Promise<void> {
  const now = Date.now();
  for (const entry of await fs.readdir(SERVER_DIR, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith(DIST_PREFIX)) continue;
    const folder = path.join(SERVER_DIR, entry.name);
    const stat = await fs.stat(folder).catch(() => undefined);
    if (stat && now - stat.mtimeMs > STALE_MS)
      await fs.rm(folder, { recursive: true, force: true });
  }
  await withAdmin(async (client) => {
    const names = `SELECT datname FROM pg_database WHERE datname LIKE '${DATABASE_PREFIX}%'`;
    // pg_stat_file needs a superuser (or pg_read_server_files); without, names alone tell the age.
    const { rows } = await client
      .query<{ datname: string; modified: Date | null }>(
        `SELECT datname, (SELECT modification
                            FROM pg_stat_file('base/' || oid || '/PG_VERSION', true)) AS modified
           FROM pg_database WHERE datname LIKE '${DATABASE_PREFIX}%'`,
      )
      .catch(() => client.query<{ datname: string; modified: Date | null }>(names));
    for (const { datname, modified } of rows) {
      const stamp = /^printomat_cluster_([0-9a-z]+)_[0-9a-f]+$/.exec(datname)?.[1];
      const created = stamp ? parseInt(stamp, 36) : modified?.getTime();
      if (created === undefined || Number.isNaN(created) || now - created <= STALE_MS) continue;
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  });
}

/**
 * The nginx configuration the cluster runs: deploy/nginx/printomat.conf without its `server { }`
 * blocks (TLS and names are the site's own), the upstream pointed at `ports`, and one plain-HTTP
 * server on `listenPort` including printomat-locations.conf as it is.
 */
export async function clusterNginxConfig(opts: {
  ports: readonly number[];
  listenPort: number;
  dir: string;
  asRoot: boolean;
  workerConnections?: number;
}): Promise<string> {
  const site = await fs.readFile(NGINX_SITE, 'utf8');
  let http = '';
  let depth = 0;
  let skipping = false;
  for (const line of site.split('\n')) {
    const code = line.replace(/#.*/, '');
    if (depth === 0 && /^\s*server\s*\{/.test(code)) skipping = true;
    depth += (code.match(/\{/g) ?? []).length - (code.match(/\}/g) ?? []).length;
    if (!skipping) http += `${line}\n`;
    if (skipping && depth === 0) skipping = false;
  }
  const upstreamLine = /^(\s*)server\s+127\.0\.0\.1:\d+(.*)$/m;
  const sample = upstreamLine.exec(http);
  if (!sample) throw new Error(`${NGINX_SITE}: no "server 127.0.0.1:<port>" line in its upstream`);
  const indent = sample[1] ?? '';
  const rest = sample[2] ?? ';';
  http = http.replace(new RegExp(upstreamLine.source, 'gm'), '');
  http = http.replace(
    /(upstream\s+printomat\s*\{\n)/,
    `$1${opts.ports.map((port) => `${indent}server 127.0.0.1:${port}${rest}\n`).join('')}`,
  );
  const temp = (name: string) => `${name}_temp_path ${path.join(opts.dir, name)};`;
  return [
    // As root the master switches its workers to an unprivileged user; otherwise nginx runs as
    // whoever started it (and ignores `user`).
    ...(opts.asRoot ? ['user nobody nogroup;'] : []),
    'worker_processes 1;',
    `error_log ${path.join(opts.dir, 'error.log')} info;`,
    `events { worker_connections ${opts.workerConnections ?? 1024}; }`,
    'http {',
    `  access_log ${path.join(opts.dir, 'access.log')};`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
    http,
    '  server {',
    `    listen 127.0.0.1:${opts.listenPort};`,
    `    include ${NGINX_LOCATIONS};`,
    '  }',
    '}',
    '',
  ].join('\n');
}

/**
 * Builds the server bundle, creates an empty database, starts every instance at once (they
 * migrate it together, as a fleet does on its first start), then nginx in front of them.
 */
export async function startCluster(options: TClusterOptions = {}): Promise<TCluster> {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx is not installed (scripts/system-deps.sh --test installs it)');
  const count = options.instances ?? 2;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-cluster-'));
  const outDir = path.join(SERVER_DIR, `${DIST_PREFIX}${randomBytes(4).toString('hex')}`);
  const database = `${DATABASE_PREFIX}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const children: ChildProcess[] = [];
  let nginxChild: ChildProcess | undefined;
  let nginxExited: Promise<void> | undefined;
  // A test process that ends without stop() (a crash, a timeout) takes its children along.
  const killAll = () => {
    for (const child of children) killGroup(child, 'SIGKILL');
    if (nginxChild) killGroup(nginxChild, 'SIGKILL');
  };
  process.once('exit', killAll);

  const stop = async () => {
    try {
      const ending = children.filter(isRunning).map((child) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        killGroup(child, 'SIGKILL');
        return exited;
      });
      if (nginxChild && isRunning(nginxChild)) {
        nginxChild.kill('SIGQUIT');
        await Promise.race([nginxExited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        killGroup(nginxChild, 'SIGKILL');
      }
      await Promise.race([
        Promise.all(ending),
        new Promise((resolve) => setTimeout(resolve, 10_000)),
      ]);
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    } finally {
      process.removeListener('exit', killAll);
      await fs.rm(dir, { recursive: true, force: true });
      await fs.rm(outDir, { recursive: true, force: true });
    }
  };

  try {
    await sweepStale();
    const built = spawnSync(process.execPath, ['build.mjs', '--outdir', outDir], {
      cwd: SERVER_DIR,
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`build failed:\n${built.stdout}${built.stderr}`);
    await withAdmin((client) => client.query(`CREATE DATABASE ${database}`));
    const databaseUrl = new URL(adminUrl());
    databaseUrl.pathname = `/${database}`;
    const storage = options.storage ?? 'database';
    const smtpPort = await freePort();

    const instances: TClusterInstance[] = [];
    const dataDirs: string[] = [];
    for (let i = 0; i < count; i++) {
      const name = `server-${String.fromCharCode(97 + i)}`;
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const dataDir = path.join(dir, storage === 'database' ? `data-${name}` : 'data');
      await fs.mkdir(dataDir, { recursive: true });
      dataDirs.push(dataDir);
      let child: ChildProcess | undefined;
      let watched: ReturnType<typeof watch> | undefined;
      let earlier = '';
      const output = () => earlier + (watched?.output() ?? '');
      instances.push({
        name,
        port,
        url,
        output,
        running: () => child !== undefined && isRunning(child),
        async start() {
          if (child && isRunning(child)) return;
          earlier = output();
          // Only what a production start needs: no NODE_OPTIONS, no tsx loader.
          const started = spawn(
            process.execPath,
            ['--enable-source-maps', path.join(outDir, 'main.js')],
            {
              cwd: REPO_ROOT,
              env: {
                PATH: process.env.PATH ?? '',
                HOME: process.env.HOME ?? os.tmpdir(),
                ...productionSettings(),
                PORT: String(port),
                HOST: '127.0.0.1',
                // A closed port of its own: never a development server's inbound 2525.
                SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
                DATABASE_URL: databaseUrl.toString(),
                DATA_DIR: dataDir,
                STORAGE: storage === 'database' ? 'database' : 'local',
                // As docs/deploy.md: X-Forwarded-For believed from nginx on this machine only.
                TRUST_PROXY: 'loopback',
                INSTANCE_NAME: name,
                LOG_LEVEL: 'warn',
                ...options.env,
              },
              stdio: ['ignore', 'pipe', 'pipe'],
              detached: true,
            },
          );
          child = started;
          children.push(started);
          watched = watch(started);
          await waitFor(
            `${url}/healthz`,
            () =>
              isRunning(started)
                ? undefined
                : `${name} exited (${started.exitCode ?? started.signalCode}):\n${output()}`,
            60_000,
          );
        },
        async kill(signal = 'SIGKILL') {
          if (!child || !isRunning(child) || !watched) return;
          // A crash takes the converters along; a graceful stop lets the server end its own.
          if (signal === 'SIGKILL') killGroup(child, signal);
          else child.kill(signal);
          await watched.exited;
        },
      });
    }
    // All at once on the empty database: they migrate it together.
    await Promise.all(instances.map((instance) => instance.start()));
    await options.prepare?.(databaseUrl.toString());

    const nginxDir = path.join(dir, 'nginx');
    await fs.mkdir(nginxDir);
    const asRoot = process.getuid?.() === 0;
    // Its workers (nobody, when started as root) write the temp directories nginx makes here.
    await fs.chmod(dir, 0o755);
    await fs.chmod(nginxDir, 0o755);
    const listenPort = await freePort();
    const confFile = path.join(nginxDir, 'nginx.conf');
    await fs.writeFile(
      confFile,
      await clusterNginxConfig({
        ports: instances.map((i) => i.port),
        listenPort,
        dir: nginxDir,
        asRoot,
        workerConnections: options.nginxWorkerConnections,
      }),
    );
    const errorLog = path.join(nginxDir, 'error.log');
    nginxChild = spawn(
      nginx,
      [
        '-p',
        nginxDir,
        '-e',
        errorLog,
        '-c',
        confFile,
        '-g',
        `daemon off; pid ${path.join(nginxDir, 'nginx.pid')};`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    const watched = watch(nginxChild);
    nginxExited = watched.exited;
    const url = `http://127.0.0.1:${listenPort}`;
    const started = nginxChild;
    await waitFor(
      `${url}/healthz`,
      () =>
        isRunning(started) ? undefined : `nginx exited (${started.exitCode}):\n${watched.output()}`,
      10_000,
    );
    return {
      url,
      databaseUrl: databaseUrl.toString(),
      dataDirs: [...new Set(dataDirs)],
      dataDir: dataDirs[0] ?? dir,
      instances,
      nginxErrors: () => fs.readFile(errorLog, 'utf8').catch(() => ''),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

import { productionSettings } from './helpers/production-env';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { openDatabase, type TDatabase } from '../src/db/database';
import { DEMO_ACCOUNTS } from '../src/seed/demo-data';
import {
  createTestDatabase,
  pgliteDataDirFromTemplate,
  testDatabaseKind,
} from './helpers/database';
import { freePort } from './helpers/payments';

// Production runs the built JavaScript (issue 11): `npm run build -w @printomat/server`, then
// `node apps/server/dist/main.js`. Built here into a directory beside dist/ (same depth, so
// REPO_ROOT and the defaults resolve as from dist/; the PGlite and PostgreSQL runs of this file
// build in parallel), started with NODE_ENV=production on an empty database.

const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');
const WEB_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');

let outDir: string;
let dataDir: string;
let postgres: TDatabase | undefined;
let server: ChildProcess | undefined;
let output = '';
let origin: string;

async function waitForHealth(url: string, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server?.exitCode !== null && server?.exitCode !== undefined)
      throw new Error(`server exited with ${server.exitCode}:\n${output}`);
    try {
      return await fetch(url);
    } catch {
      if (Date.now() > deadline) throw new Error(`no answer from ${url}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

function cookieValue(response: Response, name: string): string | undefined {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const [key, value] = (pair ?? '').split('=');
    if (key === name) return value;
  }
  return undefined;
}

beforeAll(async () => {
  outDir = path.join(SERVER_DIR, `.dist-test-${randomBytes(4).toString('hex')}`);
  const built = spawnSync(process.execPath, ['build.mjs', '--outdir', outDir], {
    cwd: SERVER_DIR,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`build failed:\n${built.stdout}${built.stderr}`);

  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-dist-'));
  if (testDatabaseKind() === 'postgres') postgres = await createTestDatabase();
  else await pgliteDataDirFromTemplate(dataDir);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  // Only what a production start needs: no NODE_OPTIONS, no tsx loader.
  server = spawn(process.execPath, [path.join(outDir, 'main.js')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      ...productionSettings(),
      PORT: String(port),
      HOST: '127.0.0.1',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForHealth(`${origin}/healthz`, 60_000);
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await postgres?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  if (outDir) await fs.rm(outDir, { recursive: true, force: true });
});

describe('the built server (node dist/main.js) in production', () => {
  it('built every entry flat, with the office bridge beside it', async () => {
    const files = await fs.readdir(outDir);
    for (const file of ['main.js', 'create-admin.js', 'seed.js', 'migrate.js', 'office-bridge.py'])
      expect(files).toContain(file);
    if (existsSync(path.join(SERVER_DIR, 'src/modules/documents/pipeline/pipeline.worker.ts')))
      expect(files).toContain('pipeline.worker.js');
    // @printomat/shared is TypeScript source: bundled, never imported at run time.
    expect(await fs.readFile(path.join(outDir, 'main.js'), 'utf8')).not.toMatch(
      /from ["']@printomat\/shared/,
    );
  });

  it('answers its health check and serves the web app from the repository', async () => {
    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    // WEB_DIST_DIR's default resolves from dist/ as from src/ (when the web app is built).
    if (existsSync(WEB_INDEX)) expect((await fetch(`${origin}/`)).status).toBe(200);
  });

  it('loaded no demo data and prints no demo passwords', async () => {
    expect(output).not.toContain('Demo accounts');
    for (const account of DEMO_ACCOUNTS) expect(output).not.toContain(account.password);
    expect(output).toContain('create-admin');

    const session = await fetch(`${origin}/api/session`);
    const csrf = cookieValue(session, 'csrf_token');
    expect(csrf).toBeTruthy();
    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
    const signIn = await fetch(`${origin}/api/auth/sign-in`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': csrf!,
        cookie: `csrf_token=${csrf}`,
      },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    expect(signIn.status).toBe(401);

    // Stop the server (the embedded database has one owner), then look at the tables.
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server?.kill('SIGTERM');
    await exited;
    const database = postgres ?? (await openDatabase({ dataDir }));
    try {
      for (const table of ['users', 'printers', 'cities', 'page_grants'] as const) {
        const row = await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect({ table, rows: Number(row.n) }).toEqual({ table, rows: 0 });
      }
    } finally {
      if (!postgres) await database.close();
    }
  });
});

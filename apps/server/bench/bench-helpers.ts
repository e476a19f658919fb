import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { TAppContext } from '../src/context';
import { closeContext, createContext } from '../src/create-context';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { httpSession } from '../test/helpers/http-session';

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * The real server on loopback with an embedded database in a temporary directory (or in
 * `env.DATA_DIR`, which is then kept). `workerIdleMs`: how often the idle job worker looks for
 * work (50 ms by default so benches see background steps at once; 1000 ms in production).
 */
export async function startBenchServer(
  env: Record<string, string> = {},
  options: { workerIdleMs?: number } = {},
): Promise<{
  ctx: TAppContext;
  base: string;
  dataDir: string;
  close(): Promise<void>;
}> {
  const ownDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-bench-')));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    SEED_ON_EMPTY: 'false',
    ...env,
  });
  const ctx = await createContext(config, {
    log: pino({ level: 'silent' }),
    workerIdleMs: options.workerIdleMs ?? 50,
  });
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  ctx.worker.start();
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    ctx,
    base,
    dataDir,
    async close() {
      await app.close();
      await closeContext(ctx);
      if (ownDataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A signed-in person with plenty of pages, calling the server like the web app does. */
export async function benchPerson(ctx: TAppContext, base: string) {
  const { call, json, cookies } = await httpSession(base);
  const email = `bench.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  const reg = await json('/api/auth/register', 'POST', {
    email,
    email_confirmation: email,
    password: 'benchmark-1',
    password_confirmation: 'benchmark-1',
  });
  const userId = ((await reg.json()) as { user: { id: number } }).user.id;
  await grantPages(ctx.db, { userId, source: 'package', pages: 1_000_000, validDays: 30 });
  return { userId, email, password: 'benchmark-1', call, json, cookies };
}

import type { TAppContext } from '../../context';
import { pingDatabase } from '../../db/database';

/** A check that has not answered by then counts as failed: a load balancer must not wait on it. */
const READY_CHECK_TIMEOUT_MS = 3_000;
/** An answer is reused this long: probes from many balancers cost one check per second at most. */
export const READY_REUSE_MS = 1_000;

export type TCheckResult = 'ok' | 'failed';

export interface TReadiness {
  ready: boolean;
  checks: { database: TCheckResult; storage: TCheckResult };
}

/** Calls made while one is running share it, and nothing new starts until it has settled. */
function singleFlight<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () =>
    (running ??= run().finally(() => {
      running = undefined;
    }));
}

/**
 * Whether this instance can serve: the database answers a query and document storage answers
 * (STORAGE=local: its directory; STORAGE=database: its tables). Both run at once, each with a
 * time limit; a failure is logged with its reason, the answer only says which check failed.
 *
 * `/readyz` is public, so the checks cost at most one round per `reuseMs`: probes arriving while
 * a round runs wait for it, and its answer is reused until it is `reuseMs` old. A check that
 * outlives its time limit is not started again until it settles (a hung database gets one ping
 * in flight, not one per probe); until then every round reports it failed after the time limit.
 */
export function createReadinessCheck(
  ctx: TAppContext,
  { reuseMs = READY_REUSE_MS, timeoutMs = READY_CHECK_TIMEOUT_MS } = {},
): () => Promise<TReadiness> {
  const pingDb = singleFlight(() => pingDatabase(ctx.db));
  const pingStorage = singleFlight(() => ctx.storage.ping());
  const round = singleFlight(async (): Promise<TReadiness> => {
    const [database, storage] = await Promise.all([
      runCheck(ctx, 'database', pingDb, timeoutMs),
      runCheck(ctx, 'storage', pingStorage, timeoutMs),
    ]);
    const result = { ready: database === 'ok' && storage === 'ok', checks: { database, storage } };
    last = { at: performance.now(), result };
    return result;
  });
  let last: { at: number; result: TReadiness } | undefined;
  return () =>
    last && performance.now() - last.at < reuseMs ? Promise.resolve(last.result) : round();
}

async function runCheck(
  ctx: TAppContext,
  name: string,
  check: () => Promise<void>,
  timeoutMs: number,
): Promise<TCheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (err) {
    ctx.log.warn({ err, check: name }, 'readiness check failed');
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

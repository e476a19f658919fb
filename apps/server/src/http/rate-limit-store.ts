import { sql } from 'kysely';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { TDb } from '../db/database';

/** Attempts counted in the current window and how long until it ends. */
export interface TRateHit {
  count: number;
  ttlMs: number;
}

/** Expired counters are deleted at most this often per process (they are harmless meanwhile). */
const CLEANUP_EVERY_MS = 60_000;
const lastCleanup = new WeakMap<TDb, number>();

async function deleteExpiredCounters(db: TDb): Promise<void> {
  const now = Date.now();
  if (now - (lastCleanup.get(db) ?? 0) < CLEANUP_EVERY_MS) return;
  lastCleanup.set(db, now);
  await sql`DELETE FROM rate_limits WHERE window_ends_at < now()`.execute(db);
}

/**
 * Counts one attempt of `key` in `bucket`: a fixed window of `windowMs` starting at the first
 * attempt. One statement does it atomically, so concurrent attempts on any number of server
 * processes sharing the database are all counted (the database clock decides the windows).
 */
export async function hitRateLimit(
  db: TDb,
  bucket: string,
  key: string,
  windowMs: number,
): Promise<TRateHit> {
  await deleteExpiredCounters(db);
  const { rows } = await sql<{ count: number; ttl_ms: number }>`
    INSERT INTO rate_limits AS r (bucket, key, count, window_ends_at)
    VALUES (${bucket}, ${key}, 1, now() + ${windowMs}::double precision * interval '1 millisecond')
    ON CONFLICT (bucket, key) DO UPDATE SET
      count = CASE WHEN r.window_ends_at <= now() THEN 1 ELSE LEAST(r.count + 1, 2000000000) END,
      window_ends_at = CASE
        WHEN r.window_ends_at <= now() THEN excluded.window_ends_at
        ELSE r.window_ends_at
      END
    RETURNING count, (extract(epoch FROM window_ends_at - now()) * 1000)::double precision AS ttl_ms
  `.execute(db);
  const row = rows[0];
  if (!row) throw new Error('rate limit counter not returned');
  return { count: Number(row.count), ttlMs: Math.max(0, Math.ceil(Number(row.ttl_ms))) };
}

/** Takes back one attempt of `key` counted in the current window (say, one that succeeded). */
export async function refundRateLimit(db: TDb, bucket: string, key: string): Promise<void> {
  await sql`
    UPDATE rate_limits SET count = GREATEST(count - 1, 0)
    WHERE bucket = ${bucket} AND key = ${key} AND window_ends_at > now()
  `.execute(db);
}

/** The current window of `key` without counting an attempt (0 when there is none). */
export async function readRateLimit(db: TDb, bucket: string, key: string): Promise<TRateHit> {
  const { rows } = await sql<{ count: number; ttl_ms: number }>`
    SELECT count, (extract(epoch FROM window_ends_at - now()) * 1000)::double precision AS ttl_ms
    FROM rate_limits
    WHERE bucket = ${bucket} AND key = ${key} AND window_ends_at > now()
  `.execute(db);
  const row = rows[0];
  return row
    ? { count: Number(row.count), ttlMs: Math.max(0, Math.ceil(Number(row.ttl_ms))) }
    : { count: 0, ttlMs: 0 };
}

/** What the plugin hands a store: its merged options, with our `bucket` when a limit names one. */
interface TStoreOptions {
  bucket?: unknown;
  routeInfo?: { method?: unknown; url?: unknown };
}

function bucketOf(options: TStoreOptions): string {
  if (typeof options.bucket === 'string') return options.bucket;
  const method = typeof options.routeInfo?.method === 'string' ? options.routeInfo.method : '';
  const url = typeof options.routeInfo?.url === 'string' ? options.routeInfo.url : '';
  return method || url ? `${method} ${url}` : 'global';
}

type TCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A `@fastify/rate-limit` store (the plugin's `incr` / `read` / `child` interface, as its
 * LocalStore and RedisStore implement it) backed by the application database, PostgreSQL or
 * PGlite, so every server instance counts into the same windows.
 */
export function databaseRateLimitStore(db: TDb): FastifyRateLimitStoreCtor {
  const report = (promise: Promise<TRateHit>, cb: TCallback) => {
    promise.then(
      (hit) => cb(null, { current: hit.count, ttl: hit.ttlMs }),
      (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
    );
  };
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly bucket: string;

    constructor(options: TStoreOptions) {
      this.bucket = bucketOf(options);
    }

    incr(key: string, cb: TCallback, timeWindow: number): void {
      report(hitRateLimit(db, this.bucket, key, timeWindow), cb);
    }

    read(key: string, cb: TCallback): void {
      report(readRateLimit(db, this.bucket, key), cb);
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions);
    }
  }
  return DatabaseRateLimitStore;
}

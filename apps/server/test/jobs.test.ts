import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pino } from 'pino';
import type { TDatabase, TDb } from '../src/db/database';
import { enqueueJob, JobWorker, type TJobType } from '../src/modules/jobs/queue';
import { createTestDatabase } from './helpers/database';

let database: TDatabase;
let db: TDb;
let worker: JobWorker;

const ZNote = z.object({ note: z.string() });
const RUNS_ONCE: TJobType<typeof ZNote> = { name: 'test.runs_once', schema: ZNote };
const ALWAYS_FAILS: TJobType<typeof ZNote> = {
  name: 'test.always_fails',
  schema: ZNote,
  maxAttempts: 3,
};
const UNIQUE: TJobType<typeof ZNote> = { name: 'test.unique', schema: ZNote };
const RESCUED: TJobType<typeof ZNote> = { name: 'test.rescued', schema: ZNote };

const calls = new Map<string, string[]>();
const record = (name: string, note: string): void => {
  calls.set(name, [...(calls.get(name) ?? []), note]);
};
let failures = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  // A short idle period, so a job whose run_at we move into the past is seen quickly.
  worker = new JobWorker(db, pino({ level: 'silent' }), { idleMs: 50 });
  worker.register(RUNS_ONCE, async ({ note }) => record(RUNS_ONCE.name, note));
  worker.register(ALWAYS_FAILS, async ({ note }) => {
    failures += 1;
    record(ALWAYS_FAILS.name, note);
    throw new Error(`printer on fire (${failures})`);
  });
  worker.register(UNIQUE, async ({ note }) => record(UNIQUE.name, note));
  worker.register(RESCUED, async ({ note }) => record(RESCUED.name, note));
  worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await database?.close();
});

const jobsNamed = (name: string) =>
  db.selectFrom('jobs').selectAll().where('name', '=', name).orderBy('id').execute();

async function onlyJob(name: string) {
  const rows = await jobsNamed(name);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** Waits until the job has finished `attempts` tries (it is no longer running). */
async function settled(name: string, attempts: number) {
  await expect
    .poll(
      async () => {
        const job = await onlyJob(name);
        return job.status !== 'running' && job.attempts >= attempts ? job.attempts : -1;
      },
      { timeout: 10_000, interval: 20 },
    )
    .toBe(attempts);
  return onlyJob(name);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('job queue', () => {
  it('runs a job once, with its payload, and marks it done', async () => {
    await enqueueJob(db, RUNS_ONCE, { note: 'hello' });
    worker.kick();
    const job = await settled(RUNS_ONCE.name, 1);
    expect(job).toMatchObject({
      status: 'done',
      attempts: 1,
      locked_until: null,
      last_error: null,
    });
    // Several idle rounds later it has still run exactly once.
    await pause(300);
    expect(calls.get(RUNS_ONCE.name)).toEqual(['hello']);
    expect((await onlyJob(RUNS_ONCE.name)).attempts).toBe(1);
  });

  it('refuses a payload that does not match the job schema when enqueuing', async () => {
    await expect(
      enqueueJob(db, RUNS_ONCE, { note: 42 } as unknown as { note: string }),
    ).rejects.toThrow();
    expect(await jobsNamed(RUNS_ONCE.name)).toHaveLength(1);
  });

  it('retries a failing job with growing backoff, then gives up keeping the last error', async () => {
    await enqueueJob(db, ALWAYS_FAILS, { note: 'retry me' });
    worker.kick();

    for (const attempt of [1, 2]) {
      const before = Date.now();
      const job = await settled(ALWAYS_FAILS.name, attempt);
      const after = Date.now();
      expect(job.status).toBe('pending');
      expect(job.locked_until).toBeNull();
      expect(job.last_error).toBe(`printer on fire (${attempt})`);
      // Backoff 2^attempts seconds from the failure, which happened between `before` and `after`.
      const delay = 2 ** attempt * 1000;
      const runAt = new Date(job.run_at).getTime();
      expect(runAt).toBeGreaterThanOrEqual(before + delay - 50);
      expect(runAt).toBeLessThanOrEqual(after + delay + 50);
      // Not run again before it is due.
      await pause(200);
      expect((await onlyJob(ALWAYS_FAILS.name)).attempts).toBe(attempt);
      // Instead of waiting for the backoff, make it due now.
      await db
        .updateTable('jobs')
        .set({ run_at: new Date(Date.now() - 1000) })
        .where('name', '=', ALWAYS_FAILS.name)
        .execute();
      worker.kick();
    }

    const job = await settled(ALWAYS_FAILS.name, 3);
    expect(job).toMatchObject({
      status: 'failed',
      attempts: 3,
      max_attempts: 3,
      locked_until: null,
      last_error: 'printer on fire (3)',
    });

    // A failed job stays failed even once its run_at has passed.
    await db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000) })
      .where('name', '=', ALWAYS_FAILS.name)
      .execute();
    worker.kick();
    await pause(300);
    expect(await onlyJob(ALWAYS_FAILS.name)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(calls.get(ALWAYS_FAILS.name)).toHaveLength(3);
  });

  it('keeps one job per unique key', async () => {
    const runAt = new Date(Date.now() + 3_600_000);
    await enqueueJob(db, UNIQUE, { note: 'first' }, { uniqueKey: 'receipt:17', runAt });
    await enqueueJob(db, UNIQUE, { note: 'second' }, { uniqueKey: 'receipt:17', runAt });
    await enqueueJob(db, UNIQUE, { note: 'other' }, { uniqueKey: 'receipt:18', runAt });
    const rows = await jobsNamed(UNIQUE.name);
    expect(rows.map((r) => [r.unique_key, r.payload])).toEqual([
      ['receipt:17', { note: 'first' }],
      ['receipt:18', { note: 'other' }],
    ]);
    // Jobs without a key are never merged.
    await enqueueJob(db, UNIQUE, { note: 'free' }, { runAt });
    await enqueueJob(db, UNIQUE, { note: 'free' }, { runAt });
    expect(await jobsNamed(UNIQUE.name)).toHaveLength(4);
    await pause(150);
    expect(calls.get(UNIQUE.name)).toBeUndefined();
  });

  it('picks up a job whose worker died (lock expired), but not one still locked', async () => {
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 60_000);
    await db
      .insertInto('jobs')
      .values([
        {
          name: RESCUED.name,
          payload: JSON.stringify({ note: 'orphaned' }),
          status: 'running',
          attempts: 1,
          run_at: past,
          locked_until: past,
        },
        {
          name: RESCUED.name,
          payload: JSON.stringify({ note: 'still busy' }),
          status: 'running',
          attempts: 1,
          run_at: past,
          locked_until: future,
        },
      ])
      .execute();
    worker.kick();
    await expect
      .poll(async () => (await jobsNamed(RESCUED.name)).map((j) => [j.status, j.attempts]), {
        timeout: 10_000,
        interval: 20,
      })
      .toEqual([
        ['done', 2],
        ['running', 1],
      ]);
    await pause(200);
    expect(calls.get(RESCUED.name)).toEqual(['orphaned']);
  });
});

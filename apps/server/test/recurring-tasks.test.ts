import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerRecurringTask, startRecurringTask } from '../src/modules/jobs/recurring';
import { createTestApp, type TTestApp } from './helpers/test-app';

// Recurring tasks keep going when this instance's clock is behind the database's, and when a
// run could not queue the next one (the runs are not retried).

describe('recurring tasks', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const jobsOf = (name: string) =>
    t.ctx.db
      .selectFrom('jobs')
      .select(['status', 'run_at', 'last_error'])
      .where('name', '=', name)
      .orderBy('run_at')
      .execute();

  it("go on, one run per period, when this instance's clock is behind the database's", async () => {
    const name = `test.recurring.behind.${Date.now()}`;
    const everyMs = 1_000;
    // This instance's clock is 10 periods behind: the runs it queues are already due.
    const host = { ...t.ctx, now: () => new Date(Date.now() - 10 * everyMs) };
    const runs: number[] = [];
    registerRecurringTask(host, {
      name,
      everyMs,
      run: ({ at }) => {
        runs.push(at.getTime());
        return Promise.resolve();
      },
    });
    await startRecurringTask(host, { name, everyMs });
    // Each run queues the period after its own: the missed ones follow at once (the safety-net
    // timer alone would add one a second).
    await expect.poll(() => runs.length, { timeout: 2_500 }).toBeGreaterThanOrEqual(8);
    const first = runs[0]!;
    expect(runs.slice(0, 8)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((i) => first + i * everyMs));
    // Caught up with the database's clock, the chain waits for its period again.
    await expect
      .poll(async () => (await jobsOf(name)).filter((j) => j.status === 'pending').length)
      .toBe(1);
  }, 10_000);

  it('go on after a run could not queue the next one (a database blip)', async () => {
    const name = `test.recurring.blip.${Date.now()}`;
    const everyMs = 1_000;
    // The blip: inserting this task's jobs fails while its name is in the table.
    await sql`CREATE TABLE IF NOT EXISTS test_jobs_blip (name text PRIMARY KEY)`.execute(t.ctx.db);
    await sql`
      CREATE OR REPLACE FUNCTION test_jobs_blip() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM test_jobs_blip WHERE name = NEW.name) THEN
          RAISE EXCEPTION 'database blip';
        END IF;
        RETURN NEW;
      END $$`.execute(t.ctx.db);
    await sql`
      CREATE OR REPLACE TRIGGER test_jobs_blip BEFORE INSERT ON jobs
      FOR EACH ROW EXECUTE FUNCTION test_jobs_blip()`.execute(t.ctx.db);
    const runs: number[] = [];
    registerRecurringTask(t.ctx, {
      name,
      everyMs,
      run: async ({ at }) => {
        runs.push(at.getTime());
        // The first run has queued the second; the second's queueing of the third will fail.
        if (runs.length === 1)
          await sql`INSERT INTO test_jobs_blip (name) VALUES (${name})`.execute(t.ctx.db);
      },
    });
    await startRecurringTask(t.ctx, { name, everyMs });
    // The second run failed queueing the third (and so did not run): nothing is pending.
    await expect
      .poll(async () => (await jobsOf(name)).map((j) => j.last_error), { timeout: 5_000 })
      .toContain('database blip');
    expect((await jobsOf(name)).filter((j) => j.status === 'pending')).toEqual([]);
    expect(runs).toHaveLength(1);

    // The database is back: the chain resumes without a restart.
    await sql`DELETE FROM test_jobs_blip WHERE name = ${name}`.execute(t.ctx.db);
    await expect.poll(() => runs.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    expect(new Set(runs).size).toBe(runs.length);
  }, 20_000);
});

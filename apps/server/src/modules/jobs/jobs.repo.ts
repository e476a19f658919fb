import { sql, type Insertable } from 'kysely';
import type { TDb } from '../../db/database';
import type { TJobsTable } from '../../db/schema';

/** Queues a job; a job with the same `unique_key` already queued wins (nothing is added). */
export async function insertJob(db: TDb, values: Insertable<TJobsTable>): Promise<void> {
  await db
    .insertInto('jobs')
    .values(values)
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .execute();
}

export interface TClaimedJob {
  id: number;
  name: string;
  payload: unknown;
  /** This claim's token: every later write about the claim checks it is still ours. */
  attempts: number;
  max_attempts: number;
}

const lease = (ms: number) => sql<Date>`now() + ${`${ms} milliseconds`}::interval`;

// Due: waiting and its time has come, or claimed by a worker whose lease ran out (it died or
// lost its database) and attempts are left.
const DUE = sql`((j.status = 'pending' AND j.run_at <= now())
              OR (j.status = 'running' AND j.locked_until < now() AND j.attempts < j.max_attempts))`;

/** Kinds that have due work, for the idle poll. */
export async function dueJobNames(db: TDb): Promise<string[]> {
  const result = await sql<{ name: string }>`
    SELECT DISTINCT j.name FROM jobs j WHERE ${DUE}`.execute(db);
  return result.rows.map((r) => r.name);
}

export async function failJobsWithoutAttemptsLeft(db: TDb): Promise<void> {
  await sql`
    UPDATE jobs SET status = 'failed', locked_until = NULL, updated_at = now(),
           last_error = coalesce(last_error, 'worker stopped while running the last attempt')
     WHERE status = 'running' AND locked_until < now() AND attempts >= max_attempts`.execute(db);
}

/** Claims the oldest due job of one kind. */
export async function claimNext(
  db: TDb,
  name: string,
  leaseMs: number,
): Promise<TClaimedJob | undefined> {
  const result = await sql<TClaimedJob>`
    UPDATE jobs
       SET status = 'running', attempts = attempts + 1, locked_until = ${lease(leaseMs)},
           claimed_at = now(), updated_at = now()
     WHERE id = (
       SELECT j.id FROM jobs j
        WHERE j.name = ${name} AND ${DUE}
        ORDER BY j.run_at, j.id
        FOR UPDATE SKIP LOCKED
        LIMIT 1)
    RETURNING id, name, payload, attempts, max_attempts`.execute(db);
  return result.rows[0];
}

/**
 * Claims the due job of one kind whose owner (`fair_key`) has the fewest jobs running, and among
 * those the owner served least recently: round robin across people, and one person gets a second
 * job running only when nobody else is waiting. Claims of one kind take turns (an advisory lock
 * for the transaction), so two workers, in this process or another instance, never both see an
 * owner as idle and start two of their jobs while someone else waits.
 */
export async function claimNextFairly(
  db: TDb,
  name: string,
  leaseMs: number,
): Promise<TClaimedJob | undefined> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`jobs:${name}`}))`.execute(trx);
    const result = await sql<TClaimedJob>`
      UPDATE jobs
         SET status = 'running', attempts = attempts + 1, locked_until = ${lease(leaseMs)},
             claimed_at = now(), updated_at = now()
       WHERE id = (
         SELECT j.id FROM jobs j
          WHERE j.name = ${name} AND ${DUE}
          ORDER BY
            (SELECT count(*) FROM jobs r
              WHERE r.fair_key = j.fair_key AND r.status = 'running' AND r.locked_until >= now()),
            (SELECT max(r.claimed_at) FROM jobs r WHERE r.fair_key = j.fair_key) NULLS FIRST,
            j.run_at, j.id
          FOR UPDATE SKIP LOCKED
          LIMIT 1)
      RETURNING id, name, payload, attempts, max_attempts`.execute(trx);
    return result.rows[0];
  });
}

/** Renews the lease; false when the claim is no longer ours (expired and taken, or finished). */
export async function renewLease(db: TDb, job: TClaimedJob, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ locked_until: lease(leaseMs) })
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .where('attempts', '=', job.attempts)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function completeJob(db: TDb, job: TClaimedJob): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'done', locked_until: null, last_error: null, updated_at: new Date() })
    .where('id', '=', job.id)
    // Only while this worker still holds the claim (attempts is the claim's token).
    .where('status', '=', 'running')
    .where('attempts', '=', job.attempts)
    .execute();
}

export async function failJob(db: TDb, job: TClaimedJob, err: unknown): Promise<boolean> {
  const final = job.attempts >= job.max_attempts;
  // Backoff 2^attempts seconds: 2 s, 4 s, 8 s, ... A crashed processing worker (its promise
  // rejected) is therefore retried within seconds.
  const retryAt = new Date(Date.now() + 2 ** job.attempts * 1000);
  await db
    .updateTable('jobs')
    .set({
      status: final ? 'failed' : 'pending',
      run_at: retryAt,
      locked_until: null,
      last_error: err instanceof Error ? err.message : String(err),
      updated_at: new Date(),
    })
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .where('attempts', '=', job.attempts)
    .execute();
  return final;
}

/** When a run of the recurring task `name` last finished (its rows are kept an hour). */
export async function lastFinishedRunAt(db: TDb, name: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.max('updated_at').as('at'))
    .where('name', '=', name)
    .where('status', '=', 'done')
    .executeTakeFirst();
  return row?.at ?? undefined;
}

/**
 * Finished runs of a recurring task: one row per period would otherwise pile up in the jobs
 * table (each run has its own unique key).
 */
export async function deleteFinishedRuns(db: TDb, name: string, before: Date): Promise<void> {
  await db
    .deleteFrom('jobs')
    .where('name', '=', name)
    .where('status', 'in', ['done', 'failed'])
    .where('updated_at', '<', before)
    .execute();
}

export interface TJobKindStats {
  name: string;
  /** Due and waiting for a worker (including claims whose lease ran out). */
  due: number;
  /** Waiting for their time (retries after backoff, recurring tasks' next runs). */
  scheduled: number;
  running: number;
  /** Out of attempts: kept for inspection, never run again. */
  failed: number;
  /** How long the oldest due job has been due, in seconds (0 when none is). */
  oldest_due_seconds: number;
}

/** The queue per kind, for the metrics (the status and run_at index keeps it cheap). */
export async function jobKindStats(db: TDb): Promise<TJobKindStats[]> {
  const result = await sql<TJobKindStats>`
    SELECT j.name,
           count(*) FILTER (WHERE ${DUE}) AS due,
           count(*) FILTER (WHERE j.status = 'pending' AND j.run_at > now()) AS scheduled,
           count(*) FILTER (WHERE j.status = 'running' AND j.locked_until >= now()) AS running,
           count(*) FILTER (WHERE j.status = 'failed') AS failed,
           coalesce(extract(epoch FROM now() - min(j.run_at) FILTER (WHERE ${DUE})), 0)
             AS oldest_due_seconds
      FROM jobs j
     WHERE j.status IN ('pending', 'running', 'failed')
     GROUP BY j.name
     ORDER BY j.name`.execute(db);
  return result.rows.map((row) => ({
    name: row.name,
    due: Number(row.due),
    scheduled: Number(row.scheduled),
    running: Number(row.running),
    failed: Number(row.failed),
    oldest_due_seconds: Math.max(0, Number(row.oldest_due_seconds)),
  }));
}

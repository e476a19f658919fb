import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/database';
import { deleteFinishedRuns, lastFinishedRunAt } from './jobs.repo';
import { enqueueJob, type JobWorker, type TJobType } from './queue';

// Recurring work (issue 17 point 1) on top of the jobs table: one job row per period, keyed by
// the period's start. However many server instances run, each queues "the next period's run"
// with the same unique key, so exactly one row exists per period and one worker claims it. A run
// first queues the next one, so a run that fails does not end the chain, and an instance that
// was down picks the chain up again at start-up, and a timer on every instance queues the next
// run again once a period in case a run could not.

/** What a recurring task needs of the running process (a subset of the app context). */
export interface TRecurringHost {
  db: TDb;
  worker: JobWorker;
  now: () => Date;
  log: FastifyBaseLogger;
}

export interface TRecurringRun {
  /** The start of the period this run is for (the same moment on every instance). */
  at: Date;
  /** When a run of this task last finished, if one did within the last hour. */
  lastFinishedAt: Date | undefined;
}

export interface TRecurringTask {
  /** The job kind of its runs (also its unique keys' prefix): stable across releases. */
  name: string;
  everyMs: number;
  run: (run: TRecurringRun) => Promise<void>;
}

/** Finished runs are kept this long (for looking into), then deleted: one row per period. */
const KEEP_FINISHED_RUNS_MS = 60 * 60_000;

/** The next multiple of the period after `now`: the same moment on every instance. */
export function nextPeriodStart(now: Date, everyMs: number): Date {
  return new Date((Math.floor(now.getTime() / everyMs) + 1) * everyMs);
}

// The payload carries the period the run is for: the next run follows it, whatever this
// instance's clock says (a clock behind the database's would otherwise name the current period
// again, whose row exists, and queue nothing). Runs queued before it existed carry nothing.
const payloadSchema = z.object({ periodStart: z.number().int().optional() });

function jobTypeOf(task: Pick<TRecurringTask, 'name'>) {
  return {
    name: task.name,
    schema: payloadSchema,
    // A failed run is not retried: the next period's run is already queued.
    maxAttempts: 1,
  } satisfies TJobType<z.ZodType>;
}

/**
 * Queues the run of the next period: the one after `after` (the period just run) and never one
 * already past on this instance's clock.
 */
async function queueNextRun(
  host: TRecurringHost,
  task: Pick<TRecurringTask, 'name' | 'everyMs'>,
  after?: Date,
): Promise<void> {
  const fromClock = nextPeriodStart(host.now(), task.everyMs).getTime();
  const runAt = new Date(
    after === undefined ? fromClock : Math.max(fromClock, after.getTime() + task.everyMs),
  );
  await enqueueJob(
    host.db,
    jobTypeOf(task),
    { periodStart: runAt.getTime() },
    { runAt, uniqueKey: `${task.name}:${runAt.getTime()}` },
  );
}

/**
 * Registers a task that runs once per `everyMs` across all instances (a handler on every
 * instance, one claim per period). Nothing runs until `startRecurringTask` (the server's start;
 * tests start the tasks they look at).
 */
export function registerRecurringTask(host: TRecurringHost, task: TRecurringTask): void {
  host.worker.register(jobTypeOf(task), async ({ periodStart }) => {
    const now = host.now();
    const at = new Date(periodStart ?? Math.floor(now.getTime() / task.everyMs) * task.everyMs);
    // The next run first: this one failing must not end the chain.
    await queueNextRun(host, task, at);
    const lastFinishedAt = await lastFinishedRunAt(host.db, task.name);
    await task.run({ at, lastFinishedAt });
    await deleteFinishedRuns(host.db, task.name, new Date(now.getTime() - KEEP_FINISHED_RUNS_MS));
  });
}

/**
 * Queues the task's next period's run and wakes the worker. Every instance calls it at its start:
 * the period's key makes it one run, and an instance that was down resumes the chain. From then
 * on, while the worker runs, every instance queues the next period's run again once a period:
 * a run whose own queueing failed (a database blip; runs are not retried) would otherwise end
 * the chain until a restart. The period's key makes the repeats harmless.
 */
export async function startRecurringTask(
  host: TRecurringHost,
  task: Pick<TRecurringTask, 'name' | 'everyMs'>,
): Promise<void> {
  host.worker.repeat(`recurring:${task.name}`, task.everyMs, () => {
    queueNextRun(host, task).catch((err: unknown) =>
      host.log.warn({ err, task: task.name }, 'recurring task: next run not queued'),
    );
  });
  await queueNextRun(host, task);
  host.worker.kick();
}

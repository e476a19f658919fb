import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/database';
import { JobLane, type TLaneOptions } from './lane';
import {
  dueJobNames,
  failJobsWithoutAttemptsLeft,
  insertJob,
  jobKindStats,
  type TJobKindStats,
} from './jobs.repo';

/** A kind of background job: its name and payload schema. */
export interface TJobType<S extends z.ZodType> {
  name: string;
  schema: S;
  maxAttempts?: number;
  /**
   * Claim jobs round robin across their `fairKey` (the person they are for), so one person's
   * many jobs cannot hold back another person's one.
   */
  fair?: boolean;
}

/** What a handler learns about the attempt it runs. */
export interface TJobRun {
  id: number;
  attempt: number;
  /** Aborted when this worker lost the job's lease (another worker may be running it now). */
  signal: AbortSignal;
}

/** Handlers must be idempotent: a job may run again after a crash. */
export type TJobHandler<S extends z.ZodType> = (payload: z.infer<S>, run: TJobRun) => Promise<void>;

export async function enqueueJob<S extends z.ZodType>(
  db: TDb,
  job: TJobType<S>,
  payload: z.infer<S>,
  options: { runAt?: Date; uniqueKey?: string; fairKey?: string } = {},
): Promise<void> {
  await insertJob(db, {
    name: job.name,
    payload: JSON.stringify(job.schema.parse(payload)),
    max_attempts: job.maxAttempts ?? 5,
    run_at: options.runAt ?? new Date(),
    unique_key: options.uniqueKey ?? null,
    fair_key: options.fairKey ?? null,
  });
}

/** Every kind's jobs due, scheduled, running and failed, and its oldest due job's age (metrics). */
export function queueStats(db: TDb): Promise<TJobKindStats[]> {
  return jobKindStats(db);
}

export interface TWorkerOptions {
  /** How often an idle worker looks for due jobs (other instances' work, retries). */
  idleMs?: number;
  /**
   * How long a claimed job stays ours without a heartbeat. The heartbeat renews it every quarter
   * of this, so a worker that died is noticed (and its job retried) this long after it stopped.
   */
  leaseMs?: number;
}

export interface TRegisterOptions {
  /** How many jobs of this kind run at once in this process. */
  concurrency?: number;
}

export const DEFAULT_LEASE_MS = 20_000;

interface TRepeat {
  everyMs: number;
  fn: () => void;
  timer?: NodeJS.Timeout;
}

/**
 * Runs due jobs, each kind in its own lane with its own concurrency, so kinds never wait for each
 * other (mail is not held up by documents). `kick()` wakes every lane at once after a commit that
 * enqueued work; an idle poll picks up other instances' work and retries.
 */
export class JobWorker {
  private readonly lanes = new Map<string, JobLane>();
  private readonly idleMs: number;
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private stopped = true;
  private readonly repeats = new Map<string, TRepeat>();

  constructor(
    private readonly db: TDb,
    private readonly log: FastifyBaseLogger,
    options: TWorkerOptions = {},
  ) {
    this.idleMs = options.idleMs ?? 1000;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  /**
   * Registers the handler of a job kind. Registering a kind again replaces its handler and keeps
   * its concurrency unless a new one is given.
   */
  register<S extends z.ZodType>(
    type: TJobType<S>,
    handler: TJobHandler<S>,
    options: TRegisterOptions = {},
  ): void {
    const previous = this.lanes.get(type.name);
    const lane: TLaneOptions = {
      name: type.name,
      fair: type.fair ?? false,
      concurrency: Math.max(1, options.concurrency ?? previous?.concurrency ?? 1),
      leaseMs: this.leaseMs,
      run: (payload, run) => handler(type.schema.parse(payload), run),
    };
    if (previous) {
      previous.reconfigure(lane);
      return;
    }
    const created = new JobLane(this.db, this.log, lane);
    this.lanes.set(type.name, created);
    if (!this.stopped) created.start();
  }

  /**
   * Calls `fn` every `everyMs` while the worker runs (from its start until its stop), so work
   * tied to the worker (a recurring task's safety net) ends with it. The timer never keeps the
   * process alive by itself. Repeating under a `key` again replaces the earlier one.
   */
  repeat(key: string, everyMs: number, fn: () => void): void {
    const previous = this.repeats.get(key);
    if (previous) clearInterval(previous.timer);
    const entry: TRepeat = { everyMs, fn };
    this.repeats.set(key, entry);
    if (!this.stopped) this.startRepeat(entry);
  }

  private startRepeat(entry: TRepeat): void {
    if (entry.timer) return;
    entry.timer = setInterval(entry.fn, entry.everyMs);
    entry.timer.unref();
  }

  start(): void {
    this.stopped = false;
    for (const lane of this.lanes.values()) lane.start();
    for (const entry of this.repeats.values()) this.startRepeat(entry);
    this.schedulePoll(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const entry of this.repeats.values()) {
      clearInterval(entry.timer);
      entry.timer = undefined;
    }
    await this.polling;
    await Promise.all([...this.lanes.values()].map((lane) => lane.stop()));
  }

  /** The job kinds registered here (the metrics show each, at 0 while it has no jobs). */
  kinds(): string[] {
    return [...this.lanes.keys()];
  }

  /** Wakes every lane: something was enqueued. */
  kick(): void {
    if (this.stopped) return;
    for (const lane of this.lanes.values()) lane.kick();
  }

  /** Runs until no registered kind has a due job left (and nothing is running). */
  async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      this.kick();
      await Promise.all([...this.lanes.values()].map((lane) => lane.idle()));
      const due = await this.dueLanes();
      if (due.length === 0) return;
    }
  }

  private schedulePoll(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.polling = this.poll().finally(() => {
        this.polling = undefined;
        this.schedulePoll(this.idleMs);
      });
    }, ms);
  }

  /** One query for all lanes, so idle lanes cost nothing more than one worker did. */
  private async poll(): Promise<void> {
    try {
      for (const lane of await this.dueLanes()) lane.kick();
    } catch (err) {
      this.log.error({ err }, 'job poll failed');
    }
  }

  private async dueLanes(): Promise<JobLane[]> {
    // A worker died holding a job that had no attempts left: that job has failed.
    await failJobsWithoutAttemptsLeft(this.db);
    const names = await dueJobNames(this.db);
    // Kinds this process has no handler for are left to an instance that has one.
    return names.flatMap((name) => this.lanes.get(name) ?? []);
  }
}

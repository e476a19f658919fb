import { sql } from 'kysely';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/database';

/** A kind of background job: its name and payload schema. */
export interface TJobType<S extends z.ZodType> {
  name: string;
  schema: S;
  maxAttempts?: number;
}

/** Handlers must be idempotent: a job may run again after a crash. */
export type TJobHandler<S extends z.ZodType> = (payload: z.infer<S>) => Promise<void>;

interface TRegistered {
  schema: z.ZodType;
  handler: (payload: unknown) => Promise<void>;
}

export async function enqueueJob<S extends z.ZodType>(
  db: TDb,
  job: TJobType<S>,
  payload: z.infer<S>,
  options: { runAt?: Date; uniqueKey?: string } = {},
): Promise<void> {
  await db
    .insertInto('jobs')
    .values({
      name: job.name,
      payload: JSON.stringify(job.schema.parse(payload)),
      max_attempts: job.maxAttempts ?? 5,
      run_at: options.runAt ?? new Date(),
      unique_key: options.uniqueKey ?? null,
    })
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .execute();
}

const LOCK_MS = 5 * 60 * 1000;

/** Runs due jobs one at a time. `kick()` wakes it at once after a commit that enqueued work. */
export class JobWorker {
  private readonly jobs = new Map<string, TRegistered>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private again = false;

  constructor(
    private readonly db: TDb,
    private readonly log: FastifyBaseLogger,
    private readonly idleMs = 1000,
  ) {}

  register<S extends z.ZodType>(type: TJobType<S>, handler: TJobHandler<S>): void {
    this.jobs.set(type.name, {
      schema: type.schema,
      handler: (payload) => handler(payload as z.infer<S>),
    });
  }

  start(): void {
    this.stopped = false;
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.kick();
      } else {
        this.timer = setTimeout(() => this.kick(), this.idleMs);
      }
    });
  }

  /** Runs every due job; resolves when none is left. */
  async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const ran = await this.runOne();
      if (!ran) return;
    }
  }

  private async runOne(): Promise<boolean> {
    let claimed;
    try {
      claimed = await this.claim();
    } catch (err) {
      this.log.error({ err }, 'job claim failed');
      return false;
    }
    if (!claimed) return false;
    const definition = this.jobs.get(claimed.name);
    try {
      if (!definition) throw new Error(`no handler for job ${claimed.name}`);
      await definition.handler(definition.schema.parse(claimed.payload));
      await this.db
        .updateTable('jobs')
        .set({ status: 'done', locked_until: null, last_error: null, updated_at: new Date() })
        .where('id', '=', claimed.id)
        .where('status', '=', 'running')
        .where('attempts', '=', claimed.attempts)
        .execute();
    } catch (err) {
      const final = claimed.attempts >= claimed.max_attempts;
      // Backoff 2^attempts seconds: 2 s, 4 s, 8 s, ...
      const retryAt = new Date(Date.now() + 2 ** claimed.attempts * 1000);
      this.log.warn({ err, job: claimed.name, id: claimed.id, final }, 'job failed');
      await this.db
        .updateTable('jobs')
        .set({
          status: final ? 'failed' : 'pending',
          run_at: retryAt,
          locked_until: null,
          last_error: err instanceof Error ? err.message : String(err),
          updated_at: new Date(),
        })
        .where('id', '=', claimed.id)
        // Only while this worker still holds the claim (attempts is the claim's token).
        .where('status', '=', 'running')
        .where('attempts', '=', claimed.attempts)
        .execute();
    }
    return true;
  }

  private async claim() {
    // A worker died holding a job that had no attempts left: that job has failed.
    await sql`
      UPDATE jobs SET status = 'failed', locked_until = NULL, updated_at = now(),
             last_error = coalesce(last_error, 'worker stopped while running the last attempt')
       WHERE status = 'running' AND locked_until < now() AND attempts >= max_attempts`.execute(
      this.db,
    );
    const result = await sql<{
      id: number;
      name: string;
      payload: unknown;
      attempts: number;
      max_attempts: number;
    }>`
      UPDATE jobs
         SET status = 'running', attempts = attempts + 1,
             locked_until = now() + ${`${LOCK_MS} milliseconds`}::interval, updated_at = now()
       WHERE id = (
         SELECT id FROM jobs
          WHERE (status = 'pending' AND run_at <= now())
             OR (status = 'running' AND locked_until < now() AND attempts < max_attempts)
          ORDER BY run_at, id
          FOR UPDATE SKIP LOCKED
          LIMIT 1)
      RETURNING id, name, payload, attempts, max_attempts`.execute(this.db);
    return result.rows[0];
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/database';
import type { TJobRun } from './queue';
import {
  claimNext,
  claimNextFairly,
  completeJob,
  failJob,
  renewLease,
  type TClaimedJob,
} from './jobs.repo';

export interface TLaneOptions {
  name: string;
  fair: boolean;
  concurrency: number;
  leaseMs: number;
  run: (payload: unknown, run: TJobRun) => Promise<void>;
}

/**
 * The worker of one job kind: up to `concurrency` slots, each claiming and running one job at a
 * time until none is due. Every running job holds a short lease renewed by a heartbeat.
 */
export class JobLane {
  private readonly slots = new Set<Promise<void>>();
  private stopped = true;
  // Bumped by every kick: a slot that found nothing while a kick came in looks once more, as the
  // kick may be for a job committed after its claim query ran.
  private kicks = 0;

  constructor(
    private readonly db: TDb,
    private readonly log: FastifyBaseLogger,
    private options: TLaneOptions,
  ) {}

  get concurrency(): number {
    return this.options.concurrency;
  }

  reconfigure(options: TLaneOptions): void {
    this.options = options;
  }

  start(): void {
    this.stopped = false;
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  kick(): void {
    if (this.stopped) return;
    this.kicks += 1;
    while (this.slots.size < this.options.concurrency) {
      const slot: Promise<void> = this.runSlot().finally(() => this.slots.delete(slot));
      this.slots.add(slot);
    }
  }

  /** Resolves once no slot is running. */
  async idle(): Promise<void> {
    while (this.slots.size > 0) await Promise.all([...this.slots]);
  }

  private async runSlot(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const kicks = this.kicks;
      const ran = await this.runOne();
      if (!ran && kicks === this.kicks) return;
    }
  }

  private async runOne(): Promise<boolean> {
    const { name, fair, leaseMs } = this.options;
    let job: TClaimedJob | undefined;
    try {
      job = fair
        ? await claimNextFairly(this.db, name, leaseMs)
        : await claimNext(this.db, name, leaseMs);
    } catch (err) {
      this.log.error({ err, job: name }, 'job claim failed');
      return false;
    }
    if (!job) return false;
    const lost = new AbortController();
    const stopHeartbeat = this.heartbeat(job, lost);
    try {
      await this.options.run(job.payload, {
        id: job.id,
        attempt: job.attempts,
        signal: lost.signal,
      });
      stopHeartbeat();
      await completeJob(this.db, job);
    } catch (err) {
      stopHeartbeat();
      try {
        const final = await failJob(this.db, job, err);
        this.log.warn({ err, job: name, id: job.id, final }, 'job failed');
      } catch (writeErr) {
        // The lease runs out and another worker retries it.
        this.log.error({ err: writeErr, job: name, id: job.id }, 'could not record job failure');
      }
    }
    return true;
  }

  /**
   * Renews the lease every quarter of it while the handler runs. When the claim is no longer
   * ours (the lease ran out, say the database was unreachable, and another worker took the job),
   * the handler is told through its signal; its outcome is then ignored, as every write about the
   * job checks the claim's attempts token.
   */
  private heartbeat(job: TClaimedJob, lost: AbortController): () => void {
    const { leaseMs, name } = this.options;
    let renewing = false;
    let finished = false;
    const timer = setInterval(() => {
      if (renewing) return;
      renewing = true;
      renewLease(this.db, job, leaseMs)
        .then((held) => {
          // A renewal that raced the job's own completion says nothing about the lease.
          if (held || finished || lost.signal.aborted) return;
          clearInterval(timer);
          this.log.warn({ job: name, id: job.id }, 'job lease lost; another worker may run it');
          lost.abort(new Error('job lease lost'));
        })
        .catch((err: unknown) => this.log.warn({ err, job: name, id: job.id }, 'heartbeat failed'))
        .finally(() => {
          renewing = false;
        });
    }, leaseMs / 4);
    timer.unref();
    return () => {
      finished = true;
      clearInterval(timer);
    };
  }
}

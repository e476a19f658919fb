import { Worker } from 'node:worker_threads';
// sharp is used by the worker threads; loading it in the main thread too keeps its native
// library loaded for the life of the process, so a thread that exits cannot unload it under
// the others (sharp's advice for worker threads).
import 'sharp';
import { DocumentFailure } from './failure';
import type { TPipelineResults, TPipelineTask, TTaskMessage, TTaskOf, TTaskReply } from './tasks';

// Time a task may run beyond its conversion timeout: external tools time out at the conversion
// timeout themselves; this covers the JavaScript around them.
const GRACE_MS = 5_000;
// A worker past this heap dies alone (ERR_WORKER_OUT_OF_MEMORY) instead of taking the server.
const WORKER_HEAP_MB = 1536;

/**
 * Where the worker entry is: next to this module when running TypeScript source (tsx, vitest),
 * `pipeline.worker.js` next to the bundle otherwise (the build writes it beside main.js).
 */
function createWorker(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  if (import.meta.url.endsWith('.ts')) {
    const entry = new URL('./pipeline.worker.ts', import.meta.url).href;
    // Node 20 does not apply `--import tsx` from a worker's execArgv to its entry module, so the
    // thread registers tsx itself before importing the TypeScript entry.
    return new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`,
      { ...options, eval: true },
    );
  }
  return new Worker(new URL('./pipeline.worker.js', import.meta.url), options);
}

interface TPending {
  id: number;
  task: TPipelineTask;
  timeoutMs: number;
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface TSlot {
  worker: Worker;
  busy?: { pending: TPending; timer: NodeJS.Timeout };
}

/**
 * A fixed number of worker threads running the document pipeline's CPU-heavy steps. Tasks
 * queue when all are busy. A thread that dies fails its task at once (the job queue retries
 * the document) and is replaced; one stuck past the timeout is terminated and its document
 * refused as too complex.
 */
export class PipelinePool {
  private readonly slots: TSlot[] = [];
  private readonly queue: TPending[] = [];
  private nextId = 1;
  private closed = false;
  private crashNext = false;
  /** Threads started so far (replacements included); for tests and diagnostics. */
  started = 0;

  constructor(
    readonly size: number,
    private readonly defaultTimeoutMs: number,
    private readonly graceMs = GRACE_MS,
  ) {}

  run<K extends TPipelineTask['kind']>(
    task: TTaskOf<K>,
    timeoutMs = this.defaultTimeoutMs,
  ): Promise<TPipelineResults[K]> {
    if (this.closed) return Promise.reject(new Error('document pipeline is closed'));
    return new Promise<TPipelineResults[K]>((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        task,
        timeoutMs,
        resolve,
        reject,
      });
      this.dispatch();
    });
  }

  /** Starts every thread and waits until each has loaded the pipeline (a cold one takes ~1 s). */
  async warmUp(): Promise<void> {
    await Promise.all(Array.from({ length: this.size }, () => this.run({ kind: 'ping' })));
  }

  /** Tests: the thread that takes the next task exits in the middle of it, as a killed one would. */
  crashNextTask(): void {
    this.crashNext = true;
  }

  get busy(): number {
    return this.slots.filter((slot) => slot.busy).length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0))
      pending.reject(new Error('document pipeline is closed'));
    await Promise.all(this.slots.splice(0).map((slot) => this.retire(slot)));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.busy);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const pending = this.queue.shift() as TPending;
      const timer = setTimeout(() => {
        pending.reject(
          new DocumentFailure('too_complex', `processing took over ${pending.timeoutMs} ms`),
        );
        this.replace(slot);
      }, pending.timeoutMs + this.graceMs);
      slot.busy = { pending, timer };
      // A thread at work keeps the process alive; an idle one does not (see spawn).
      slot.worker.ref();
      const message: TTaskMessage = { id: pending.id, task: pending.task };
      if (this.crashNext) {
        this.crashNext = false;
        message.crash = true;
      }
      slot.worker.postMessage(message);
    }
  }

  private spawn(): TSlot {
    const slot: TSlot = { worker: createWorker() };
    this.started += 1;
    this.slots.push(slot);
    // Idle threads must not keep a finished process (a CLI, a test run) alive.
    slot.worker.unref();
    let lastError: Error | undefined;
    slot.worker.on('message', (reply: TTaskReply) => {
      const busy = slot.busy;
      if (!busy || busy.pending.id !== reply.id) return;
      clearTimeout(busy.timer);
      slot.busy = undefined;
      slot.worker.unref();
      if (reply.ok) busy.pending.resolve(reply.result);
      else if ('failure' in reply) {
        const prefix = `${reply.failure}: `;
        busy.pending.reject(
          new DocumentFailure(
            reply.failure,
            reply.message.startsWith(prefix) ? reply.message.slice(prefix.length) : undefined,
          ),
        );
      } else busy.pending.reject(new Error(reply.error));
      this.dispatch();
    });
    slot.worker.on('error', (err) => {
      lastError = err;
    });
    slot.worker.on('exit', (code) => {
      const index = this.slots.indexOf(slot);
      if (index < 0) return; // retired on purpose
      this.slots.splice(index, 1);
      const busy = slot.busy;
      slot.busy = undefined;
      if (busy) {
        clearTimeout(busy.timer);
        const outOfMemory =
          (lastError as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
        busy.pending.reject(
          outOfMemory
            ? new DocumentFailure('too_complex', 'processing ran out of memory')
            : new Error(
                `document worker thread exited (code ${code})${lastError ? `: ${lastError.message}` : ''}`,
              ),
        );
      }
      if (!this.closed) this.dispatch();
    });
    return slot;
  }

  /** Ends a thread on purpose (stuck) and lets the queue go on with a fresh one. */
  private replace(slot: TSlot): void {
    slot.busy = undefined;
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    void this.retire(slot);
    this.dispatch();
  }

  private async retire(slot: TSlot): Promise<void> {
    if (slot.busy) {
      clearTimeout(slot.busy.timer);
      slot.busy.pending.reject(new Error('document pipeline is closed'));
      slot.busy = undefined;
    }
    await slot.worker.terminate();
  }
}

/** Thrown when a task waited in the queue for longer than the limiter allows. */
export class LimiterTimeoutError extends Error {
  constructor(waitedMs: number) {
    super(`waited ${waitedMs} ms for a free slot`);
  }
}

/**
 * At most `max` tasks at once; the rest wait in order, each at most `queueTimeoutMs`, then fail
 * with LimiterTimeoutError. `active` and `peak` are exposed so tests and operators can see it hold.
 */
export class ConcurrencyLimiter {
  private readonly waiting: {
    start(): void;
    timer: NodeJS.Timeout;
  }[] = [];
  active = 0;
  /** The highest `active` seen since the last `resetPeak()`. */
  peak = 0;

  constructor(
    readonly max: number,
    readonly queueTimeoutMs: number,
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  resetPeak(): void {
    this.peak = this.active;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.active -= 1;
      const next = this.waiting.shift();
      if (next) {
        clearTimeout(next.timer);
        next.start();
      }
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.max) {
      this.take();
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const entry = {
        start: () => {
          this.take();
          resolve();
        },
        timer: setTimeout(() => {
          const index = this.waiting.indexOf(entry);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(new LimiterTimeoutError(this.queueTimeoutMs));
        }, this.queueTimeoutMs),
      };
      this.waiting.push(entry);
    });
  }

  private take(): void {
    this.active += 1;
    this.peak = Math.max(this.peak, this.active);
  }
}

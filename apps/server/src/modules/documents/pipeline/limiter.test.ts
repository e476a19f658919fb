import { describe, expect, it } from 'vitest';
import { ConcurrencyLimiter, LimiterTimeoutError } from './limiter';

const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('ConcurrencyLimiter', () => {
  it('runs at most max tasks at once, in order, and counts them', async () => {
    const limiter = new ConcurrencyLimiter(2, 5_000);
    const order: number[] = [];
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        limiter.run(async () => {
          running += 1;
          most = Math.max(most, running);
          order.push(i);
          await later(20);
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(limiter.peak).toBe(2);
    expect(limiter.active).toBe(0);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('fails a task that waited too long, and frees the slot of a failed task', async () => {
    const limiter = new ConcurrencyLimiter(1, 50);
    const slow = limiter.run(() => later(300));
    await expect(limiter.run(() => Promise.resolve('late'))).rejects.toBeInstanceOf(
      LimiterTimeoutError,
    );
    expect(limiter.queued).toBe(0);
    await slow;
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(() => Promise.resolve('next'))).toBe('next');
    expect(limiter.active).toBe(0);
  });
});

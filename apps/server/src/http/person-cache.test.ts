import { describe, expect, it } from 'vitest';
import type { TBusEvent, TEventBus } from '../realtime/event-bus';
import { createLocalEventBus } from '../realtime/event-bus';
import { etagOf, matchesEtag, PersonAnswerCache } from './person-cache';

/** The local bus, plus a way to play a reconnection (the PostgreSQL bus's resync). */
function busWithResync(): TEventBus & { resync(): void } {
  const bus = createLocalEventBus();
  const handlers = new Set<() => void>();
  return {
    ...bus,
    onResync(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    resync: () => handlers.forEach((handler) => handler()),
  };
}

const delivered = () => new Promise((resolve) => setImmediate(resolve));

function counting() {
  let calls = 0;
  return {
    compute: (body: string) => () => {
      calls += 1;
      return Promise.resolve(body);
    },
    get calls() {
      return calls;
    },
  };
}

describe('the per-person answer cache', () => {
  it('names a body by its hash, the same on every instance', () => {
    expect(etagOf('{"a":1}')).toBe(etagOf('{"a":1}'));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
    expect(matchesEtag(`"x", W/${etagOf('b')}`, etagOf('b'))).toBe(true);
    expect(matchesEtag('*', etagOf('b'))).toBe(true);
    expect(matchesEtag(undefined, etagOf('b'))).toBe(false);
  });

  it('answers from memory until an event on the person’s topic, then computes again', async () => {
    const bus = busWithResync();
    const cache = new PersonAnswerCache(bus, { ttlMs: 60_000 });
    const work = counting();
    const base = bus.listenerCount();
    await cache.answer(7, 'user', '', work.compute('one'));
    expect((await cache.answer(7, 'user', '', work.compute('two'))).body).toBe('one');
    expect(work.calls).toBe(1);
    // Held: one subscription for the person.
    expect(bus.listenerCount()).toBe(base + 1);
    // Someone else's change leaves it alone.
    await bus.publish('user:8', { kind: 'person_changed', userId: 8 });
    await delivered();
    expect((await cache.answer(7, 'user', '', work.compute('three'))).body).toBe('one');
    const change: TBusEvent = { kind: 'printjob_changed', userId: 7, jobId: 1, status: 'created' };
    await bus.publish('user:7', change);
    await delivered();
    // Dropped, and no subscription is left behind for it.
    expect(cache.size).toBe(0);
    expect(bus.listenerCount()).toBe(base);
    expect((await cache.answer(7, 'user', '', work.compute('four'))).body).toBe('four');
    cache.close();
  });

  it('drops a person on user_changed, everything on a resync, and expires answers', async () => {
    const bus = busWithResync();
    let now = 1_000_000;
    const cache = new PersonAnswerCache(bus, { ttlMs: 60_000, now: () => now });
    const work = counting();
    await cache.answer(1, 'user', '', work.compute('a'));
    await cache.answer(2, 'user', '', work.compute('b'));
    await bus.publish('sessions', { kind: 'user_changed', userId: 1 });
    await delivered();
    expect(cache.size).toBe(1);
    bus.resync();
    expect(cache.size).toBe(0);
    await cache.answer(3, 'user', '', work.compute('c'));
    now += 60_001;
    expect((await cache.answer(3, 'user', '', work.compute('d'))).body).toBe('d');
    cache.close();
  });

  it('rebuilds when the request’s own inputs differ, and keeps nothing computed across a change', async () => {
    const bus = busWithResync();
    const cache = new PersonAnswerCache(bus, { ttlMs: 60_000 });
    const work = counting();
    await cache.answer(5, 'user', 'premium:false', work.compute('plain'));
    expect((await cache.answer(5, 'user', 'premium:true', work.compute('premium'))).body).toBe(
      'premium',
    );
    // A change committed while an answer is being read: that answer goes out, but is not kept.
    cache.invalidatePerson(5);
    const slow = cache.answer(5, 'job', '', async () => {
      await bus.publish('user:5', { kind: 'person_changed', userId: 5 });
      await delivered();
      return 'read before the change';
    });
    expect((await slow).body).toBe('read before the change');
    expect((await cache.answer(5, 'job', '', work.compute('after'))).body).toBe('after');
    cache.close();
  });

  it('with no TTL computes every time, still with the ETag', async () => {
    const cache = new PersonAnswerCache(busWithResync(), { ttlMs: 0 });
    const work = counting();
    const first = await cache.answer(1, 'user', '', work.compute('x'));
    await cache.answer(1, 'user', '', work.compute('x'));
    expect(work.calls).toBe(2);
    expect(first.etag).toBe(etagOf('x'));
    expect(cache.size).toBe(0);
    cache.close();
  });
});

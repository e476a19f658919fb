import type { TAppContext } from '../context';
import type { TUserRow } from '../db/schema';
import type { TBusEvent, TEventBus } from '../realtime/event-bus';
import { lifetimeMs } from './person-cache';

/** At most this many sessions are kept per instance; the least recently used go first. */
const MAX_SESSIONS = 50_000;

/** A live session as a request needs it (`sessions` row joined with its `users` row). */
export interface TCachedSession {
  /** The SHA-256 of the cookie's token (the `sessions.id`): the token itself is never kept. */
  readonly id: string;
  readonly csrf_token: string;
  readonly user: TUserRow;
  /** `sessions.expires_at` and `last_seen_at` in ms; the touch that extends them updates both. */
  expiresAt: number;
  lastSeenAt: number;
}

interface TEntry {
  session: TCachedSession;
  /** `performance.now()` after which the entry is read from the database again. */
  cachedUntil: number;
}

/**
 * Live sessions and their user rows, kept briefly in memory so a poll finds out who is asking
 * without the database (`SESSION_CACHE_SECONDS`, 0: off). Every change that ends a session or
 * changes a user row is announced on the event bus (topic `sessions`, `announceSessionEnded`,
 * `announceUserChanged`, after the commit) and every instance drops what it holds of it. When
 * the bus loses its connection (events may be lost) the whole cache is dropped and nothing is
 * cached until the bus is back (`suspend` ... `resume`).
 *
 * A read that started before a drop must not put back what it read: `generation` counts the
 * drops, the caller takes it before the query and `put` ignores an answer older than a drop.
 */
export class SessionCache {
  private readonly sessions = new Map<string, TEntry>();
  private readonly sessionsOfUser = new Map<number, Set<string>>();
  private drops = 0;
  private suspended = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxSessions = MAX_SESSIONS,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** How many drops happened so far: taken before a database read, handed to `put`. */
  get generation(): number {
    return this.drops;
  }

  get size(): number {
    return this.sessions.size;
  }

  /** The cached session `id`, unless its time in the cache or the session itself ran out. */
  get(id: string, nowMs: number): TCachedSession | undefined {
    if (this.suspended) return undefined;
    const entry = this.sessions.get(id);
    if (!entry) return undefined;
    if (entry.cachedUntil <= this.clock() || entry.session.expiresAt <= nowMs) {
      this.remove(id);
      return undefined;
    }
    // Map order is the LRU order: a hit moves to the end.
    this.sessions.delete(id);
    this.sessions.set(id, entry);
    return entry.session;
  }

  /** Keeps a session read from the database, unless something was dropped since `generation`. */
  put(session: TCachedSession, generation: number): void {
    if (this.ttlMs <= 0 || this.suspended || generation !== this.drops) return;
    this.remove(session.id);
    Object.freeze(session.user);
    this.sessions.set(session.id, { session, cachedUntil: this.clock() + lifetimeMs(this.ttlMs) });
    const ids = this.sessionsOfUser.get(session.user.id) ?? new Set<string>();
    ids.add(session.id);
    this.sessionsOfUser.set(session.user.id, ids);
    for (const oldest of this.sessions.keys()) {
      if (this.sessions.size <= this.maxSessions) break;
      this.remove(oldest);
    }
  }

  dropSession(id: string): void {
    this.drops += 1;
    this.remove(id);
  }

  /** Every session of the user goes (their row changed, or they are gone). */
  dropUser(userId: number): void {
    this.drops += 1;
    for (const id of this.sessionsOfUser.get(userId) ?? []) this.remove(id);
  }

  clear(): void {
    this.drops += 1;
    this.sessions.clear();
    this.sessionsOfUser.clear();
  }

  /** The bus lost its connection: events may go missing, so nothing is kept until `resume`. */
  suspend(): void {
    this.suspended = true;
    this.clear();
  }

  /** The bus is back (what was missed is unknown): caching starts afresh. */
  resume(): void {
    this.clear();
    this.suspended = false;
  }

  /** What an event on the `sessions` topic means for this cache. */
  apply(event: TBusEvent): void {
    if (event.kind === 'session_ended') this.dropSession(event.sessionId);
    else if (event.kind === 'user_changed') this.dropUser(event.userId);
  }

  private remove(id: string): void {
    const entry = this.sessions.get(id);
    if (!entry) return;
    this.sessions.delete(id);
    const userId = entry.session.user.id;
    const ids = this.sessionsOfUser.get(userId);
    ids?.delete(id);
    if (ids?.size === 0) this.sessionsOfUser.delete(userId);
  }
}

/** One cache per instance: per event bus (copies of a context, e.g. with another clock, share it). */
const caches = new WeakMap<TEventBus, SessionCache>();

export function sessionCacheOf(ctx: Pick<TAppContext, 'events' | 'config'>): SessionCache {
  const existing = caches.get(ctx.events);
  if (existing) return existing;
  const cache = new SessionCache(ctx.config.sessionCacheSeconds * 1000);
  ctx.events.subscribe('sessions', (event) => cache.apply(event));
  if (!ctx.events.isHealthy()) cache.suspend();
  ctx.events.onLost(() => cache.suspend());
  ctx.events.onResync(() => cache.resume());
  caches.set(ctx.events, cache);
  return cache;
}

type TAnnouncer = Pick<TAppContext, 'events' | 'config' | 'log'> &
  Partial<Pick<TAppContext, 'pollCache'>>;

/**
 * Call after the commit: this instance forgets at once (the next request of the same browser
 * may come before the bus delivers), the others when the event arrives. A failed (or, after
 * about 2 s, abandoned) publish is logged, never thrown: the change is done; other instances
 * then see it within the cache time (SESSION_CACHE_SECONDS, at most 300).
 */
async function announce(ctx: TAnnouncer, event: TBusEvent): Promise<void> {
  sessionCacheOf(ctx).apply(event);
  // This instance's poll answers of the person go at once too (the bus brings it back later).
  if (event.kind === 'user_changed') ctx.pollCache?.invalidatePerson(event.userId);
  try {
    await ctx.events.publish('sessions', event);
  } catch (err) {
    ctx.log.error({ err, event }, 'could not announce a session change to other instances');
  }
}

/** A session ended (sign-out, rotation at sign-in). */
export function announceSessionEnded(ctx: TAnnouncer, sessionId: string): Promise<void> {
  return announce(ctx, { kind: 'session_ended', sessionId });
}

/**
 * A user's row changed (anything `request.user` shows: password, role, block, locale, address,
 * PIN, sign-in times...) or the user is gone; also ends every cached session of theirs, so it
 * covers sessions deleted with a password change, a block or the account's deletion.
 */
export function announceUserChanged(ctx: TAnnouncer, userId: number): Promise<void> {
  return announce(ctx, { kind: 'user_changed', userId });
}

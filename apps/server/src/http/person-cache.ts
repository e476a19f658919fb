import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TLocale } from '@printomat/shared';
import type { TUserRow } from '../db/schema';
import type { TEventBus } from '../realtime/event-bus';

/** An answer as it goes out: the serialised body and its strong validator. */
export interface TCachedAnswer {
  body: string;
  etag: string;
}

/**
 * One kind of poll answer (a route that answers through the cache): where it is kept for an
 * asker, and which fields of the asker's own row it shows. The route's handler and the poll fast
 * lane (`poll-fast-lane.ts`) both find an answer through it, so they never disagree.
 */
export interface TPollAnswerKind {
  /** The route's path; the lane takes only `GET <url>` exactly (no query string). */
  readonly url: string;
  readonly contentType: string;
  /** Where the answer is kept among the person's answers (per locale where the text is). */
  key(locale: TLocale): string;
  /** The asker's own fields it shows: a row refreshed by the session cache rebuilds it. */
  fingerprint(user: TUserRow): string;
}

interface TEntry extends TCachedAnswer {
  /** What of the request row the answer was built from (profile fields); differs: rebuilt. */
  fingerprint: string;
  expiresAt: number;
}

interface TPerson {
  answers: Map<string, TEntry>;
  /** When the last of its answers expires (or, before the first is kept, the admission's TTL). */
  expiresAt: number;
  unsubscribe: () => void;
}

/**
 * People whose answers one instance keeps (about 1 KB per answer, a few answers per person):
 * the least recently asked go first.
 */
const MAX_PEOPLE = 20_000;

/**
 * The strong ETag of a body: a hash of the bytes, so every instance behind a balancer names the
 * same answer the same way (a per-instance counter would not survive round-robin balancing).
 */
export function etagOf(body: string): string {
  return `"${hash('sha256', body, 'base64url').slice(0, 27)}"`;
}

/** Whether an `If-None-Match` header names `etag` (a list, weak forms and `*` included). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The poll answers of each person on this instance (GET /ajax/printjobs/current, /ajax/user,
 * /ajax/user.html), so an unchanged poll touches no database. Kept per (person, answer kind and
 * locale) and dropped when anything arrives on the bus topic `user:<id>` (any instance published
 * a change of the person after its commit: `printjob_changed`, `person_changed`), when a
 * `user_changed` for the person arrives on `sessions`, when the bus loses its connection
 * (everything, and nothing is kept until the resync), and after `ttlMs` at the latest: the answers also change with time alone
 * (a grant expires, a result stops being shown). A subscription is held only while the person
 * has answers here.
 */
export class PersonAnswerCache {
  readonly #people = new Map<number, TPerson>();
  readonly #events: TEventBus;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #stop: (() => void)[];
  readonly #kinds = new Map<string, TPollAnswerKind>();

  constructor(events: TEventBus, options: { ttlMs: number; now?: () => number }) {
    this.#events = events;
    this.#ttlMs = options.ttlMs;
    this.#now = options.now ?? Date.now;
    this.#stop = [
      events.onResync(() => this.clear()),
      events.onLost(() => this.clear()),
      events.subscribe('sessions', (event) => {
        if (event.kind === 'user_changed') this.invalidatePerson(event.userId);
      }),
    ];
  }

  /** The kind of answer `GET url` gives, once one was computed here (the fast lane asks). */
  kindOf(url: string | undefined): TPollAnswerKind | undefined {
    return url === undefined ? undefined : this.#kinds.get(url);
  }

  /** `answer` for a route's kind of answer, asked by `user` in `locale`. */
  answerFor(
    kind: TPollAnswerKind,
    user: TUserRow,
    locale: TLocale,
    compute: () => Promise<string>,
  ): Promise<TCachedAnswer> {
    if (this.#kinds.get(kind.url) !== kind) this.#kinds.set(kind.url, kind);
    return this.answer(user.id, kind.key(locale), kind.fingerprint(user), compute);
  }

  /** The kept answer, if this instance holds a fresh one for the asker: never computes. */
  peek(kind: TPollAnswerKind, user: TUserRow, locale: TLocale): TCachedAnswer | undefined {
    if (this.#ttlMs <= 0 || !this.#events.isHealthy()) return undefined;
    return this.#hit(user.id, kind.key(locale), kind.fingerprint(user), this.#now());
  }

  /** A fresh kept answer built from the same fields, made the most recently asked. */
  #hit(userId: number, key: string, fingerprint: string, now: number): TEntry | undefined {
    const person = this.#people.get(userId);
    const hit = person?.answers.get(key);
    if (!person || !hit || hit.expiresAt <= now || hit.fingerprint !== fingerprint)
      return undefined;
    // Most recently asked last: the first in the map is the one to evict.
    this.#people.delete(userId);
    this.#people.set(userId, person);
    return hit;
  }

  /**
   * The person's answer `key`, from memory while it holds, else from `compute` (kept unless the
   * person changed meanwhile). `fingerprint` names the request's own inputs (the signed-in row's
   * fields the answer shows), so a row refreshed by the session cache rebuilds the answer.
   */
  async answer(
    userId: number,
    key: string,
    fingerprint: string,
    compute: () => Promise<string>,
  ): Promise<TCachedAnswer> {
    // While the bus is down a change on another instance would go unnoticed: nothing is kept.
    if (this.#ttlMs <= 0 || !this.#events.isHealthy()) {
      const body = await compute();
      return { body, etag: etagOf(body) };
    }
    const now = this.#now();
    const hit = this.#hit(userId, key, fingerprint, now);
    if (hit) return hit;
    // Subscribed before computing: a change committed meanwhile drops `held`, and the answer,
    // possibly read before that commit, is not kept.
    const held = this.#people.get(userId) ?? this.#admit(userId, now);
    const body = await compute();
    const answer = { body, etag: etagOf(body) };
    if (this.#people.get(userId) === held) {
      held.expiresAt = this.#now() + lifetimeMs(this.#ttlMs);
      held.answers.set(key, { ...answer, fingerprint, expiresAt: held.expiresAt });
    }
    return answer;
  }

  /**
   * Forgets what this instance keeps of the person (other instances learn of a change through the
   * bus). The benchmark calls it to measure changed answers.
   */
  invalidatePerson(userId: number): void {
    const person = this.#people.get(userId);
    if (!person) return;
    person.unsubscribe();
    this.#people.delete(userId);
  }

  /** Forgets everything (after the bus lost events). */
  clear(): void {
    for (const person of this.#people.values()) person.unsubscribe();
    this.#people.clear();
  }

  /** People held (tests, the memory benchmark). */
  get size(): number {
    return this.#people.size;
  }

  close(): void {
    this.clear();
    for (const stop of this.#stop) stop();
  }

  #admit(userId: number, now: number): TPerson {
    this.#dropIdle(now);
    if (this.#people.size >= MAX_PEOPLE) this.#evictOldest();
    const person: TPerson = {
      answers: new Map(),
      expiresAt: now + lifetimeMs(this.#ttlMs),
      unsubscribe: this.#events.subscribe(`user:${userId}`, () => this.invalidatePerson(userId)),
    };
    this.#people.set(userId, person);
    return person;
  }

  /** The least recently asked people whose answers all expired: no subscription kept for them. */
  #dropIdle(now: number): void {
    for (const [userId, person] of this.#people) {
      if (person.expiresAt > now) return;
      person.unsubscribe();
      this.#people.delete(userId);
    }
  }

  #evictOldest(): void {
    const oldest = this.#people.keys().next();
    if (oldest.done) return;
    this.#people.get(oldest.value)?.unsubscribe();
    this.#people.delete(oldest.value);
  }
}

/** Poll answers are the asker's own and revalidated on every use (browsers send If-None-Match). */
export const POLL_CACHE_CONTROL = 'private, no-cache';

/**
 * Sends a poll answer revalidated on every use (`private, no-cache` + ETag: browsers ask again
 * with `If-None-Match` by themselves) and `304` with no body when the asker holds it already.
 */
export function sendPollAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: TCachedAnswer,
  contentType: string,
): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', POLL_CACHE_CONTROL);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type(contentType).send(answer.body);
}

/**
 * Between 75 % and 100 % of the configured time, at random: answers cached in the same moment (a
 * crowd arriving together, every instance filling its own copy behind round-robin balancing)
 * then do not all expire in the same second and come back to the database as one wave.
 */
export function lifetimeMs(ttlMs: number): number {
  return ttlMs - Math.floor(Math.random() * ttlMs * 0.25);
}

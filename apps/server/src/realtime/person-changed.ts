import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../db/database';
import type { TEventBus } from './event-bus';

type TPublisher = {
  events: TEventBus;
  log: FastifyBaseLogger;
  /** This instance's poll answers (the app context's): dropped at once, before the bus delivers. */
  pollCache?: { invalidatePerson(userId: number): void };
};

/**
 * Tells every instance that what a person's polls show changed (their job, its documents, their
 * pages, their panel): each drops its cached answers of them (src/http/person-cache.ts). Call it
 * after the transaction that made the change committed, never inside it: an instance that
 * re-reads before the commit would keep the old answer. A lost publish is logged, never thrown
 * (the change is committed; the cache's TTL bounds how long a screen may lag).
 */
export async function personChanged(
  ctx: TPublisher,
  ...userIds: readonly (number | null | undefined)[]
): Promise<void> {
  for (const userId of new Set(userIds)) {
    if (userId === null || userId === undefined) continue;
    // The answer right after a change (the page reloads it at once) is never the old one here;
    // other instances drop theirs when the event arrives.
    ctx.pollCache?.invalidatePerson(userId);
    await ctx.events
      .publish(`user:${userId}`, { kind: 'person_changed', userId })
      .catch((err: unknown) => ctx.log.error({ err, userId }, 'could not publish a person change'));
  }
}

/** People whose polls a running transaction changes, announced once it committed. */
const noted = new WeakMap<TDb, Set<number>>();

/**
 * Notes inside a transaction that it changes what the person's polls show (a shared rule deep in
 * a transaction, e.g. a pages grant, does not know when it commits). `transactionTellingPeople`
 * (and the print-job transaction) announce the noted people after the commit; outside a
 * transaction the caller announces them itself.
 */
export function notePersonChanged(trx: TDb, userId: number | null | undefined): void {
  // Outside a transaction the write has committed already: the caller announces it.
  if (userId === null || userId === undefined || !trx.isTransaction) return;
  const people = noted.get(trx) ?? new Set<number>();
  people.add(userId);
  noted.set(trx, people);
}

/** Announces (after the commit) the people `trx` noted; a rolled-back transaction never gets here. */
export async function announceNotedPeople(ctx: TPublisher, trx: TDb): Promise<void> {
  const people = noted.get(trx);
  noted.delete(trx);
  if (people) await personChanged(ctx, ...people);
}

/** A transaction whose noted people are announced once it committed. */
export async function transactionTellingPeople<T>(
  ctx: TPublisher & { db: TDb },
  fn: (trx: TDb) => Promise<T>,
): Promise<T> {
  let used: TDb | undefined;
  const result = await ctx.db.transaction().execute((trx) => {
    used = trx;
    return fn(trx);
  });
  if (used) await announceNotedPeople(ctx, used);
  return result;
}

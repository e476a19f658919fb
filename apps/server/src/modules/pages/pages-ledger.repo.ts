import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import type { TGrantSource } from '../../db/schema';

/** Pages still usable: the sum of unexpired grants' remaining pages. Never stored as a balance. */
export async function sumRemainingPages(db: TDb, userId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('page_grants')
    .select(sql<number>`coalesce(sum(remaining), 0)::int`.as('remaining'))
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.remaining);
}

export async function insertGrant(
  db: TDb,
  grant: {
    user_id: number;
    source: TGrantSource;
    pages: number;
    expires_at: Date | null;
    reference: string | null;
    reason?: string | null;
    printjob_id?: number | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('page_grants')
    .values({ ...grant, remaining: grant.pages })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The usable pages and the unexpired grant with pages left that expires first (its pages and
 * expiry), in one round trip: the dashboard panel's poll.
 */
export async function findPagesSummary(db: TDb, userId: number, now: Date) {
  const row = await db
    .selectFrom('page_grants')
    .select((eb) => {
      const next = eb
        .selectFrom('page_grants as n')
        .where('n.user_id', '=', userId)
        .where('n.remaining', '>', 0)
        .where('n.expires_at', '>', now)
        .orderBy('n.expires_at')
        .orderBy('n.id')
        .limit(1);
      return [
        sql<number>`coalesce(sum(remaining), 0)::int`.as('remaining'),
        next.select('n.remaining').as('next_remaining'),
        next.select('n.expires_at').as('next_expires_at'),
      ];
    })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return {
    remaining: Number(row.remaining),
    nextRemaining: row.next_remaining,
    nextExpiresAt: row.next_expires_at,
  };
}

/**
 * Takes back a grant's unused pages (remaining → 0) and marks it voided, the grant locked so a
 * reservation taking from it or handing pages back waits; answers how many were taken (0 for an
 * unknown grant).
 */
export async function zeroGrantRemaining(db: TDb, grantId: number, now: Date): Promise<number> {
  const grant = await db
    .selectFrom('page_grants')
    .select('remaining')
    .where('id', '=', grantId)
    .forUpdate()
    .executeTakeFirst();
  if (!grant) return 0;
  await db
    .updateTable('page_grants')
    .set({ remaining: 0, voided_at: now })
    .where('id', '=', grantId)
    .execute();
  return grant.remaining;
}

/**
 * Un-voids a grant, locked: everything it misses beyond what its reservations still hold comes
 * back to remaining (the pages voided and those dropped since). Answers the pages given back (0
 * for an unknown grant or one that is not voided).
 */
export async function unvoidGrant(db: TDb, grantId: number): Promise<number> {
  const grant = await db
    .selectFrom('page_grants')
    .select(['pages', 'remaining', 'voided_at'])
    .where('id', '=', grantId)
    .forUpdate()
    .executeTakeFirst();
  if (!grant?.voided_at) return 0;
  // Read after the lock: a reservation handing pages back locks the grant first (see
  // page-reservations.service), so what it held is settled by now.
  const held = await sql<{ held: number }>`
    SELECT coalesce(sum(i.pages), 0)::int AS held FROM page_reservation_items i
      JOIN page_reservations r ON r.id = i.reservation_id
     WHERE i.grant_id = ${grantId} AND r.status <> 'voided'`.execute(db);
  const remaining = Math.max(0, grant.pages - Number(held.rows[0]?.held ?? 0));
  await db
    .updateTable('page_grants')
    .set({ remaining, voided_at: null })
    .where('id', '=', grantId)
    .execute();
  return remaining - grant.remaining;
}

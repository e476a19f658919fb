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
): Promise<void> {
  await db
    .insertInto('page_grants')
    .values({ ...grant, remaining: grant.pages })
    .execute();
}

export function findNextExpiringGrant(db: TDb, userId: number, now: Date) {
  return db
    .selectFrom('page_grants')
    .select(['remaining', 'expires_at'])
    .where('user_id', '=', userId)
    .where('remaining', '>', 0)
    .where('expires_at', '>', now)
    .orderBy('expires_at')
    .limit(1)
    .executeTakeFirst();
}

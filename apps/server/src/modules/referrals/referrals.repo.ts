import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import type { TGrantSource } from '../../db/schema';

export function findInvitedUser(db: TDb, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'referred_by_user_id', 'email_confirmed_at', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function findReferrerByCode(db: TDb, code: string) {
  return db
    .selectFrom('users')
    .select(['id', 'referral_code'])
    .where('referral_code', '=', code)
    .executeTakeFirst();
}

export function findReferralCode(db: TDb, userId: number) {
  return db
    .selectFrom('users')
    .select(['referral_code'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Sets the inviter of an account that has none yet; false when it already had one. */
export async function setReferrer(db: TDb, userId: number, referrerId: number): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ referred_by_user_id: referrerId })
    .where('id', '=', userId)
    .where('referred_by_user_id', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countGrants(db: TDb, userId: number, source: TGrantSource): Promise<number> {
  const row = await db
    .selectFrom('page_grants')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('source', '=', source)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records the credit; false when this invited person was credited before (unique key). */
export async function insertReferralCredit(
  db: TDb,
  row: { referrerId: number; invitedId: number; pages: number; now: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('referral_credits')
    .values({
      referrer_user_id: row.referrerId,
      invited_user_id: row.invitedId,
      pages: row.pages,
      created_at: row.now,
    })
    .onConflict((oc) => oc.column('invited_user_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The people this user invited, newest first, with their credit (if any) and whether they bought. */
export function listInvited(db: TDb, referrerId: number, limit: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('referral_credits as rc', 'rc.invited_user_id', 'u.id')
    .select((eb) => [
      'u.email',
      'u.created_at',
      'u.email_confirmed_at',
      'rc.pages',
      'rc.created_at as credited_at',
      eb
        .exists(
          eb
            .selectFrom('page_grants as g')
            .select('g.id')
            .whereRef('g.user_id', '=', 'u.id')
            .where('g.source', '=', 'package'),
        )
        .as('has_purchase'),
    ])
    .where('u.referred_by_user_id', '=', referrerId)
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(limit)
    .execute();
}

export async function sumReferralPages(db: TDb, referrerId: number): Promise<number> {
  const row = await db
    .selectFrom('referral_credits')
    .select(sql<number>`coalesce(sum(pages), 0)::int`.as('n'))
    .where('referrer_user_id', '=', referrerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The card bonus (source 'card_bonus'): granted once per person by the cards work. */
export function findCardBonusGrant(db: TDb, userId: number) {
  return db
    .selectFrom('page_grants')
    .select(['pages', 'remaining', 'expires_at'])
    .where('user_id', '=', userId)
    .where('source', '=', 'card_bonus')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

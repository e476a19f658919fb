import { sql } from 'kysely';
import type { TDb } from '../../db/database';

export function findUserData(db: TDb, userId: number) {
  return db.selectFrom('user_data').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Locks the account's row (creating it first), so concurrent verifications queue. */
export async function lockUserData(db: TDb, userId: number) {
  await db
    .insertInto('user_data')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return db
    .selectFrom('user_data')
    .selectAll()
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export function findVerifiedOwner(db: TDb, phoneNumber: string) {
  return db
    .selectFrom('user_data')
    .select('user_id')
    .where('phone_number', '=', phoneNumber)
    .executeTakeFirst();
}

export async function saveVerifiedPhone(
  db: TDb,
  userId: number,
  phoneNumber: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('user_data')
    .set({ phone_number: phoneNumber, phone_verified_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

/** Clears the old-app requirement and marks the extra granted; false when it already was. */
export async function claimOldAppBonus(db: TDb, userId: number, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('user_data')
    .set({ old_app_verification_required: false, old_app_bonus_granted_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .where('old_app_bonus_granted_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateAppVersion(
  db: TDb,
  userId: number,
  changes: { version: string; verificationRequired: boolean },
  now: Date,
): Promise<void> {
  await db
    .updateTable('user_data')
    .set({
      app_version: changes.version,
      app_version_seen_at: now,
      old_app_verification_required: changes.verificationRequired,
      updated_at: now,
    })
    .where('user_id', '=', userId)
    .execute();
}

export function findVerification(db: TDb, userId: number) {
  return db
    .selectFrom('phone_verifications')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function upsertVerification(
  db: TDb,
  row: { userId: number; phoneNumber: string; codeHash: string; sentAt: Date; expiresAt: Date },
): Promise<void> {
  const values = {
    phone_number: row.phoneNumber,
    code_hash: row.codeHash,
    attempts: 0,
    sent_at: row.sentAt,
    expires_at: row.expiresAt,
  };
  await db
    .insertInto('phone_verifications')
    .values({ user_id: row.userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function incrementAttempts(db: TDb, userId: number): Promise<void> {
  await db
    .updateTable('phone_verifications')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteVerification(db: TDb, userId: number): Promise<void> {
  await db.deleteFrom('phone_verifications').where('user_id', '=', userId).execute();
}

export async function insertSmsSend(
  db: TDb,
  row: { userId: number; phoneNumber: string; sentAt: Date },
): Promise<number> {
  const inserted = await db
    .insertInto('sms_sends')
    .values({ user_id: row.userId, phone_number: row.phoneNumber, sent_at: row.sentAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function deleteSmsSend(db: TDb, id: number): Promise<void> {
  await db.deleteFrom('sms_sends').where('id', '=', id).execute();
}

/** The latest SMS to this account, or to this number by anyone, after `since`. */
export function findRecentSend(
  db: TDb,
  where: { userId?: number; phoneNumber?: string },
  since: Date,
) {
  let query = db
    .selectFrom('sms_sends')
    .select(['sent_at'])
    .where('sent_at', '>', since)
    .orderBy('sent_at', 'desc')
    .limit(1);
  if (where.userId !== undefined) query = query.where('user_id', '=', where.userId);
  if (where.phoneNumber !== undefined) query = query.where('phone_number', '=', where.phoneNumber);
  return query.executeTakeFirst();
}

export async function countSendsSince(db: TDb, userId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('sms_sends')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('sent_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The sandbox SMS gateway's "sent" messages (/dev/sms shows them). */
export async function insertOutboxMessage(db: TDb, to: string, body: string): Promise<void> {
  await db.insertInto('sms_outbox').values({ to_number: to, body }).execute();
}

export function listOutbox(db: TDb, limit: number) {
  return db.selectFrom('sms_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

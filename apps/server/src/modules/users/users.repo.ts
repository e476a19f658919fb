import type { TDb } from '../../db/database';
import type { TNewUser, TUserRow, TUserUpdate } from '../../db/schema';

export function findUserById(db: TDb, id: number): Promise<TUserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: TDb, email: string): Promise<TUserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findUserByFacebookId(db: TDb, facebookId: string): Promise<TUserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('facebook_id', '=', facebookId)
    .executeTakeFirst();
}

export function findUserByReferralCode(db: TDb, code: string): Promise<TUserRow | undefined> {
  return db.selectFrom('users').selectAll().where('referral_code', '=', code).executeTakeFirst();
}

export function insertUser(db: TDb, user: TNewUser): Promise<TUserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: TDb, id: number, changes: TUserUpdate): Promise<TUserRow> {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

// Account deletion (account-erasure.service.ts). It reads and deletes rows of other modules' tables
// (documents, print jobs, reservations, grants, sessions): they belong to the person and go with
// them, in the caller's transaction.

export function lockUserById(db: TDb, id: number): Promise<TUserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Locks every admin row, so two admins deleting each other cannot both succeed. */
export function lockAdmins(db: TDb): Promise<{ id: number }[]> {
  return db.selectFrom('users').select('id').where('role', '=', 'admin').forUpdate().execute();
}

export function listDocumentKeysOfUser(db: TDb, userId: number) {
  return db
    .selectFrom('documents')
    .select(['original_key', 'pdf_key'])
    .where('user_id', '=', userId)
    .execute();
}

export function listPrintjobsOfUser(db: TDb, userId: number) {
  return db
    .selectFrom('printjobs')
    .select(['id', 'status', 'printer_id', 'printing_started_at'])
    .where('user_id', '=', userId)
    .execute();
}

/**
 * The records that outlive the person (money: payments and their receipts) and the things they
 * wrote with their address (location suggestions) lose the address. Payments keep amount, pages,
 * dates and receipt number for the accounts; their user_id goes NULL with the user row.
 */
export async function anonymiseKeptRecordsOfUser(
  db: TDb,
  userId: number,
  placeholderEmail: string,
): Promise<void> {
  await db
    .updateTable('payments')
    .set({ payer_email: placeholderEmail })
    .where('user_id', '=', userId)
    .execute();
  await db
    .updateTable('location_suggestions')
    .set({ email: '' })
    .where('user_id', '=', userId)
    .execute();
}

/** Deletes the person and what belongs only to them, children first. */
export async function deleteUserAndOwnedRows(db: TDb, userId: number): Promise<void> {
  await db.deleteFrom('documents').where('user_id', '=', userId).execute();
  await db.deleteFrom('page_reservations').where('user_id', '=', userId).execute();
  await db.deleteFrom('printjobs').where('user_id', '=', userId).execute();
  await db.deleteFrom('page_grants').where('user_id', '=', userId).execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('email_confirmations').where('user_id', '=', userId).execute();
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

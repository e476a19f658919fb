import { sql, type ExpressionBuilder } from 'kysely';
import type { TDb } from '../../db/database';
import type { TDB, TDocumentRow, TNewUser, TUserRow, TUserUpdate } from '../../db/schema';

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

/** The installed app was opened (issue 16, mobile-app.service.ts): `last_login_mobile` = `at`. */
export function setLastLoginMobile(db: TDb, id: number, at: Date): Promise<TUserRow> {
  return db
    .updateTable('users')
    .set({ last_login_mobile: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

// Account deletion (account-erasure.service.ts). It reads, anonymises and deletes rows of other
// modules' tables (documents, print jobs, the pages ledger, sessions, inbound mail, the audit log):
// they belong to the person, in the caller's transaction.

export function lockUserById(db: TDb, id: number): Promise<TUserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Locks every admin row, so two admins deleting each other cannot both succeed. */
export function lockAdmins(db: TDb): Promise<{ id: number }[]> {
  return db.selectFrom('users').select('id').where('role', '=', 'admin').forUpdate().execute();
}

/**
 * Locks the person's payments (in id order) for the erasure, right after the user row: it
 * anonymises them later, and the hooks' invoices and voidReservation's grants come after, so
 * erasure takes user → payments → grants, the order of an invoice (user, then payments) and of a
 * purchase refund (payment, then grant).
 */
export async function lockPaymentsOfUser(db: TDb, userId: number): Promise<void> {
  await db
    .selectFrom('payments')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function listDocumentsOfUser(db: TDb, userId: number): Promise<TDocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('user_id', '=', userId).execute();
}

export function listPrintjobsOfUser(db: TDb, userId: number) {
  return db
    .selectFrom('printjobs')
    .select(['id', 'status', 'printer_id', 'printing_started_at'])
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Package purchases of the person still waiting for the provider. A new one cannot start while
 * the user row is locked (its foreign key waits for the lock), so the answer holds until commit.
 */
export async function countPackagePaymentsInProgress(db: TDb, userId: number): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'processing')
    .where('express_order_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The person's reservations still holding pages (their jobs are about to go). */
export async function listLiveReservationIdsOfUser(db: TDb, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('page_reservations')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'reserved')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The records that outlive the person lose what names them:
 * - payments (amount, pages, dates, receipt number stay for the accounts): the payer's address;
 * - the pages ledger (grants and reservations stay, their user_id goes NULL with the user row):
 *   the admin's free-text reason on grants, which may name the person;
 * - location suggestions: the address;
 * - the audit log: the address and free-text reasons in rows about the account, and the reason in
 *   refund rows about their jobs (actor, action, dates and counts stay);
 * - mail sent to a printer by them or from their address: sender, subject and attachment names,
 *   and the stored raw message (its key is answered, the caller removes the files after commit).
 */
export async function anonymiseKeptRecordsOfUser(
  db: TDb,
  user: { id: number; email: string },
  placeholderEmail: string,
): Promise<{ rawKeys: string[] }> {
  const userId = user.id;
  const email = user.email.toLowerCase();
  await db
    .updateTable('payments')
    .set({ payer_email: placeholderEmail })
    .where('user_id', '=', userId)
    .execute();
  await db.updateTable('page_grants').set({ reason: null }).where('user_id', '=', userId).execute();
  await db
    .updateTable('location_suggestions')
    .set({ email: '' })
    .where('user_id', '=', userId)
    .execute();
  await db
    .updateTable('audit_log')
    .set({ details: sql<string>`details - 'email' - 'reason'` })
    .where('subject_type', '=', 'user')
    .where('subject_id', '=', String(userId))
    .execute();
  await db
    .updateTable('audit_log')
    .set({ details: sql<string>`details - 'reason'` })
    .where('subject_type', '=', 'printjob')
    .where(sql<string>`details->>'user_id'`, '=', String(userId))
    .execute();
  await db.deleteFrom('sign_in_attempts').where('email', '=', email).execute();

  const theirMail = (eb: ExpressionBuilder<TDB, 'inbound_messages'>) =>
    eb.or([
      eb('user_id', '=', userId),
      eb('from_address', '=', email),
      eb(eb.fn('lower', ['envelope_from']), '=', email),
    ]);
  const stored = await db
    .selectFrom('inbound_messages')
    .select('raw_key')
    .where(theirMail)
    .where('raw_key', 'is not', null)
    .execute();
  await db
    .updateTable('inbound_messages')
    .set({
      envelope_from: null,
      from_address: null,
      subject: null,
      raw_key: null,
      documents: sql<string>`coalesce((
        SELECT jsonb_agg(jsonb_set(d.value, '{name}', '""'::jsonb) ORDER BY d.ordinality)
          FROM jsonb_array_elements(inbound_messages.documents) WITH ORDINALITY AS d), '[]'::jsonb)`,
    })
    .where(theirMail)
    .execute();
  return { rawKeys: stored.flatMap((r) => (r.raw_key ? [r.raw_key] : [])) };
}

/**
 * Deletes the person and what belongs only to them, children first. The pages ledger is not
 * theirs alone: grants and reservations stay (user_id and printjob_id go NULL, migration 0026).
 */
export async function deleteUserAndOwnedRows(db: TDb, userId: number): Promise<void> {
  await db.deleteFrom('documents').where('user_id', '=', userId).execute();
  await db.deleteFrom('printjobs').where('user_id', '=', userId).execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('email_confirmations').where('user_id', '=', userId).execute();
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

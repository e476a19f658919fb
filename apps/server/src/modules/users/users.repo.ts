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

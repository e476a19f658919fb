import type { TDb } from '../../db/database';
import type { TUserRow } from '../../db/schema';

export interface TSessionWithUser {
  id: string;
  csrf_token: string;
  is_mobile_app: boolean;
  last_seen_at: Date;
  expires_at: Date;
  user: TUserRow;
}

export async function insertSession(
  db: TDb,
  row: {
    id: string;
    user_id: number;
    csrf_token: string;
    is_mobile_app: boolean;
    user_agent: string | null;
    ip: string | null;
    expires_at: Date;
  },
): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export async function findLiveSession(
  db: TDb,
  id: string,
  now: Date,
): Promise<TSessionWithUser | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.csrf_token as session_csrf_token',
      'sessions.is_mobile_app as session_is_mobile_app',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.expires_at as session_expires_at',
    ])
    .where('sessions.id', '=', id)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    session_id,
    session_csrf_token,
    session_is_mobile_app,
    session_last_seen_at,
    session_expires_at,
    ...user
  } = row;
  return {
    id: session_id,
    csrf_token: session_csrf_token,
    is_mobile_app: session_is_mobile_app,
    last_seen_at: session_last_seen_at,
    expires_at: new Date(session_expires_at),
    user,
  };
}

/** Stamps the session as seen and extends it; false when it is gone (ended elsewhere). */
export async function touchSession(
  db: TDb,
  id: string,
  now: Date,
  expiresAt: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ last_seen_at: now, expires_at: expiresAt })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteSession(db: TDb, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteOtherSessions(db: TDb, userId: number, keepId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepId).execute();
}

export async function deleteAllSessions(db: TDb, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(db: TDb, now: Date): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

import type { TDb } from '../../db/database';

export async function insertPasswordReset(
  db: TDb,
  row: {
    user_id: number;
    token_hash: string;
    email: string;
    expires_at: Date;
    requested_ip: string | null;
  },
): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

/**
 * Marks the link used and returns it, only if it is unused and unexpired: one statement, so two
 * submissions of the same link cannot both pass.
 */
export async function consumePasswordReset(
  db: TDb,
  tokenHash: string,
  now: Date,
): Promise<{ id: number; user_id: number; email: string } | undefined> {
  return db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'user_id', 'email'])
    .executeTakeFirst();
}

/** The link as stored (whatever its state), to tell "used" from "expired" from "unknown". */
export async function findPasswordReset(
  db: TDb,
  tokenHash: string,
): Promise<{ user_id: number; email: string; expires_at: Date; used_at: Date | null } | undefined> {
  return db
    .selectFrom('password_resets')
    .select(['user_id', 'email', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Ends the account's other open links: once one reset the password, older mails do nothing. */
export async function usePasswordResetsOf(db: TDb, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Links expired a day ago or more are of no use, not even to say "expired": deleted. */
export async function deleteOldPasswordResets(db: TDb, before: Date): Promise<void> {
  await db.deleteFrom('password_resets').where('expires_at', '<', before).execute();
}

import type { TDb } from '../../db/database';

export async function insertEmailConfirmation(
  db: TDb,
  row: { user_id: number; token_hash: string; email: string; expires_at: Date },
): Promise<void> {
  await db.insertInto('email_confirmations').values(row).execute();
}

/** Marks the token used and returns it, only if it is unused, unexpired and still for the user's address. */
export async function consumeEmailConfirmation(
  db: TDb,
  tokenHash: string,
  now: Date,
): Promise<{ user_id: number; email: string } | undefined> {
  return db
    .updateTable('email_confirmations')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'email'])
    .executeTakeFirst();
}

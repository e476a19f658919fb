import type { TDb } from '../../db/database';
import type { TUserRow } from '../../db/schema';

/** The account a printer's panel names by its ID: what deciding on its PIN needs. */
export function findPinHolder(
  db: TDb,
  pinUid: number,
): Promise<Pick<TUserRow, 'id' | 'role' | 'blocked_at' | 'pin_hash'> | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'blocked_at', 'pin_hash'])
    .where('pin_uid', '=', pinUid)
    .executeTakeFirst();
}

export async function isPinUidTaken(db: TDb, pinUid: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('pin_uid', '=', pinUid)
    .executeTakeFirst();
  return row !== undefined;
}

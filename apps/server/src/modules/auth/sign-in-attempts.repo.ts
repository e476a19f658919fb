import type { TDb } from '../../db/database';

export async function recordSignInAttempt(
  db: TDb,
  attempt: { email: string; ip: string | null; succeeded: boolean },
): Promise<void> {
  await db.insertInto('sign_in_attempts').values(attempt).execute();
}

/**
 * Failed attempts since `since`: for this account from this address (a victim's own address is
 * never locked by failures from elsewhere), and from this address whatever the account.
 */
export async function countRecentFailures(
  db: TDb,
  key: { email: string; ip: string | null },
  since: Date,
): Promise<{ byAccountAndIp: number; byIp: number }> {
  const ip = key.ip ?? '';
  const row = await db
    .selectFrom('sign_in_attempts')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('email', '=', key.email).as('by_account_and_ip'),
      eb.fn.countAll<number>().as('by_ip'),
    ])
    .where('succeeded', '=', false)
    .where('created_at', '>', since)
    .where((eb) => (key.ip === null ? eb('ip', 'is', null) : eb('ip', '=', ip)))
    .executeTakeFirstOrThrow();
  return { byAccountAndIp: Number(row.by_account_and_ip), byIp: Number(row.by_ip) };
}

export async function deleteOldSignInAttempts(db: TDb, before: Date): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('created_at', '<', before).execute();
}

import type { TDb } from '../../db/database';

export async function recordSignInAttempt(
  db: TDb,
  attempt: { email: string; ip: string | null; succeeded: boolean },
): Promise<void> {
  await db.insertInto('sign_in_attempts').values(attempt).execute();
}

/** Failed attempts for this e-mail, or from this address, since `since`. */
export async function countRecentFailures(
  db: TDb,
  key: { email: string; ip: string | null },
  since: Date,
): Promise<{ byEmail: number; byIp: number }> {
  const row = await db
    .selectFrom('sign_in_attempts')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('email', '=', key.email).as('by_email'),
      eb.fn
        .countAll<number>()
        .filterWhere('ip', '=', key.ip ?? '')
        .as('by_ip'),
    ])
    .where('succeeded', '=', false)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { byEmail: Number(row.by_email), byIp: Number(row.by_ip) };
}

export async function deleteOldSignInAttempts(db: TDb, before: Date): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('created_at', '<', before).execute();
}

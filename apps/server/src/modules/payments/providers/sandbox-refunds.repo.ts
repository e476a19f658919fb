import type { Insertable, Selectable } from 'kysely';
import type { TDb } from '../../../db/database';
import type { TSandboxRefundsTable } from '../../../db/schema';

export type TSandboxRefundRow = Selectable<TSandboxRefundsTable>;

/** The paid sandbox session a refund is for, locked so two refunds of it take turns. */
export function lockPaidSandboxSession(db: TDb, providerReference: string) {
  return db
    .selectFrom('sandbox_sessions')
    .select(['provider_reference', 'reference', 'amount_minor', 'currency', 'status', 'kind'])
    .where('provider_reference', '=', providerReference)
    .forUpdate()
    .executeTakeFirst();
}

export function findSandboxRefund(
  db: TDb,
  reference: string,
): Promise<TSandboxRefundRow | undefined> {
  return db
    .selectFrom('sandbox_refunds')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirst();
}

/** What was already paid back of a session. */
export async function sumSandboxRefunds(db: TDb, sessionProviderReference: string) {
  const row = await db
    .selectFrom('sandbox_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), eb.lit(0)).as('total'))
    .where('session_provider_reference', '=', sessionProviderReference)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertSandboxRefund(
  db: TDb,
  values: Insertable<TSandboxRefundsTable>,
): Promise<void> {
  await db.insertInto('sandbox_refunds').values(values).execute();
}

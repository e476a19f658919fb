import type { Selectable } from 'kysely';
import type { TDb } from '../../../db/database';
import type { TSmsSandboxSessionsTable } from '../../../db/schema';

export type TSmsSandboxRow = Selectable<TSmsSandboxSessionsTable>;

export function findSmsSandboxSession(db: TDb, sessionId: string) {
  return db
    .selectFrom('sms_sandbox_sessions')
    .selectAll()
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
}

/** Records the SMS once: null when the session already had one (another request won). */
export function insertSmsSandboxSession(
  db: TDb,
  row: Pick<TSmsSandboxRow, 'session_id' | 'reference' | 'outcome' | 'event_id' | 'sent_at'>,
) {
  return db
    .insertInto('sms_sandbox_sessions')
    .values(row)
    .onConflict((oc) => oc.column('session_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function recordSmsDeliveries(
  db: TDb,
  sessionId: string,
  attempts: number,
  lastStatus: string,
  deliveredAt: Date | null,
) {
  return db
    .updateTable('sms_sandbox_sessions')
    .set((eb) => ({
      deliveries: eb('deliveries', '+', attempts),
      last_delivery_status: lastStatus,
      ...(deliveredAt ? { delivered_at: deliveredAt } : {}),
    }))
    .where('session_id', '=', sessionId)
    .execute();
}

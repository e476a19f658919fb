import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import type { TUserRow } from '../../db/schema';

export function lockUser(db: TDb, id: number): Promise<TUserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setUserBlockedAt(db: TDb, id: number, blockedAt: Date | null): Promise<void> {
  await db.updateTable('users').set({ blocked_at: blockedAt }).where('id', '=', id).execute();
}

/** A blocked account's sessions (browser and phone app) end with the block. */
export async function deleteSessionsOfUser(db: TDb, userId: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The job row, locked: two refunds of one job queue up behind each other. */
export function lockPrintjobForRefund(db: TDb, id: number) {
  return db
    .selectFrom('printjobs')
    .select(['id', 'user_id', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Pages the job was charged: what its posted reservations kept (a job may be released twice). */
export async function chargedPagesOfPrintjob(db: TDb, printjobId: number): Promise<number> {
  const row = await db
    .selectFrom('page_reservations')
    .select(sql<number>`coalesce(sum(charged), 0)::int`.as('charged'))
    .where('printjob_id', '=', printjobId)
    .where('status', '=', 'posted')
    .executeTakeFirstOrThrow();
  return Number(row.charged);
}

export function findRefundOfPrintjob(db: TDb, printjobId: number) {
  return db
    .selectFrom('page_grants')
    .select(['id', 'pages', 'reason', 'expires_at', 'created_at'])
    .where('printjob_id', '=', printjobId)
    .where('source', '=', 'refund')
    .executeTakeFirst();
}

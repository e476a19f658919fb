import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/** The user's usable grants, earliest expiry first (never-expiring last), locked for this transaction. */
export function lockUsableGrants(db: TDb, userId: number, now: Date) {
  return db
    .selectFrom('page_grants')
    .select(['id', 'remaining'])
    .where('user_id', '=', userId)
    .where('remaining', '>', 0)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy(sql`expires_at ASC NULLS LAST`)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function changeGrantRemaining(db: TDb, grantId: number, delta: number): Promise<void> {
  await db
    .updateTable('page_grants')
    .set((eb) => ({ remaining: eb('remaining', '+', delta) }))
    .where('id', '=', grantId)
    .execute();
}

/**
 * Pages handed back to a grant: added to its remaining unless the grant was voided (a refunded
 * purchase's); answers whether they were added. The caller locked the grant
 * (`lockGrantsOfReservation`); the condition is the last word.
 */
export async function returnPagesToGrant(
  db: TDb,
  grantId: number,
  pages: number,
): Promise<boolean> {
  const result = await db
    .updateTable('page_grants')
    .set((eb) => ({ remaining: eb('remaining', '+', pages) }))
    .where('id', '=', grantId)
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The grants a reservation took from, locked in the order `lockUsableGrants` locks them (no
 * deadlock with a release), with whether each is voided.
 */
export function lockGrantsOfReservation(db: TDb, reservationId: number) {
  return db
    .selectFrom('page_grants')
    .select(['id', 'voided_at'])
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('page_reservation_items')
        .select('grant_id')
        .where('reservation_id', '=', reservationId),
    )
    .orderBy(sql`expires_at ASC NULLS LAST`)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function insertReservation(
  db: TDb,
  row: {
    user_id: number;
    printjob_id: number | null;
    pages: number;
    device_session_id?: number | null;
    usage_report_id?: string | null;
  },
) {
  return db.insertInto('page_reservations').values(row).returning(['id']).executeTakeFirstOrThrow();
}

export async function insertReservationItem(
  db: TDb,
  row: { reservation_id: number; grant_id: number; pages: number; taken_order: number },
): Promise<void> {
  await db.insertInto('page_reservation_items').values(row).execute();
}

export function lockReservation(db: TDb, id: number) {
  return db
    .selectFrom('page_reservations')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Items in reverse order of taking: refunds go back to the latest-expiring grants first. */
export function reservationItemsNewestFirst(db: TDb, reservationId: number) {
  return db
    .selectFrom('page_reservation_items')
    .selectAll()
    .where('reservation_id', '=', reservationId)
    .orderBy('taken_order', 'desc')
    .execute();
}

export async function setItemPages(
  db: TDb,
  reservationId: number,
  grantId: number,
  pages: number,
): Promise<void> {
  const where = db
    .deleteFrom('page_reservation_items')
    .where('reservation_id', '=', reservationId)
    .where('grant_id', '=', grantId);
  if (pages === 0) {
    await where.execute();
    return;
  }
  await db
    .updateTable('page_reservation_items')
    .set({ pages })
    .where('reservation_id', '=', reservationId)
    .where('grant_id', '=', grantId)
    .execute();
}

export async function settleReservation(
  db: TDb,
  id: number,
  status: 'posted' | 'voided',
  charged: number | null,
  now: Date,
): Promise<void> {
  await db
    .updateTable('page_reservations')
    .set({ status, charged, settled_at: now })
    .where('id', '=', id)
    .execute();
}

/** The job's reservation that still holds pages (status reserved), if any. */
export async function findLiveReservationId(db: TDb, jobId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('page_reservations')
    .select('id')
    .where('printjob_id', '=', jobId)
    .where('status', '=', 'reserved')
    .executeTakeFirst();
  return row?.id;
}

/** The posted charge of a copy report in a device session, if it was charged already. */
export function findDeviceCopyCharge(db: TDb, deviceSessionId: number, usageReportId: string) {
  return db
    .selectFrom('page_reservations')
    .select(['id', 'charged'])
    .where('device_session_id', '=', deviceSessionId)
    .where('usage_report_id', '=', usageReportId)
    .executeTakeFirst();
}

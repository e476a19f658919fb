import { isUniqueViolation } from '../../db/pg-errors';
import type { TDb } from '../../db/database';
import { notePersonChanged } from '../../realtime/person-changed';
import { AppError } from '../../http/errors';
import {
  findDeviceCopyCharge,
  findLiveReservationId,
  changeGrantRemaining,
  insertReservation,
  insertReservationItem,
  lockGrantsOfReservation,
  lockReservation,
  lockUsableGrants,
  reservationItemsNewestFirst,
  returnPagesToGrant,
  setItemPages,
  settleReservation,
} from './page-reservations.repo';

/** What a reservation is for: a print job, or a copy reported in a device session (issue 16). */
type TReservationFor =
  | { printjobId: number }
  | { printjobId?: undefined; deviceSessionId: number; usageReportId: string };

/**
 * Phase one, at release: takes `pages` from the grants that expire first. Run inside the caller's
 * transaction. The grant rows are locked, so concurrent releases cannot spend the same pages,
 * and the database refuses a negative remaining whatever happens.
 */
export async function reservePages(
  db: TDb,
  request: { userId: number; pages: number } & TReservationFor,
  now: Date,
): Promise<number> {
  const grants = await lockUsableGrants(db, request.userId, now);
  const available = grants.reduce((sum, g) => sum + g.remaining, 0);
  if (available < request.pages)
    throw new AppError(422, 'over_limit', 'printjobs.errors.over_limit');
  return takeFromGrants(db, grants, request);
}

/** Inserts the reservation and takes its pages from `grants` (locked, in taking order). */
async function takeFromGrants(
  db: TDb,
  grants: ReadonlyArray<{ id: number; remaining: number }>,
  request: { userId: number; pages: number } & TReservationFor,
): Promise<number> {
  let reservation;
  try {
    reservation = await insertReservation(db, {
      user_id: request.userId,
      printjob_id: request.printjobId ?? null,
      pages: request.pages,
      ...(request.printjobId === undefined
        ? { device_session_id: request.deviceSessionId, usage_report_id: request.usageReportId }
        : {}),
    });
  } catch (err) {
    if (isUniqueViolation(err) && request.printjobId !== undefined) {
      throw new AppError(409, 'not_created', 'printjobs.errors.not_created');
    }
    throw err;
  }
  let left = request.pages;
  for (const [order, grant] of grants.entries()) {
    if (left === 0) break;
    const take = Math.min(left, grant.remaining);
    await changeGrantRemaining(db, grant.id, -take);
    await insertReservationItem(db, {
      reservation_id: reservation.id,
      grant_id: grant.id,
      pages: take,
      taken_order: order,
    });
    left -= take;
  }
  return reservation.id;
}

/**
 * A copy made at a device in a device session (issue 16): charged through the same ledger as a
 * print job, a reservation tied to the session and the usage report, posted at once. Run inside
 * the caller's transaction. The copies are already made, so a person with fewer pages than
 * `pages` is charged what they have (the ledger never goes negative) and `shortfall` says what
 * could not be charged. A report charged before (same session and report id) charges nothing
 * more and answers the earlier charge (`repeated`).
 */
export async function chargeDeviceCopy(
  db: TDb,
  request: { userId: number; deviceSessionId: number; usageReportId: string; pages: number },
  now: Date,
): Promise<{ charged: number; shortfall: number; repeated: boolean }> {
  const earlier = await findDeviceCopyCharge(db, request.deviceSessionId, request.usageReportId);
  if (earlier) return { charged: earlier.charged ?? 0, shortfall: 0, repeated: true };
  const grants = await lockUsableGrants(db, request.userId, now);
  const available = grants.reduce((sum, g) => sum + g.remaining, 0);
  const pages = Math.max(0, Math.min(Math.floor(request.pages), available));
  const shortfall = Math.max(0, Math.floor(request.pages) - pages);
  // Nothing to take (no pages left, or an empty report): no reservation (it holds at least one).
  if (pages === 0) return { charged: 0, shortfall, repeated: false };
  notePersonChanged(db, request.userId);
  const reservationId = await takeFromGrants(db, grants, {
    userId: request.userId,
    pages,
    deviceSessionId: request.deviceSessionId,
    usageReportId: request.usageReportId,
  });
  const charged = await postReservation(db, reservationId, pages, now);
  return { charged, shortfall, repeated: false };
}

/**
 * Gives `pages` of a reservation back, to the latest-expiring grants first. A voided grant (its
 * purchase was refunded) keeps none: those pages are dropped, the reservation's item still
 * shrinks (it no longer holds them). The grants are locked first, so a refund voiding or
 * un-voiding one of them waits for this, or this for it.
 */
async function refund(db: TDb, reservationId: number, pages: number): Promise<void> {
  if (pages === 0) return;
  const voided = new Set(
    (await lockGrantsOfReservation(db, reservationId))
      .filter((grant) => grant.voided_at !== null)
      .map((grant) => grant.id),
  );
  let left = pages;
  for (const item of await reservationItemsNewestFirst(db, reservationId)) {
    if (left === 0) break;
    const back = Math.min(left, item.pages);
    if (!voided.has(item.grant_id)) await returnPagesToGrant(db, item.grant_id, back);
    await setItemPages(db, reservationId, item.grant_id, item.pages - back);
    left -= back;
  }
}

/**
 * Phase two, when the printer reports: charges what was printed, never more than was reserved,
 * and gives the rest back. Settling twice is a no-op (reports may arrive again).
 */
export async function postReservation(
  db: TDb,
  reservationId: number,
  printedPages: number,
  now: Date,
): Promise<number> {
  const reservation = await lockReservation(db, reservationId);
  if (!reservation) throw new Error(`no reservation ${reservationId}`);
  if (reservation.status !== 'reserved') return reservation.charged ?? 0;
  const charged = Math.max(0, Math.min(Math.floor(printedPages), reservation.pages));
  await refund(db, reservationId, reservation.pages - charged);
  await settleReservation(db, reservationId, 'posted', charged, now);
  return charged;
}

/**
 * The job failed before printing: every reserved page goes back. Idempotent. Answers how many
 * pages went back (0 when the reservation was already settled).
 */
export async function voidReservation(db: TDb, reservationId: number, now: Date): Promise<number> {
  const reservation = await lockReservation(db, reservationId);
  if (!reservation || reservation.status !== 'reserved') return 0;
  await refund(db, reservationId, reservation.pages);
  await settleReservation(db, reservationId, 'voided', null, now);
  return reservation.pages;
}

/** The id of the job's reservation that still holds pages (status reserved), if any. */
export function liveReservationId(db: TDb, jobId: number): Promise<number | undefined> {
  return findLiveReservationId(db, jobId);
}

/** What a copy report of a device session was charged (0 when it was not charged at all). */
export async function deviceCopyCharge(
  db: TDb,
  deviceSessionId: number,
  usageReportId: string,
): Promise<number> {
  return (await findDeviceCopyCharge(db, deviceSessionId, usageReportId))?.charged ?? 0;
}

import type { TDb } from '../../db/database';
import { notePersonChanged } from '../../realtime/person-changed';
import type { TGrantSource } from '../../db/schema';
import {
  findPagesSummary,
  insertGrant,
  sumRemainingPages,
  unvoidGrant,
  zeroGrantRemaining,
} from './pages-ledger.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

export function remainingPages(db: TDb, userId: number, now = new Date()): Promise<number> {
  return sumRemainingPages(db, userId, now);
}

/** Adds pages that expire `validDays` after `now` (or never, when null); answers the grant's id. */
export async function grantPages(
  db: TDb,
  grant: {
    userId: number;
    source: TGrantSource;
    pages: number;
    validDays: number | null;
    reference?: string;
    /** Why an admin granted or refunded them (shown in the ledger). */
    reason?: string;
    /** A refund's print job: the database allows one refund per job. */
    printjobId?: number;
  },
  now = new Date(),
): Promise<number> {
  // The person's pages change: announced when the caller's transaction committed.
  notePersonChanged(db, grant.userId);
  return insertGrant(db, {
    user_id: grant.userId,
    source: grant.source,
    pages: grant.pages,
    expires_at:
      grant.validDays === null ? null : new Date(now.getTime() + grant.validDays * DAY_MS),
    reference: grant.reference ?? null,
    reason: grant.reason ?? null,
    printjob_id: grant.printjobId ?? null,
  });
}

/**
 * The usable pages and the grant that expires first (the dashboard panel), in one round trip.
 */
export async function pagesSummary(
  db: TDb,
  userId: number,
  now: Date,
): Promise<{ remaining: number; expiring?: { remaining: number; expiresAt: Date } }> {
  const row = await findPagesSummary(db, userId, now);
  return row.nextRemaining !== null && row.nextExpiresAt !== null
    ? {
        remaining: row.remaining,
        expiring: { remaining: row.nextRemaining, expiresAt: new Date(row.nextExpiresAt) },
      }
    : { remaining: row.remaining };
}

/**
 * The pages of a grant not used yet are taken back (a refunded purchase): its remaining becomes 0
 * and it is marked voided, so pages a reservation hands back to it later are dropped, not added
 * (page-reservations.service). What live reservations hold from it stays theirs. Answers the pages
 * taken back.
 */
export function voidGrantRemaining(db: TDb, grantId: number, now: Date): Promise<number> {
  return zeroGrantRemaining(db, grantId, now);
}

/**
 * A voided grant's refund failed: the pages taken back come back, with those its reservations
 * handed back meanwhile (dropped then); the grant is usable again. Answers the pages given back.
 */
export function restoreVoidedGrant(db: TDb, grantId: number): Promise<number> {
  return unvoidGrant(db, grantId);
}

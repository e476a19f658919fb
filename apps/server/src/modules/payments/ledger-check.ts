import type { TDb } from '../../db/database';
import { remainingPages } from '../pages/pages-ledger.service';
import {
  grantsMissingAndHeld,
  grantsOutOfBounds,
  purchasesWithGrants,
  repeatedCardBonuses,
  summedRemainingPerUser,
} from './ledger-check.repo';

export type TLedgerProblem = { userId: number | null; problem: string; details: string };

/**
 * The nightly-style check of the pages ledger, per person:
 * - no grant has remaining below 0 or above its pages;
 * - what each grant is missing equals what live (not voided) reservations hold from it; a
 *   refunded purchase's grant is voided instead (`voidedGrantProblem`);
 * - the remaining pages derived from the grants equal the sum of their remaining;
 * - every completed purchase has exactly one package grant of its pages;
 * - nobody has more than one add-card bonus grant.
 * Returns the problems found (none: consistent).
 */
export async function checkLedger(db: TDb, now = new Date()): Promise<TLedgerProblem[]> {
  const problems: TLedgerProblem[] = [];
  const bounds = await grantsOutOfBounds(db);
  for (const r of bounds.rows)
    problems.push({
      userId: r.user_id,
      problem: 'grant_out_of_bounds',
      details: `grant ${r.id}: ${r.remaining} of ${r.pages}`,
    });

  const held = await grantsMissingAndHeld(db);
  for (const r of held.rows) {
    const voided = voidedGrantProblem(r);
    if (voided) problems.push({ userId: r.user_id, ...voided });
    else if (!r.voided && Number(r.missing) !== Number(r.held))
      problems.push({
        userId: r.user_id,
        problem: 'grant_missing_not_held',
        details: `grant ${r.id}: missing ${r.missing}, held ${r.held}`,
      });
  }

  // The ledger's own derivation (what the person is shown) against an independent sum.
  const sums = await summedRemainingPerUser(db, now);
  for (const r of sums.rows) {
    const derived = await remainingPages(db, r.user_id, now);
    if (Number(r.summed) !== derived)
      problems.push({
        userId: r.user_id,
        problem: 'remaining_mismatch',
        details: `sum ${r.summed}, derived ${derived}`,
      });
  }

  const purchases = await purchasesWithGrants(db);
  for (const r of purchases.rows) {
    const expected = r.status === 'completed' ? 1 : 0;
    if (Number(r.grants) !== expected || (expected === 1 && Number(r.granted) !== Number(r.pages)))
      problems.push({
        userId: r.user_id,
        problem: 'purchase_grant_mismatch',
        details: `${r.reference}: ${r.grants} grants of ${r.granted} pages (status ${r.status})`,
      });
  }

  const bonuses = await repeatedCardBonuses(db);
  for (const r of bonuses.rows)
    problems.push({ userId: r.user_id, problem: 'card_bonus_twice', details: `${r.n} grants` });
  return problems;
}

/**
 * A purchase's grant and its refund. A live (pending or succeeded) refund voided the grant, and
 * only such a refund may: a failed one un-voided it and gave the pages back (then the grant is
 * checked like any other). A voided grant's remaining is 0 for good: nothing can take from it and
 * the pages reservations hand back are dropped, so it misses exactly its pages. Those are
 * what reservations still hold plus what the refund took back (`pages_voided` = pages − held at
 * the refund) plus what was dropped since; held only shrinks after the refund (no reservation can
 * take from the grant), so held + pages_voided never exceeds the pages.
 */
function voidedGrantProblem(r: {
  id: number;
  pages: number;
  remaining: number;
  held: number;
  voided: boolean;
  refund_pages_voided: number | null;
}): Omit<TLedgerProblem, 'userId'> | null {
  const refunded = r.refund_pages_voided !== null;
  if (!r.voided && !refunded) return null;
  if (r.voided !== refunded)
    return {
      problem: 'refunded_grant_not_voided',
      details: `grant ${r.id}: ${r.voided ? 'voided without a live refund' : 'refunded, not voided'}`,
    };
  const taken = Number(r.refund_pages_voided);
  if (Number(r.remaining) !== 0 || Number(r.held) + taken > Number(r.pages))
    return {
      problem: 'voided_grant_refilled',
      details: `grant ${r.id}: remaining ${r.remaining}, held ${r.held}, taken back ${taken} of ${r.pages}`,
    };
  return null;
}

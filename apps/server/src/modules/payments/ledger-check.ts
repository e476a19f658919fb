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
 * - what each grant is missing equals what live (not voided) reservations hold from it (a
 *   refunded purchase's grant: at least that, its unused pages were taken back);
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
  for (const r of held.rows)
    if (
      // A refunded purchase's unused pages were taken back: it misses those on top of what
      // reservations hold (never less than they hold).
      r.purchase_refunded
        ? Number(r.missing) < Number(r.held)
        : Number(r.missing) !== Number(r.held)
    )
      problems.push({
        userId: r.user_id,
        problem: 'grant_missing_not_held',
        details: `grant ${r.id}: missing ${r.missing}, held ${r.held}`,
      });

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

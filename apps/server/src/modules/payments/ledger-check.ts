import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import { remainingPages } from '../pages/pages-ledger.service';

export type TLedgerProblem = { userId: number | null; problem: string; details: string };

/**
 * The nightly-style check of the pages ledger, per person:
 * - no grant has remaining below 0 or above its pages;
 * - what each grant is missing equals what live (not voided) reservations hold from it;
 * - the remaining pages derived from the grants equal the sum of their remaining;
 * - every completed purchase has exactly one package grant of its pages;
 * - nobody has more than one add-card bonus grant.
 * Returns the problems found (none: consistent).
 */
export async function checkLedger(db: TDb, now = new Date()): Promise<TLedgerProblem[]> {
  const problems: TLedgerProblem[] = [];
  const bounds = await sql<{ user_id: number; id: number; pages: number; remaining: number }>`
    SELECT user_id, id, pages, remaining FROM page_grants
     WHERE remaining < 0 OR remaining > pages`.execute(db);
  for (const r of bounds.rows)
    problems.push({
      userId: r.user_id,
      problem: 'grant_out_of_bounds',
      details: `grant ${r.id}: ${r.remaining} of ${r.pages}`,
    });

  const held = await sql<{ user_id: number; id: number; missing: number; held: number }>`
    SELECT g.user_id, g.id, g.pages - g.remaining AS missing,
           coalesce((SELECT sum(i.pages) FROM page_reservation_items i
                      JOIN page_reservations r ON r.id = i.reservation_id
                     WHERE i.grant_id = g.id AND r.status <> 'voided'), 0)::int AS held
      FROM page_grants g`.execute(db);
  for (const r of held.rows)
    if (Number(r.missing) !== Number(r.held))
      problems.push({
        userId: r.user_id,
        problem: 'grant_missing_not_held',
        details: `grant ${r.id}: missing ${r.missing}, held ${r.held}`,
      });

  // The ledger's own derivation (what the person is shown) against an independent sum.
  const sums = await sql<{ user_id: number; summed: number }>`
    SELECT u.id AS user_id,
           coalesce((SELECT sum(remaining) FROM page_grants g WHERE g.user_id = u.id
                      AND (g.expires_at IS NULL OR g.expires_at > ${now})), 0)::int AS summed
      FROM users u`.execute(db);
  for (const r of sums.rows) {
    const derived = await remainingPages(db, r.user_id, now);
    if (Number(r.summed) !== derived)
      problems.push({
        userId: r.user_id,
        problem: 'remaining_mismatch',
        details: `sum ${r.summed}, derived ${derived}`,
      });
  }

  const purchases = await sql<{
    user_id: number;
    reference: string;
    status: string;
    pages: number;
    grants: number;
    granted: number;
  }>`
    SELECT p.user_id, p.reference, p.status, p.pages,
           (SELECT count(*) FROM page_grants g WHERE g.user_id = p.user_id
               AND g.source = 'package' AND g.reference = p.reference)::int AS grants,
           coalesce((SELECT sum(g.pages) FROM page_grants g WHERE g.user_id = p.user_id
               AND g.source = 'package' AND g.reference = p.reference), 0)::int AS granted
      FROM payments p WHERE p.user_id IS NOT NULL`.execute(db);
  for (const r of purchases.rows) {
    const expected = r.status === 'completed' ? 1 : 0;
    if (Number(r.grants) !== expected || (expected === 1 && Number(r.granted) !== Number(r.pages)))
      problems.push({
        userId: r.user_id,
        problem: 'purchase_grant_mismatch',
        details: `${r.reference}: ${r.grants} grants of ${r.granted} pages (status ${r.status})`,
      });
  }

  const bonuses = await sql<{ user_id: number; n: number }>`
    SELECT user_id, count(*)::int AS n FROM page_grants
     WHERE source = 'card_bonus' AND reference LIKE 'card\\_%'
     GROUP BY user_id HAVING count(*) > 1`.execute(db);
  for (const r of bonuses.rows)
    problems.push({ userId: r.user_id, problem: 'card_bonus_twice', details: `${r.n} grants` });
  return problems;
}

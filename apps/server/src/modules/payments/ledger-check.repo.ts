import { sql } from 'kysely';
import type { TDb } from '../../db/database';

// The pages-ledger check's queries (ledger-check.ts compares their answers).

/** Grants whose remaining is below 0 or above their pages. */
// A deleted person's grants stay with user_id NULL (migration 0026): checked like the others.
export function grantsOutOfBounds(db: TDb) {
  return sql<{ user_id: number | null; id: number; pages: number; remaining: number }>`
    SELECT user_id, id, pages, remaining FROM page_grants
     WHERE remaining < 0 OR remaining > pages`.execute(db);
}

/**
 * Per grant: its pages and remaining, the pages it is missing, what live (not voided)
 * reservations hold from it, whether it is voided, and the pages its purchase's live (pending or
 * succeeded) refund took back (null: no live refund).
 */
export function grantsMissingAndHeld(db: TDb) {
  return sql<{
    user_id: number | null;
    id: number;
    pages: number;
    remaining: number;
    missing: number;
    held: number;
    voided: boolean;
    refund_pages_voided: number | null;
  }>`
    SELECT g.user_id, g.id, g.pages, g.remaining, g.pages - g.remaining AS missing,
           coalesce((SELECT sum(i.pages) FROM page_reservation_items i
                      JOIN page_reservations r ON r.id = i.reservation_id
                     WHERE i.grant_id = g.id AND r.status <> 'voided'), 0)::int AS held,
           g.voided_at IS NOT NULL AS voided,
           (SELECT f.pages_voided FROM payments p JOIN refunds f ON f.payment_id = p.id
             WHERE p.grant_id = g.id AND f.express_order_id IS NULL
               AND f.status <> 'failed') AS refund_pages_voided
      FROM page_grants g`.execute(db);
}

/** Per person: the sum of remaining pages of their unexpired grants. */
export function summedRemainingPerUser(db: TDb, now: Date) {
  return sql<{ user_id: number; summed: number }>`
    SELECT u.id AS user_id,
           coalesce((SELECT sum(remaining) FROM page_grants g WHERE g.user_id = u.id
                      AND (g.expires_at IS NULL OR g.expires_at > ${now})), 0)::int AS summed
      FROM users u`.execute(db);
}

/**
 * Per package purchase with a person: its status, pages and the package grants that carry its
 * reference (an express order's payment buys no pages).
 */
export function purchasesWithGrants(db: TDb) {
  return sql<{
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
      FROM payments p WHERE p.user_id IS NOT NULL AND p.package_id IS NOT NULL`.execute(db);
}

/** People with more than one add-card bonus grant (deleted people's grants are not one person's). */
export function repeatedCardBonuses(db: TDb) {
  return sql<{ user_id: number; n: number }>`
    SELECT user_id, count(*)::int AS n FROM page_grants
     WHERE source = 'card_bonus' AND reference LIKE 'card\\_%' AND user_id IS NOT NULL
     GROUP BY user_id HAVING count(*) > 1`.execute(db);
}

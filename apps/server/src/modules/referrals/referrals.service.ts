import type { TDb } from '../../db/database';

/**
 * Called by the payments module inside the transaction that completes a purchase, after the
 * purchase's pages are granted. Credits the person who invited `userId` when this is the invited
 * person's first completed purchase and their sign-up is complete (confirmed e-mail).
 * (Filled in by the free pages work; until then it does nothing.)
 */
export async function creditReferrerAfterPurchase(
  _db: TDb,
  _userId: number,
  _now: Date,
): Promise<void> {
  // Implemented with the referral programme.
}

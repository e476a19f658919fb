import type { TDb } from '../../db/database';

/** The person's saved cards, newest first. */
export function listSavedCardsOfUser(db: TDb, userId: number) {
  return db
    .selectFrom('saved_cards')
    .select(['id', 'brand', 'last4', 'provider', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Removes one of the person's saved cards: true when it was theirs. The card setups that added it
 * forget it (the column has no foreign key); the add-card bonus row stays (card_bonuses is keyed
 * by the card's fingerprint), so the same card added again earns no second bonus.
 */
export async function deleteSavedCardOfUser(
  db: TDb,
  userId: number,
  cardId: number,
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('saved_cards')
    .where('id', '=', cardId)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) return false;
  await db
    .updateTable('card_setups')
    .set({ saved_card_id: null })
    .where('saved_card_id', '=', cardId)
    .where('user_id', '=', userId)
    .execute();
  return true;
}

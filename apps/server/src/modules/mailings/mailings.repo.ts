import type { Insertable } from 'kysely';
import type { TDb } from '../../db/database';
import type { TLocationSuggestionsTable } from '../../db/schema';

/** Suggestions sent from `ip` after `since`. */
export async function countSuggestionsFromIp(db: TDb, ip: string, since: Date): Promise<number> {
  const recent = await db
    .selectFrom('location_suggestions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(recent.n);
}

export function insertLocationSuggestion(
  db: TDb,
  values: Insertable<TLocationSuggestionsTable>,
): Promise<{ id: number }> {
  return db
    .insertInto('location_suggestions')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
}

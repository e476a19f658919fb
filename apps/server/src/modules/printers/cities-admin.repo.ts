import type { Insertable } from 'kysely';
import type { TDb } from '../../db/database';
import type { TCitiesTable } from '../../db/schema';

/** Every city with how many printers (decommissioned ones included) it holds. */
export function listCitiesWithCounts(db: TDb) {
  return db
    .selectFrom('cities')
    .leftJoin('printers', 'printers.city_id', 'cities.id')
    .select(['cities.id', 'cities.name', 'cities.slug', 'cities.country', 'cities.timezone'])
    .select(['cities.lat', 'cities.lon'])
    .select((eb) => eb.fn.count<number>('printers.id').as('printer_count'))
    .groupBy('cities.id')
    .orderBy('cities.name')
    .execute();
}

export function lockCity(db: TDb, id: number) {
  return db.selectFrom('cities').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The id of another city using `slug`, if any. */
export async function findCityIdBySlug(db: TDb, slug: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('cities')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row?.id;
}

export async function insertCity(db: TDb, values: Insertable<TCitiesTable>): Promise<number> {
  const row = await db
    .insertInto('cities')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCity(
  db: TDb,
  id: number,
  values: Insertable<TCitiesTable>,
): Promise<void> {
  await db.updateTable('cities').set(values).where('id', '=', id).execute();
}

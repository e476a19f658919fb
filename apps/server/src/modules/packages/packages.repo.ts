import type { Insertable, Selectable, Updateable } from 'kysely';
import type { TDb } from '../../db/database';
import type { TPackageAudience, TPackagesTable } from '../../db/schema';

export type TPackageRow = Selectable<TPackagesTable>;

export function findActivePackages(db: TDb, audience?: TPackageAudience): Promise<TPackageRow[]> {
  let query = db.selectFrom('packages').selectAll().where('is_active', '=', true);
  if (audience) query = query.where('audience', '=', audience);
  return query.orderBy('audience').orderBy('sort_order').orderBy('pages').execute();
}

export function findAllPackages(db: TDb): Promise<TPackageRow[]> {
  return db
    .selectFrom('packages')
    .selectAll()
    .orderBy('is_active', 'desc')
    .orderBy('audience')
    .orderBy('sort_order')
    .orderBy('pages')
    .execute();
}

export function findPackageById(db: TDb, id: number): Promise<TPackageRow | undefined> {
  return db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findActivePackageByCode(
  db: TDb,
  audience: TPackageAudience,
  code: string,
): Promise<TPackageRow | undefined> {
  return db
    .selectFrom('packages')
    .selectAll()
    .where('audience', '=', audience)
    .where('code', '=', code)
    .where('is_active', '=', true)
    .executeTakeFirst();
}

export function insertPackage(db: TDb, values: Insertable<TPackagesTable>): Promise<TPackageRow> {
  return db.insertInto('packages').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updatePackageRow(
  db: TDb,
  id: number,
  values: Updateable<TPackagesTable>,
): Promise<TPackageRow | undefined> {
  return db
    .updateTable('packages')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function findPackageCode(db: TDb, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('packages')
    .select('code')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.code;
}

import type { Insertable, Updateable } from 'kysely';
import type { TDb } from '../../db/database';
import type { TPrinterOpenHoursTable, TPrinterRow, TPrintersTable } from '../../db/schema';

export type TPrinterWithCity = TPrinterRow & { city_name: string };

export function listPrintersWithCity(db: TDb): Promise<TPrinterWithCity[]> {
  return db
    .selectFrom('printers')
    .innerJoin('cities', 'cities.id', 'printers.city_id')
    .selectAll('printers')
    .select('cities.name as city_name')
    .orderBy('cities.name')
    .orderBy('printers.name')
    .execute();
}

export function findPrinterWithCity(db: TDb, id: number): Promise<TPrinterWithCity | undefined> {
  return db
    .selectFrom('printers')
    .innerJoin('cities', 'cities.id', 'printers.city_id')
    .selectAll('printers')
    .select('cities.name as city_name')
    .where('printers.id', '=', id)
    .executeTakeFirst();
}

export function listCities(db: TDb) {
  return db.selectFrom('cities').select(['id', 'name', 'country']).orderBy('name').execute();
}

export function findCity(db: TDb, id: number) {
  return db
    .selectFrom('cities')
    .select(['id', 'name', 'country'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Which of the unique values are held by another printer than `exceptId`. */
export async function findUniqueConflicts(
  db: TDb,
  values: { direct_print_code: string | null; minion_id: string | null; email: string | null },
  exceptId: number | null,
): Promise<Array<'direct_print_code' | 'minion_id' | 'email'>> {
  const out: Array<'direct_print_code' | 'minion_id' | 'email'> = [];
  for (const column of ['direct_print_code', 'minion_id', 'email'] as const) {
    const value = values[column];
    if (value === null) continue;
    let query = db.selectFrom('printers').select('id').where(column, '=', value);
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    if (await query.executeTakeFirst()) out.push(column);
  }
  return out;
}

export async function isPrintCodeFree(db: TDb, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('printers')
    .select('id')
    .where('direct_print_code', '=', code)
    .executeTakeFirst();
  return row === undefined;
}

export function insertPrinter(db: TDb, row: Insertable<TPrintersTable>): Promise<TPrinterRow> {
  return db.insertInto('printers').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updatePrinterRow(
  db: TDb,
  id: number,
  changes: Updateable<TPrintersTable>,
): Promise<TPrinterRow | undefined> {
  return db
    .updateTable('printers')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The printer row locked for the rest of the transaction. */
export function lockPrinter(db: TDb, id: number): Promise<TPrinterRow | undefined> {
  return db.selectFrom('printers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function replaceOpenHours(
  db: TDb,
  printerId: number,
  hours: ReadonlyArray<Omit<TPrinterOpenHoursTable, 'printer_id'>>,
): Promise<void> {
  await db.deleteFrom('printer_open_hours').where('printer_id', '=', printerId).execute();
  if (hours.length === 0) return;
  await db
    .insertInto('printer_open_hours')
    .values(hours.map((h) => ({ ...h, printer_id: printerId })))
    .execute();
}

import type { TDb } from '../../db/database';
import type { Updateable } from 'kysely';
import type { TPrinterRow, TPrintersTable } from '../../db/schema';

export function findPrinterByCode(db: TDb, code: string): Promise<TPrinterRow | undefined> {
  return db
    .selectFrom('printers')
    .selectAll()
    .where('direct_print_code', '=', code)
    .executeTakeFirst();
}

export function findPrinterById(db: TDb, id: number): Promise<TPrinterRow | undefined> {
  return db.selectFrom('printers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listOpenHours(db: TDb, printerId: number) {
  return db
    .selectFrom('printer_open_hours')
    .selectAll()
    .where('printer_id', '=', printerId)
    .orderBy('weekday')
    .execute();
}

export function findCityOfPrinter(db: TDb, cityId: number) {
  return db
    .selectFrom('cities')
    .select(['name', 'slug', 'timezone'])
    .where('id', '=', cityId)
    .executeTakeFirstOrThrow();
}

export function listCities(db: TDb) {
  return db.selectFrom('cities').selectAll().orderBy('name').execute();
}

export function listPrinters(db: TDb) {
  return db.selectFrom('printers').selectAll().orderBy('name').execute();
}

export function listAllOpenHours(db: TDb) {
  return db.selectFrom('printer_open_hours').selectAll().orderBy('weekday').execute();
}

/** Sets the printer's agent fields (minion id, secret hash, …): the changed row. */
export function updatePrinterAgent(
  db: TDb,
  id: number,
  changes: Updateable<TPrintersTable>,
): Promise<TPrinterRow> {
  return db
    .updateTable('printers')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Like updatePrinterAgent, without reading the row back (no row: nothing changes). */
export async function setPrinterAgentSecret(
  db: TDb,
  id: number,
  changes: Updateable<TPrintersTable>,
): Promise<void> {
  await db.updateTable('printers').set(changes).where('id', '=', id).execute();
}

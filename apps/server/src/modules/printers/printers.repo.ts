import type { TDb } from '../../db/database';
import type { TPrinterRow } from '../../db/schema';

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

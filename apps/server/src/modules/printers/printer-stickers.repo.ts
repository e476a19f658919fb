import type { TDb } from '../../db/database';

/** What a printer's QR sticker shows: name, address, print code and print-by-mail address. */
function stickerPrinters(db: TDb) {
  return db
    .selectFrom('printers')
    .innerJoin('cities', 'cities.id', 'printers.city_id')
    .select([
      'printers.id',
      'printers.name',
      'printers.country',
      'printers.street',
      'printers.house_number',
      'printers.postcode',
      'printers.direct_print_code',
      'printers.email',
      'cities.name as city_name',
    ]);
}

export type TStickerPrinterRow = Awaited<
  ReturnType<ReturnType<typeof stickerPrinters>['executeTakeFirstOrThrow']>
>;

export function findStickerPrinter(db: TDb, id: number): Promise<TStickerPrinterRow | undefined> {
  return stickerPrinters(db).where('printers.id', '=', id).executeTakeFirst();
}

/** The city's printers in service (decommissioned ones left out), by name. */
export function listCityStickerPrinters(db: TDb, cityId: number): Promise<TStickerPrinterRow[]> {
  return stickerPrinters(db)
    .where('printers.city_id', '=', cityId)
    .where('printers.decommissioned_at', 'is', null)
    .orderBy('printers.name')
    .orderBy('printers.id')
    .execute();
}

export function findStickerCity(db: TDb, id: number) {
  return db
    .selectFrom('cities')
    .select(['id', 'name', 'slug'])
    .where('id', '=', id)
    .executeTakeFirst();
}

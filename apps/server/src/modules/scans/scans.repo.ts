import type { TDb } from '../../db/database';
import type { TScansTable } from '../../db/schema';
import type { Insertable } from 'kysely';

// SQL of the scans module. A scan's printer name and city time zone are read with it (they go
// with the row: its list entry, its file name and its mail).

export function insertScan(db: TDb, row: Insertable<TScansTable>) {
  return db.insertInto('scans').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The printer a scan is made at: its name and its city's time zone (for the file name). */
export function findPrinterForScan(db: TDb, printerId: number) {
  return db
    .selectFrom('printers')
    .innerJoin('cities', 'cities.id', 'printers.city_id')
    .select(['printers.id', 'printers.name', 'cities.timezone'])
    .where('printers.id', '=', printerId)
    .executeTakeFirst();
}

/** What a device session already delivered: its scans (a multi-part job's next part number, the cap). */
export async function scanTotalsOfSession(
  db: TDb,
  sessionId: number,
): Promise<{ count: number; bytes: number }> {
  const row = await db
    .selectFrom('scans')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('n'),
      eb.fn.coalesce(eb.fn.sum<string | number | null>('byte_size'), eb.lit(0)).as('bytes'),
    ])
    .where('device_session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), bytes: Number(row.bytes) };
}

/**
 * Holds the device session's row until the transaction ends: concurrent uploads of one session
 * take turns, so the cap and the upload id are checked against what the others stored.
 */
export async function lockSessionForScan(db: TDb, sessionId: number): Promise<void> {
  await db
    .selectFrom('device_sessions')
    .select('id')
    .where('id', '=', sessionId)
    .forUpdate()
    .executeTakeFirst();
}

/** The scan an earlier upload with this X-Scan-Upload-Id stored in the session, if any. */
export function findScanByUploadId(db: TDb, sessionId: number, uploadId: string) {
  return db
    .selectFrom('scans')
    .select(['id', 'pages'])
    .where('device_session_id', '=', sessionId)
    .where('upload_id', '=', uploadId)
    .executeTakeFirst();
}

const withPrinter = (db: TDb) =>
  db
    .selectFrom('scans')
    .leftJoin('printers', 'printers.id', 'scans.printer_id')
    .selectAll('scans')
    .select('printers.name as printer_name');

/** The person's scans they have not deleted, newest first. */
export function listScansOfUser(db: TDb, userId: number) {
  return withPrinter(db)
    .where('scans.user_id', '=', userId)
    .where('scans.deleted_at', 'is', null)
    .orderBy('scans.created_at', 'desc')
    .orderBy('scans.id', 'desc')
    .execute();
}

/** One of the person's scans (not one they deleted); anyone else's is not found. */
export function findScanOfUser(db: TDb, userId: number, scanId: number) {
  return db
    .selectFrom('scans')
    .selectAll()
    .where('id', '=', scanId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The person deletes a scan: the row stays (statistics), marked deleted and without its file key. */
export function markScanDeleted(db: TDb, userId: number, scanId: number, now: Date) {
  return db
    .updateTable('scans')
    .set({ deleted_at: now, file_key: null })
    .where('id', '=', scanId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

/** A scan with what its delivery mail needs: the person's address and language, the printer. */
export function findScanForMail(db: TDb, scanId: number) {
  return withPrinter(db)
    .innerJoin('users', 'users.id', 'scans.user_id')
    .leftJoin('cities', 'cities.id', 'printers.city_id')
    .select(['users.email', 'users.locale', 'cities.timezone'])
    .where('scans.id', '=', scanId)
    .executeTakeFirst();
}

export function markScanMailed(db: TDb, scanId: number, now: Date) {
  return db
    .updateTable('scans')
    .set({ mailed_at: now })
    .where('id', '=', scanId)
    .where('mailed_at', 'is', null)
    .execute();
}

/** Scans whose file is due for deletion (created before `cutoff`), oldest first. */
export function listScansDueForRetention(db: TDb, cutoff: Date, limit: number) {
  return db
    .selectFrom('scans')
    .select(['id', 'file_key'])
    .where('file_key', 'is not', null)
    .where('created_at', '<', cutoff)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Forgets a scan's file, if it still names that file (the person may have deleted it meanwhile). */
export async function clearScanFile(db: TDb, scanId: number, fileKey: string): Promise<boolean> {
  const result = await db
    .updateTable('scans')
    .set({ file_key: null })
    .where('id', '=', scanId)
    .where('file_key', '=', fileKey)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The stored files of a person's scans (removed with their account). */
export async function listScanFileKeysOfUser(db: TDb, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('scans')
    .select('file_key')
    .where('user_id', '=', userId)
    .where('file_key', 'is not', null)
    .execute();
  return rows.flatMap((r) => (r.file_key ? [r.file_key] : []));
}

import { sql } from 'kysely';
import type { TDb } from '../../db/database';

// SQL of the database storage backend (storage-database.ts).

/** Starts a file: a row readers do not see until completeStoredFile. */
export async function insertStoredFile(db: TDb, key: string): Promise<number> {
  const row = await db
    .insertInto('stored_files')
    .values({ key })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertStoredFileChunk(
  db: TDb,
  fileId: number,
  seq: number,
  data: Uint8Array,
): Promise<void> {
  await db.insertInto('stored_file_chunks').values({ file_id: fileId, seq, data }).execute();
}

/**
 * Makes the file readers see under its key, replacing the one there was (in one transaction,
 * `trx`). Writers of one key take turns on an advisory lock, so two writing the same key at once
 * (two instances rendering the same page preview) never collide on the unique index. Answers
 * false when the file's row is gone (removed while being written): the caller rolls back.
 */
export async function completeStoredFile(
  trx: TDb,
  fileId: number,
  key: string,
  byteSize: number,
): Promise<boolean> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`stored_files:${key}`}, 0))`.execute(
    trx,
  );
  await trx
    .deleteFrom('stored_files')
    .where('key', '=', key)
    .where('completed_at', 'is not', null)
    .execute();
  const result = await trx
    .updateTable('stored_files')
    .set({ byte_size: byteSize, completed_at: sql<Date>`now()` })
    .where('id', '=', fileId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findStoredFile(
  db: TDb,
  key: string,
): Promise<{ id: number; byte_size: number } | undefined> {
  const row = await db
    .selectFrom('stored_files')
    .select(['id', 'byte_size'])
    .where('key', '=', key)
    .where('completed_at', 'is not', null)
    .executeTakeFirst();
  return row ? { id: row.id, byte_size: row.byte_size ?? 0 } : undefined;
}

export async function findStoredFileChunk(
  db: TDb,
  fileId: number,
  seq: number,
): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom('stored_file_chunks')
    .select('data')
    .where('file_id', '=', fileId)
    .where('seq', '=', seq)
    .executeTakeFirst();
  return row?.data;
}

/** Removes a file by its row id (a write that failed); its chunks go with it. */
export async function deleteStoredFileById(db: TDb, fileId: number): Promise<void> {
  await db.deleteFrom('stored_files').where('id', '=', fileId).execute();
}

/**
 * Removes the file under `key`, and a write of it still under way (which then fails, as under
 * `deleteStoredFilesUnder`): a removal is never undone by a write that completes after it.
 */
export async function deleteStoredFile(db: TDb, key: string): Promise<void> {
  await db.deleteFrom('stored_files').where('key', '=', key).execute();
}

/** Removes every file whose key starts with `prefix` (which ends in `/`), written or being written. */
export async function deleteStoredFilesUnder(db: TDb, prefix: string): Promise<number> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const result = await db
    .deleteFrom('stored_files')
    .where('key', 'like', pattern)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Removes writes that never completed (their writer died) and started over `olderThanMs` ago, by
 * the database's clock (the one `created_at` was stamped with; an instance's own may be off).
 */
export async function deleteIncompleteStoredFiles(db: TDb, olderThanMs: number): Promise<number> {
  const result = await db
    .deleteFrom('stored_files')
    .where('completed_at', 'is', null)
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One cheap read of the storage table (the readiness check). */
export async function pingStoredFiles(db: TDb): Promise<void> {
  await db.selectFrom('stored_files').select('id').limit(1).execute();
}

import path from 'node:path';
import type { TDb } from '../../db/database';
import {
  BadStorageKeyError,
  checkKey,
  LocalFileStorage,
  type FileStorage,
  type TStorageKind,
} from './storage';
import { DatabaseFileStorage } from './storage-database';

/**
 * The storage `STORAGE` names. Local: `DATA_DIR/documents` (keys under `printer-images/` in
 * `DATA_DIR/printer-images`, where printer images always were). Database: the `stored_files`
 * tables. Scratch directories are under `DATA_DIR/documents/tmp` either way.
 */
export function createFileStorage(kind: TStorageKind, dataDir: string, db: TDb): FileStorage {
  if (kind === 'database')
    return new DatabaseFileStorage(db, path.join(dataDir, 'documents', 'tmp'));
  return createLocalStorage(dataDir);
}

/** The local storage of `DATA_DIR` (also what `storage-import` copies from). */
export function createLocalStorage(dataDir: string): LocalFileStorage {
  return new LocalFileStorage(path.join(dataDir, 'documents'), {
    'printer-images': path.join(dataDir, 'printer-images'),
  });
}

/**
 * With STORAGE=database, whether the local storage still holds a file the server made (not
 * scratch work, unfinished copies or files put there by hand): a switch from STORAGE=local whose
 * documents and printer images the database does not have until `storage-import` copies them
 * (docs/deploy.md). Stops at the first one.
 */
export async function localFilesLeftBehind(kind: TStorageKind, dataDir: string): Promise<boolean> {
  if (kind !== 'database') return false;
  for await (const name of createLocalStorage(dataDir).names()) {
    try {
      checkKey(name);
      return true;
    } catch (err) {
      if (!(err instanceof BadStorageKeyError)) throw err;
    }
  }
  return false;
}

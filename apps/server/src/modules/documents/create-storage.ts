import fs from 'node:fs/promises';
import path from 'node:path';
import type { TDb } from '../../db/database';
import { LocalFileStorage, type FileStorage, type TStorageKind } from './storage';
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
 * With STORAGE=database, whether the local storage's directories (`DATA_DIR/documents` but its
 * scratch, `DATA_DIR/printer-images`) still hold a file: a switch from STORAGE=local that left
 * them behind, whose documents and printer images the database does not have until
 * `storage-import` copies them (docs/deploy.md). Stops at the first file found.
 */
export async function localFilesLeftBehind(kind: TStorageKind, dataDir: string): Promise<boolean> {
  if (kind !== 'database') return false;
  const root = path.join(dataDir, 'documents');
  return (
    (await holdsFile(root, path.join(root, 'tmp'))) ||
    (await holdsFile(path.join(dataDir, 'printer-images')))
  );
}

async function holdsFile(dir: string, skip?: string): Promise<boolean> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isFile()) return true;
    if (entry.isDirectory() && full !== skip && (await holdsFile(full))) return true;
  }
  return false;
}

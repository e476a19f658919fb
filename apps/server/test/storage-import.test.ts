import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFileStorage,
  createLocalStorage,
  localFilesLeftBehind,
} from '../src/modules/documents/create-storage';
import type { FileStorage } from '../src/modules/documents/storage';
import { importLocalFiles } from '../src/modules/documents/storage-import';
import { createTestDatabase } from './helpers/database';
import { openDatabase, type TDatabase } from '../src/db/database';

// Switching STORAGE=local to database (docs/deploy.md): every local file goes into the database
// under its key, a second run copies nothing, and --remove-local empties the local directories.

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const COMMAND = path.join(REPO_ROOT, 'apps/server/src/bootstrap/storage-import-command.ts');
const run = promisify(execFile);

/** Files as an earlier STORAGE=local server left them: a PDF, its preview, a printer logo. */
async function fillLocal(local: FileStorage) {
  const files = new Map<string, Buffer>([
    [local.newKey('pdf'), randomBytes(700 * 1024)],
    ['2026-10/0b9f6c1e-7d0a-4d3e-9c51-5f2a7c9e1d00.pdf.pages/1.png', Buffer.from('preview')],
    ['printer-images/7/logo.png', Buffer.from('logo')],
  ]);
  for (const [key, data] of files) await local.put(key, data);
  return files;
}

describe('storage-import', () => {
  let database: TDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-import-'));
  });
  afterAll(async () => {
    await database?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('copies every local file into the database once, then removes the local ones on request', async () => {
    const local = createLocalStorage(dataDir);
    const target = createFileStorage('database', dataDir, database.db);
    const files = await fillLocal(local);
    // Scratch work, an unfinished copy and a file put there by hand are not documents.
    await fs.mkdir(path.join(dataDir, 'documents', 'tmp', 'work'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'documents', 'tmp', 'work', 'upload'), 'scratch');
    await fs.mkdir(path.join(dataDir, 'documents', '2026-11'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'documents', '2026-11', 'x.pdf.1234.partial'), 'half');
    await fs.writeFile(path.join(dataDir, 'documents', '.DS_Store'), 'finder');
    expect(await localFilesLeftBehind('database', dataDir)).toBe(true);

    const first = await importLocalFiles(local, target);
    expect(first).toMatchObject({ copied: 3, present: 0, removed: 0, ignored: ['.DS_Store'] });
    expect(first.bytes).toBe([...files.values()].reduce((sum, data) => sum + data.length, 0));
    for (const [key, data] of files) expect((await target.read(key)).equals(data), key).toBe(true);

    // Again (a run that stopped, or a check): nothing copied twice; a changed file is copied.
    const [changedKey] = [...files.keys()];
    await local.put(changedKey!, Buffer.from('a newer, shorter version'));
    const second = await importLocalFiles(local, target);
    expect(second).toMatchObject({ copied: 1, present: 2 });
    expect((await target.read(changedKey!)).toString()).toBe('a newer, shorter version');

    const third = await importLocalFiles(local, target, { removeLocal: true });
    expect(third).toMatchObject({ copied: 0, present: 3, removed: 3 });
    for (const key of files.keys()) {
      expect(await local.exists(key)).toBe(false);
      expect(await target.exists(key)).toBe(true);
    }
    // Left: the file no key names (listed) and the unfinished copy, both never touched; neither
    // is a document, so the start-up warning about files left behind is over.
    await expect(fs.readFile(path.join(dataDir, 'documents', '.DS_Store'), 'utf8')).resolves.toBe(
      'finder',
    );
    expect(await local.exists('2026-11/x.pdf.1234.partial')).toBe(true);
    expect(await localFilesLeftBehind('database', dataDir)).toBe(false);
  });

  it('runs as a command on the configured database, and refuses without STORAGE=database', async () => {
    // The command's own database: PGlite in its data directory (it migrates it first).
    const commandDir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-import-cmd-'));
    try {
      const local = createLocalStorage(commandDir);
      const files = await fillLocal(local);
      const env = (storage: string) => ({
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        DATA_DIR: commandDir,
        STORAGE: storage,
        LOG_LEVEL: 'silent',
      });
      const refused = await run(process.execPath, ['--import', 'tsx', COMMAND], {
        cwd: REPO_ROOT,
        env: env('local'),
      }).then(
        () => ({ code: 0, stderr: '' }),
        (err: { code: number; stderr: string }) => err,
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('set STORAGE=database');

      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', COMMAND, '--remove-local'],
        { cwd: REPO_ROOT, env: env('database') },
      );
      expect(stdout).toContain('Copied 3 file(s), 0.7 MB, into the database.');
      expect(stdout).toContain('Removed locally: 3.');
      for (const key of files.keys()) expect(await local.exists(key)).toBe(false);
      const reopened = await openDatabase({ dataDir: commandDir });
      try {
        const target = createFileStorage('database', commandDir, reopened.db);
        for (const [key, data] of files)
          expect((await target.read(key)).equals(data), key).toBe(true);
      } finally {
        await reopened.close();
      }
    } finally {
      await fs.rm(commandDir, { recursive: true, force: true });
    }
  }, 60_000);
});

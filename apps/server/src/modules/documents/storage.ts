import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TDb } from '../../db/database';

/**
 * Where files live: uploads, normalised PDFs, page previews, raw inbound mails, scans, printer
 * images. Keys are made by the server (`2026-11/<uuid>.pdf`, never an uploaded name); nothing
 * outside this file and its backends turns a key into a path. Two backends: a local directory
 * (`STORAGE=local`, the default, `DATA_DIR/documents`) and the database (`STORAGE=database`,
 * storage-database.ts), which several server instances on one PostgreSQL share.
 *
 * Scratch directories (uploads being received, conversions) are local to the process whatever the
 * backend; tools that need a real file (LibreOffice, qpdf, pdftoppm) get one from withLocalFile.
 */
export abstract class FileStorage {
  abstract readonly kind: TStorageKind;

  /** Where scratch directories are made (local to this process). */
  constructor(readonly scratchRoot: string) {}

  newKey(extension: string): string {
    const month = new Date().toISOString().slice(0, 7);
    return `${month}/${randomUUID()}.${extension}`;
  }

  /** Stores what `source` yields under `key`, replacing a file there. Answers its size in bytes. */
  abstract put(key: string, source: Readable | Buffer): Promise<number>;

  /** Stores a local file (e.g. in a scratch directory) under `key`, taking it over: it is gone after. */
  abstract moveIn(key: string, file: string): Promise<void>;

  /** A stream of the file and its size; StorageMissingError when there is none. */
  abstract open(key: string): Promise<TStoredStream>;

  /** The file's size, or undefined when there is none. */
  abstract stat(key: string): Promise<{ size: number } | undefined>;

  /**
   * Removes the file (none there is fine). `within`: the database backend removes it in that
   * transaction (so it is not waited for, and a rollback keeps the file); the local one ignores it.
   */
  abstract remove(key: string | null, within?: TDb): Promise<void>;

  /** Removes every file whose key starts with `folder/` (a document's page previews). */
  abstract removeFolder(folder: string, within?: TDb): Promise<void>;

  /** Throws when the storage cannot be used (the readiness check). */
  abstract ping(): Promise<void>;

  /** Backend-specific clean-up of what a crashed process left behind. */
  protected abstract sweepBackend(olderThanMs: number): Promise<void>;

  /**
   * A stream of the file and its size, or undefined when there is none (a key the server would
   * never make has none either: downloads answer 404 for it, not 500).
   */
  async openIfPresent(key: string): Promise<TStoredStream | undefined> {
    try {
      return await this.open(key);
    } catch (err) {
      if (err instanceof StorageMissingError || err instanceof BadStorageKeyError) return undefined;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  /** The whole file in memory: only for small files (a raw mail, a preview, a scan to attach). */
  async read(key: string): Promise<Buffer> {
    const { stream } = await this.open(key);
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(part as Buffer);
    return Buffer.concat(parts);
  }

  /**
   * Runs `fn` with a local file holding the stored one, for tools that need a path. The file is
   * read-only for `fn` and valid only while it runs; StorageMissingError when there is none.
   */
  abstract withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T>;

  /** A scratch directory for one piece of work; the caller removes it. */
  async scratch(): Promise<string> {
    const dir = path.join(this.scratchRoot, randomUUID());
    await fs.mkdir(dir, { recursive: true });
    return dir;
  }

  /**
   * Removes what a crashed process left behind: scratch directories untouched for `olderThanMs`
   * and (database backend) writes that never completed. Not all of them, as another server
   * instance may be using its own right now; no upload or conversion takes anywhere near an hour
   * (both have time limits). Answers how many scratch directories went.
   */
  async sweepScratch(olderThanMs = SCRATCH_MAX_AGE_MS): Promise<number> {
    await this.sweepBackend(olderThanMs);
    const cutoff = Date.now() - olderThanMs;
    let names: string[];
    try {
      names = await fs.readdir(this.scratchRoot);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    let removed = 0;
    for (const name of names) {
      const dir = path.join(this.scratchRoot, name);
      if ((await lastTouched(dir)) < cutoff) {
        await fs.rm(dir, { recursive: true, force: true });
        removed += 1;
      }
    }
    return removed;
  }
}

export type TStorageKind = 'local' | 'database';

export interface TStoredStream {
  stream: Readable;
  size: number;
}

/** There is no file under the key (never stored, or removed). */
export class StorageMissingError extends Error {
  constructor(
    readonly key: string,
    options?: ErrorOptions,
  ) {
    super(`no stored file ${key}`, options);
    this.name = 'StorageMissingError';
  }
}

/** A key the server would never make (checkKey): nothing can be stored or found under it. */
export class BadStorageKeyError extends Error {
  constructor(readonly key: string) {
    super(`bad storage key ${key}`);
    this.name = 'BadStorageKeyError';
  }
}

// Segments of letters, digits, '.', '_' and '-', not starting with a dot: no '..', no absolute
// paths, and nothing a shell or a URL would read differently.
const KEY_PATTERN = /^[A-Za-z0-9][\w.-]*(?:\/[A-Za-z0-9][\w.-]*)*$/;

/** Throws for a key the server would never make (the same rule for every backend). */
export function checkKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/')[0] === SCRATCH_FOLDER || key.length > 500)
    throw new BadStorageKeyError(key);
}

const SCRATCH_FOLDER = 'tmp';
const SCRATCH_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Files in a local directory. Keys under a folder named in `folders` live in that folder's own
 * directory instead (printer images stay in `DATA_DIR/printer-images`, where they always were).
 */
export class LocalFileStorage extends FileStorage {
  readonly kind = 'local';

  constructor(
    readonly root: string,
    private readonly folders: Readonly<Record<string, string>> = {},
  ) {
    super(path.join(root, SCRATCH_FOLDER));
  }

  async put(key: string, source: Readable | Buffer): Promise<number> {
    checkKey(key);
    const dir = await this.scratch();
    try {
      const file = path.join(dir, 'put');
      if (Buffer.isBuffer(source)) await fs.writeFile(file, source);
      else await pipeline(source, createWriteStream(file));
      const { size } = await fs.stat(file);
      await this.moveIn(key, file);
      return size;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  async moveIn(key: string, file: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      // Atomic: a reader sees the old file or the new one, never half of one.
      await fs.rename(file, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      const partial = `${target}.${randomUUID()}.partial`;
      try {
        await fs.copyFile(file, partial);
        await fs.rename(partial, target);
      } finally {
        await fs.rm(partial, { force: true });
      }
      await fs.rm(file, { force: true });
    }
  }

  async open(key: string): Promise<TStoredStream> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.pathOf(key), 'r');
    } catch (err) {
      throw missingOr(err, key);
    }
    try {
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), size };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    try {
      const stat = await fs.stat(this.pathOf(key));
      return stat.isFile() ? { size: stat.size } : undefined;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async remove(key: string | null): Promise<void> {
    if (key) await fs.rm(this.pathOf(key), { force: true });
  }

  async removeFolder(folder: string): Promise<void> {
    await fs.rm(this.pathOf(folder), { recursive: true, force: true });
  }

  /**
   * The name of every file stored here, as the key it is stored under (`2026-11/<uuid>.pdf`,
   * `printer-images/…`): not scratch work, not an unfinished copy (`*.partial`). A file put here
   * by hand may have a name no key can have; `checkKey` tells.
   */
  async *names(): AsyncGenerator<string> {
    yield* walk(this.root, '', (top) => top === SCRATCH_FOLDER || top in this.folders);
    for (const [folder, dir] of Object.entries(this.folders)) yield* walk(dir, `${folder}/`);
  }

  /**
   * The file itself: no copy. Removed while `fn` runs (the document was deleted meanwhile), the
   * tool fails on it somehow: that is StorageMissingError too, as if it had been gone before.
   */
  override async withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T> {
    const file = this.pathOf(key);
    if (!(await this.exists(key))) throw new StorageMissingError(key);
    try {
      return await fn(file);
    } catch (err) {
      if (!(await this.exists(key).catch(() => true)))
        throw new StorageMissingError(key, { cause: err });
      throw err;
    }
  }

  /**
   * The directory is there and this process may read and write it. Never creates it: a volume that
   * is not mounted must fail the check, not get an empty local directory in its place.
   */
  async ping(): Promise<void> {
    const stat = await fs.stat(this.root);
    if (!stat.isDirectory()) throw new Error(`storage root ${this.root} is not a directory`);
    await fs.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
  }

  protected async sweepBackend(): Promise<void> {
    // Local writes go through scratch directories, which the common sweep removes.
  }

  private pathOf(key: string): string {
    checkKey(key);
    const [first, ...rest] = key.split('/');
    const folder = first !== undefined && rest.length > 0 ? this.folders[first] : undefined;
    return folder ? path.join(folder, ...rest) : path.join(this.root, key);
  }
}

function missingOr(err: unknown, key: string): unknown {
  return (err as NodeJS.ErrnoException).code === 'ENOENT' ? new StorageMissingError(key) : err;
}

/** The newest modification time of a directory and what is directly in it (0 if it is gone). */
async function lastTouched(dir: string): Promise<number> {
  try {
    const own = await fs.stat(dir);
    let newest = own.mtimeMs;
    if (!own.isDirectory()) return newest;
    for (const entry of await fs.readdir(dir)) {
      const stat = await fs.stat(path.join(dir, entry)).catch(() => undefined);
      if (stat) newest = Math.max(newest, stat.mtimeMs);
    }
    return newest;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Files below `dir` as `prefix` + their relative path with `/`, top folders `skip` says left out. */
async function* walk(
  dir: string,
  prefix: string,
  skip: (top: string) => boolean = () => false,
): AsyncGenerator<string> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name));
    const parts = relative.split(path.sep);
    if (parts.length > 1 && skip(parts[0]!)) continue;
    yield `${prefix}${parts.join('/')}`;
  }
}

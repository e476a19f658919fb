import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TDb } from '../../db/database';
import { checkKey, FileStorage, StorageMissingError, type TStoredStream } from './storage';
import { LocalCopies } from './storage-local-copies';
import {
  completeStoredFile,
  deleteIncompleteStoredFiles,
  deleteStoredFile,
  deleteStoredFileById,
  deleteStoredFilesUnder,
  findStoredFile,
  findStoredFileChunk,
  insertStoredFile,
  insertStoredFileChunk,
  pingStoredFiles,
} from './stored-files.repo';

/** Bytes per stored chunk: one row, one round trip; a few of them at most are in memory at once. */
export const STORED_CHUNK_BYTES = 256 * 1024;

/** Local copies for tools that need a file (previews of one PDF page by page): kept a minute… */
const LOCAL_COPY_KEEP_MS = 60_000;
/** …within this many bytes of unused copies per process. */
const LOCAL_COPY_MAX_BYTES = 256 * 1024 * 1024;

/**
 * Files in the database (`STORAGE=database`, migration 0029): every server instance on one
 * PostgreSQL reads what another stored. Written and read one chunk at a time, so a file is never
 * whole in memory. A file becomes visible only once all its chunks are in (completeStoredFile).
 *
 * On PGlite (one connection) storage calls must not run inside a transaction of `db`: they would
 * wait for it. Callers store files before their transaction and remove them after it, or pass the
 * transaction (`within`).
 */
export class DatabaseFileStorage extends FileStorage {
  readonly kind = 'database';
  readonly #copies: LocalCopies;

  constructor(
    private readonly db: TDb,
    scratchRoot: string,
    options: { keepCopiesMs?: number; now?: () => number } = {},
  ) {
    super(scratchRoot);
    this.#copies = new LocalCopies({
      keepMs: options.keepCopiesMs ?? LOCAL_COPY_KEEP_MS,
      maxBytes: LOCAL_COPY_MAX_BYTES,
      scratch: () => this.scratch(),
      download: async (key, file) => {
        const { stream, size } = await this.open(key);
        await pipeline(stream, createWriteStream(file));
        return size;
      },
      // A replacement is a new row (put): its id names the version.
      versionOf: async (key) => (await findStoredFile(this.db, key))?.id.toString(),
      ...(options.now ? { now: options.now } : {}),
    });
  }

  /**
   * A local copy, shared by the uses of one file within a minute (the previews of a document's
   * pages download its PDF once); looked up in the database before every use, so a file removed
   * or replaced by any instance is never served from an old copy.
   */
  override withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T> {
    checkKey(key);
    return this.#copies.use(key, path.basename(key), fn);
  }

  async put(key: string, source: Readable | Buffer): Promise<number> {
    checkKey(key);
    this.#copies.forget(key);
    const fileId = await insertStoredFile(this.db, key);
    try {
      let seq = 0;
      let size = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        await insertStoredFileChunk(this.db, fileId, seq, Buffer.concat(pending, pendingBytes));
        seq += 1;
        size += pendingBytes;
        pending = [];
        pendingBytes = 0;
      };
      for await (const piece of Buffer.isBuffer(source) ? [source] : source) {
        let rest = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
        while (rest.length > 0) {
          const take = Math.min(STORED_CHUNK_BYTES - pendingBytes, rest.length);
          pending.push(rest.subarray(0, take));
          pendingBytes += take;
          rest = rest.subarray(take);
          if (pendingBytes === STORED_CHUNK_BYTES) await flush();
        }
      }
      if (pendingBytes > 0) await flush();
      await this.db.transaction().execute(async (trx) => {
        // Its row went meanwhile (removeFolder, or another instance's sweep): nothing was stored,
        // and the rollback keeps the file there was under the key.
        if (!(await completeStoredFile(trx, fileId, key, size))) throw new StorageMissingError(key);
      });
      return size;
    } catch (err) {
      await deleteStoredFileById(this.db, fileId).catch(() => undefined);
      throw err;
    }
  }

  async moveIn(key: string, file: string): Promise<void> {
    await this.put(key, createReadStream(file));
    await fs.rm(file, { force: true });
  }

  async open(key: string): Promise<TStoredStream> {
    checkKey(key);
    const found = await findStoredFile(this.db, key);
    if (!found) throw new StorageMissingError(key);
    const { db } = this;
    const size = found.byte_size;
    async function* chunks(): AsyncGenerator<Buffer> {
      let read = 0;
      for (let seq = 0; read < size; seq++) {
        const data = await findStoredFileChunk(db, found!.id, seq);
        // Removed (or replaced) while being read: the reader gets an error, never a short file.
        if (!data) throw new StorageMissingError(key);
        read += data.byteLength;
        yield Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      }
    }
    return {
      stream: Readable.from(chunks(), { objectMode: false, highWaterMark: STORED_CHUNK_BYTES }),
      size,
    };
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    checkKey(key);
    const found = await findStoredFile(this.db, key);
    return found ? { size: found.byte_size } : undefined;
  }

  async remove(key: string | null, within?: TDb): Promise<void> {
    if (!key) return;
    checkKey(key);
    this.#copies.forget(key);
    await deleteStoredFile(within ?? this.db, key);
  }

  async removeFolder(folder: string, within?: TDb): Promise<void> {
    checkKey(folder);
    this.#copies.forgetFolder(folder);
    await deleteStoredFilesUnder(within ?? this.db, `${folder}/`);
  }

  async ping(): Promise<void> {
    await pingStoredFiles(this.db);
  }

  protected async sweepBackend(olderThanMs: number): Promise<void> {
    await deleteIncompleteStoredFiles(this.db, olderThanMs);
  }
}

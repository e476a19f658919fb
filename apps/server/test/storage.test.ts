import { createHash, randomBytes, type Hash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDatabase } from '../src/db/database';
import { seedDemoData } from '../src/seed/seed';
import { issueAgentSecret } from '../src/modules/agents/agents.service';
import { createFileStorage, localFilesLeftBehind } from '../src/modules/documents/create-storage';
import {
  BadStorageKeyError,
  StorageMissingError,
  type FileStorage,
} from '../src/modules/documents/storage';
import { DatabaseFileStorage, STORED_CHUNK_BYTES } from '../src/modules/documents/storage-database';
import { insertStoredFile } from '../src/modules/documents/stored-files.repo';
import { startStorageSweeps } from '../src/modules/documents/storage-sweep';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { createTestDatabase } from './helpers/database';
import { makePdf } from './helpers/fixtures';
import { rawAgent } from './helpers/raw-agent';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

// Issue 19, Deliver 2: one storage interface, a local directory (default) and the database
// (STORAGE=database, chunked bytea, streamed both ways), which several instances share.

const MiB = 1024 * 1024;

/**
 * `total` bytes of pseudo-random data in 64 KiB pieces, made as they are read (their SHA-256 in
 * `hash`); `onPiece` is awaited after each piece.
 */
function generated(
  total: number,
  hash: Hash,
  onPiece?: (produced: number) => Promise<void>,
): Readable {
  const block = randomBytes(MiB);
  let produced = 0;
  return Readable.from(
    (async function* () {
      while (produced < total) {
        const size = Math.min(64 * 1024, total - produced);
        const piece = Buffer.alloc(size);
        block.copy(piece, 0, produced % MiB, (produced % MiB) + size);
        piece.writeUInt32BE(produced, 0);
        hash.update(piece);
        produced += size;
        yield piece;
        await onPiece?.(produced);
      }
    })(),
    { objectMode: false },
  );
}

async function sha256Of(stream: Readable, onPiece?: (read: number) => void): Promise<string> {
  const hash = createHash('sha256');
  let read = 0;
  for await (const piece of stream) {
    hash.update(piece as Buffer);
    read += (piece as Buffer).length;
    onPiece?.(read);
  }
  return hash.digest('hex');
}

/** Live memory (JS heap and buffers) after a full garbage collection. */
const liveMemory = (() => {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => {
    gc();
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
})();

describe.each(['local', 'database'] as const)('%s storage', (kind) => {
  let database: TDatabase;
  let dataDir: string;
  let storage: FileStorage;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-storage-'));
    storage = createFileStorage(kind, dataDir, database.db);
  });
  afterAll(async () => {
    await database?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const chunkRows = async (key: string) =>
    database.db
      .selectFrom('stored_file_chunks')
      .innerJoin('stored_files', 'stored_files.id', 'stored_file_chunks.file_id')
      .select(['seq', (eb) => eb.fn<number>('octet_length', ['data']).as('bytes')])
      .where('stored_files.key', '=', key)
      .orderBy('seq')
      .execute();

  it('stores, streams, hands out as a local file and removes a multi-megabyte file', async () => {
    const data = Buffer.concat([randomBytes(5 * MiB), Buffer.from('the end')]);
    const key = storage.newKey('pdf');
    expect(key).toMatch(/^\d{4}-\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(await storage.put(key, Readable.from([data.subarray(0, 100), data.subarray(100)]))).toBe(
      data.length,
    );
    expect(await storage.stat(key)).toEqual({ size: data.length });
    expect(await storage.exists(key)).toBe(true);
    const { stream, size } = await storage.open(key);
    expect(size).toBe(data.length);
    expect(Buffer.concat(await stream.toArray()).equals(data)).toBe(true);
    expect((await storage.read(key)).equals(data)).toBe(true);

    if (kind === 'database') {
      // 21 chunks of at most 256 KiB, in order; nothing of it on disk.
      const rows = await chunkRows(key);
      expect(rows.map((r) => r.seq)).toEqual([...Array(21).keys()]);
      expect(rows.slice(0, 20).every((r) => r.bytes === STORED_CHUNK_BYTES)).toBe(true);
      expect(rows[20]?.bytes).toBe(data.length - 20 * STORED_CHUNK_BYTES);
      await expect(fs.access(path.join(dataDir, 'documents', key))).rejects.toThrow();
    } else {
      expect((await fs.readFile(path.join(dataDir, 'documents', key))).equals(data)).toBe(true);
    }

    let local = '';
    await storage.withLocalFile(key, async (file) => {
      local = file;
      expect((await fs.readFile(file)).equals(data)).toBe(true);
    });
    await storage.remove(key);
    // The database backend's copy (kept for further uses) goes with the file; the local backend
    // handed its own file.
    if (kind === 'database')
      await vi.waitFor(() => expect(fs.access(local)).rejects.toThrow(), { timeout: 2_000 });
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.stat(key)).toBeUndefined();
    await expect(storage.open(key)).rejects.toBeInstanceOf(StorageMissingError);
    await expect(storage.read(key)).rejects.toBeInstanceOf(StorageMissingError);
    await expect(storage.withLocalFile(key, () => Promise.resolve())).rejects.toBeInstanceOf(
      StorageMissingError,
    );
    expect(await storage.openIfPresent(key)).toBeUndefined();
    if (kind === 'database') expect(await chunkRows(key)).toEqual([]);
    // Removing what is not there is fine.
    await storage.remove(key);
    await storage.remove(null);
  }, 120_000);

  it('moves a scratch file in, replaces a key, removes a folder and refuses made-up keys', async () => {
    const scratch = await storage.scratch();
    const file = path.join(scratch, 'made.pdf');
    await fs.writeFile(file, 'first');
    const key = storage.newKey('pdf');
    await storage.moveIn(key, file);
    await expect(fs.access(file)).rejects.toThrow();
    expect((await storage.read(key)).toString()).toBe('first');
    expect(await storage.put(key, Buffer.from('second'))).toBe(6);
    expect((await storage.read(key)).toString()).toBe('second');
    // An empty file is a file.
    const empty = storage.newKey('txt');
    expect(await storage.put(empty, Buffer.alloc(0))).toBe(0);
    expect(await storage.stat(empty)).toEqual({ size: 0 });
    expect(await storage.read(empty)).toEqual(Buffer.alloc(0));

    await storage.put(`${key}.pages/1.png`, Buffer.from('one'));
    await storage.put(`${key}.pages/2.png`, Buffer.from('two'));
    await storage.removeFolder(`${key}.pages`);
    expect(await storage.exists(`${key}.pages/1.png`)).toBe(false);
    expect(await storage.exists(`${key}.pages/2.png`)).toBe(false);
    expect(await storage.exists(key)).toBe(true);
    await fs.rm(scratch, { recursive: true, force: true });

    for (const bad of ['../etc/passwd', '/etc/passwd', 'a/../../b', '.hidden', 'tmp/x', 'a//b']) {
      await expect(storage.put(bad, Buffer.from('x')), bad).rejects.toBeInstanceOf(
        BadStorageKeyError,
      );
      // Nothing is there for a download (404), rather than an error (500).
      expect(await storage.openIfPresent(bad), bad).toBeUndefined();
    }
  });

  it('reports a file removed while a tool has it as missing', async () => {
    const key = storage.newKey('pdf');
    await storage.put(key, Buffer.from('gone soon'));
    const failing = storage.withLocalFile(key, async () => {
      await storage.remove(key);
      throw new Error('the tool failed on its input');
    });
    // The local backend hands its own file (removed under the tool); the database backend's copy
    // stays, so the tool's own error is what it was.
    if (kind === 'local') await expect(failing).rejects.toBeInstanceOf(StorageMissingError);
    else await expect(failing).rejects.toThrow('the tool failed on its input');
    // A tool failing on a file that is still there fails as it did.
    await storage.put(key, Buffer.from('here'));
    await expect(
      storage.withLocalFile(key, () => Promise.reject(new Error('broken tool'))),
    ).rejects.toThrow('broken tool');
  });

  it('keeps printer images in their own place', async () => {
    await storage.put('printer-images/logo-1.png', Buffer.from('logo'));
    expect((await storage.read('printer-images/logo-1.png')).toString()).toBe('logo');
    if (kind === 'local') {
      // Where they always were, so existing images still show.
      expect(await fs.readFile(path.join(dataDir, 'printer-images', 'logo-1.png'), 'utf8')).toBe(
        'logo',
      );
    }
  });

  it('streams a 50 MB file in and out without holding it in memory', async () => {
    const total = 50 * MiB;
    const key = storage.newKey('pdf');
    // Live memory is telling on a local directory and on PostgreSQL; PGlite keeps the whole
    // database (so the file) in this process's memory, so there the chunks are counted instead.
    const measureMemory = kind === 'local' || database.kind === 'postgres';
    const before = measureMemory ? liveMemory() : 0;
    let peak = 0;
    let samples = 0;
    let lag = 0;
    let buffered = 0;
    const written = createHash('sha256');
    const source = generated(total, written, async (produced) => {
      if (produced % (4 * MiB) !== 0) return;
      if (measureMemory) {
        peak = Math.max(peak, liveMemory() - before);
        samples += 1;
      }
      if (kind === 'database') {
        // What the source produced is in the database a chunk later, not at the end.
        const stored = (await chunkRows(key)).length * STORED_CHUNK_BYTES;
        lag = Math.max(lag, produced - stored);
      }
    });
    expect(await storage.put(key, source)).toBe(total);
    const { stream, size } = await storage.open(key);
    expect(size).toBe(total);
    const read = await sha256Of(stream, (bytes) => {
      buffered = Math.max(buffered, stream.readableLength);
      if (measureMemory && bytes % (4 * MiB) < 64 * 1024)
        peak = Math.max(peak, liveMemory() - before);
    });
    expect(read).toBe(written.digest('hex'));
    // Read ahead: at most a chunk or two, never the file.
    expect(buffered).toBeLessThanOrEqual(2 * STORED_CHUNK_BYTES);
    if (measureMemory) {
      // A file held whole would show as 50 MB or more (100 MB as hex text from PostgreSQL);
      // streamed, a few chunks and the driver's connection buffers (measured: ~15 MB on
      // PostgreSQL, under 1 MB on a local directory), whatever the file's size.
      expect(samples).toBe(12);
      expect(peak).toBeLessThan(25 * MiB);
    }
    if (kind === 'database') {
      expect(lag).toBeGreaterThan(0);
      expect(lag).toBeLessThanOrEqual(STORED_CHUNK_BYTES + 2 * 64 * 1024);
      expect(await chunkRows(key)).toHaveLength(200);
    }
    await storage.remove(key);
  }, 300_000);

  it.runIf(kind === 'database')(
    'shows a file only once complete, sweeps dead writes and fails a read of a removed file',
    async () => {
      // A writer that died half-way: invisible, and swept once old.
      const key = storage.newKey('pdf');
      const id = await insertStoredFile(database.db, key);
      expect(await storage.exists(key)).toBe(false);
      await sql`UPDATE stored_files SET created_at = now() - interval '2 hours' WHERE id = ${id}`.execute(
        database.db,
      );
      const fresh = await insertStoredFile(database.db, storage.newKey('pdf'));
      await storage.sweepScratch();
      const left = await database.db.selectFrom('stored_files').select('id').execute();
      expect(left.map((r) => r.id)).not.toContain(id);
      expect(left.map((r) => r.id)).toContain(fresh);

      // Writers of one key at once: one of them wins, whole, and no row is left over.
      const same = storage.newKey('png');
      const contents = [1, 2, 3].map((n) => Buffer.alloc(300 * 1024, n));
      await Promise.all(contents.map((c) => storage.put(same, c)));
      const stored = await storage.read(same);
      expect(contents.some((c) => c.equals(stored))).toBe(true);
      const rows = await database.db
        .selectFrom('stored_files')
        .select('id')
        .where('key', '=', same)
        .execute();
      expect(rows).toHaveLength(1);

      // Removed while being read: the reader gets an error, never a short file.
      const big = storage.newKey('pdf');
      await storage.put(big, randomBytes(2 * MiB));
      const { stream } = await storage.open(big);
      const reading = sha256Of(stream, (read) => {
        if (read === STORED_CHUNK_BYTES) void storage.remove(big);
      });
      await expect(reading).rejects.toBeInstanceOf(StorageMissingError);
    },
  );

  it.runIf(kind === 'database')(
    'fails a write whose row was removed before it completed, keeping the file there was',
    async () => {
      const key = storage.newKey('png');
      await storage.put(key, Buffer.from('old'));
      // One full chunk (stored as it comes), then the row goes (removeFolder or another instance's
      // sweep), then the source ends: only the completing update is left, and it finds no row.
      const source = Readable.from(
        (async function* () {
          yield Buffer.alloc(STORED_CHUNK_BYTES, 7);
          // The stream reads ahead: wait until put has stored the chunk (next to the old file's).
          while ((await chunkRows(key)).length < 2)
            await new Promise((resolve) => setTimeout(resolve, 10));
          await database.db
            .deleteFrom('stored_files')
            .where('key', '=', key)
            .where('completed_at', 'is', null)
            .execute();
        })(),
        { objectMode: false },
      );
      await expect(storage.put(key, source)).rejects.toBeInstanceOf(StorageMissingError);
      expect((await storage.read(key)).toString()).toBe('old');
    },
  );
});

describe('local copies of the database storage', () => {
  let database: TDatabase;
  let dataDir: string;
  let clock = Date.now();
  let storage: DatabaseFileStorage;
  let other: DatabaseFileStorage;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-copies-'));
    storage = new DatabaseFileStorage(database.db, path.join(dataDir, 'a'), {
      keepCopiesMs: 60_000,
      now: () => clock,
    });
    // Another server instance on the same database.
    other = new DatabaseFileStorage(database.db, path.join(dataDir, 'b'));
  });
  afterAll(async () => {
    await database?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** Uses the stored file as a tool would: its local path and what it holds. */
  const use = (key: string) =>
    storage.withLocalFile(key, async (file) => ({ file, text: await fs.readFile(file, 'utf8') }));

  it('downloads a file once for the uses of a minute, again when it changed or the minute passed', async () => {
    const open = vi.spyOn(storage, 'open');
    try {
      const key = storage.newKey('pdf');
      await other.put(key, Buffer.from('version one'));
      // Pages previewed at once share one download.
      const [a, b, c] = await Promise.all([use(key), use(key), use(key)]);
      expect(open).toHaveBeenCalledTimes(1);
      expect(new Set([a.file, b.file, c.file]).size).toBe(1);
      expect(a.text).toBe('version one');
      // And the next page a moment later.
      clock += 30_000;
      expect(await use(key)).toEqual(a);
      expect(open).toHaveBeenCalledTimes(1);

      // Replaced by another instance (same size, new content): never the old copy.
      await other.put(key, Buffer.from('version two'));
      const replaced = await use(key);
      expect(replaced.text).toBe('version two');
      expect(open).toHaveBeenCalledTimes(2);
      await vi.waitFor(() => expect(fs.access(a.file)).rejects.toThrow(), { timeout: 2_000 });

      // Unused for a minute: the copy goes (the next use of any file trims), then comes again.
      clock += 61_000;
      const second = storage.newKey('pdf');
      await storage.put(second, Buffer.from('another file'));
      expect((await use(second)).text).toBe('another file');
      await vi.waitFor(() => expect(fs.access(replaced.file)).rejects.toThrow(), {
        timeout: 2_000,
      });
      expect((await use(key)).text).toBe('version two');
      expect(open).toHaveBeenCalledTimes(4);

      // Removed by another instance: missing at once, and the copy goes.
      const held = await use(key);
      await other.remove(key);
      await expect(use(key)).rejects.toBeInstanceOf(StorageMissingError);
      await vi.waitFor(() => expect(fs.access(held.file)).rejects.toThrow(), { timeout: 2_000 });

      // A download that fails leaves nothing behind, and the next use tries again.
      const third = storage.newKey('pdf');
      await storage.put(third, Buffer.from('third'));
      open.mockRejectedValueOnce(new Error('connection lost'));
      await expect(use(third)).rejects.toThrow('connection lost');
      expect((await use(third)).text).toBe('third');
    } finally {
      open.mockRestore();
    }
  });
});

describe('local files left behind by a switch to STORAGE=database', () => {
  it('are found in the documents or printer images directories, never in scratch', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-left-'));
    try {
      expect(await localFilesLeftBehind('database', dir)).toBe(false);
      await fs.mkdir(path.join(dir, 'documents', 'tmp', 'x'), { recursive: true });
      await fs.writeFile(path.join(dir, 'documents', 'tmp', 'x', 'upload'), 'scratch');
      await fs.mkdir(path.join(dir, 'printer-images'));
      // Nor a file no key names (put there by hand) or an unfinished copy.
      await fs.writeFile(path.join(dir, 'printer-images', '.DS_Store'), 'finder');
      await fs.writeFile(path.join(dir, 'printer-images', 'logo.png.1.partial'), 'half');
      expect(await localFilesLeftBehind('database', dir)).toBe(false);
      await fs.writeFile(path.join(dir, 'printer-images', 'logo-1.png'), 'logo');
      expect(await localFilesLeftBehind('database', dir)).toBe(true);
      expect(await localFilesLeftBehind('local', dir)).toBe(false);
      await fs.rm(path.join(dir, 'printer-images'), { recursive: true });
      await fs.mkdir(path.join(dir, 'documents', '2026-11'));
      await fs.writeFile(path.join(dir, 'documents', '2026-11', 'a.pdf'), '%PDF-');
      expect(await localFilesLeftBehind('database', dir)).toBe(true);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

// Files of documents whose rows change at the same time (review r3, points 1, 2 and 5).
describe.each(['local', 'database'] as const)('documents on %s storage', (kind) => {
  let t: TTestApp;
  let agent: TestAgent;

  beforeAll(async () => {
    t = await createTestApp({ STORAGE: kind });
    agent = new TestAgent(t.app);
    const { id } = await registerAndSignIn(agent);
    await grantPages(t.ctx.db, { userId: id, source: 'package', pages: 10, validDays: 30 });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  const documentRow = (id: number) =>
    t.ctx.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function readyDocument(): Promise<number> {
    const upload = await agent.upload('/ajax/documents/upload', 'a.pdf', await makePdf(2));
    expect(upload.statusCode, upload.body).toBe(201);
    const id = upload.json<{ id: number }>().id;
    for (let i = 0; i < 200 && (await documentRow(id)).status === 'processing'; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await documentRow(id)).toMatchObject({ status: 'ready' });
    return id;
  }

  it('keeps the upload of a committed document when the work after the commit fails', async () => {
    const spy = vi.spyOn(t.ctx.pollCache, 'invalidatePerson').mockImplementationOnce(() => {
      throw new Error('after the commit');
    });
    const upload = await agent.upload('/ajax/documents/upload', 'late.pdf', await makePdf(1));
    spy.mockRestore();
    expect(upload.statusCode).toBe(500);
    const doc = await t.ctx.db
      .selectFrom('documents')
      .selectAll()
      .where('name', '=', 'late.pdf')
      .executeTakeFirstOrThrow();
    expect(doc.original_key).not.toBeNull();
    expect(await t.ctx.storage.exists(doc.original_key!)).toBe(true);
  });

  it('answers 404 for a preview rendered while its document was cleared, and keeps no PNG', async () => {
    const id = await readyDocument();
    const { pdf_key: pdfKey } = await documentRow(id);
    const moveIn = t.ctx.storage.moveIn.bind(t.ctx.storage);
    // Retention clears the document's files while page 1 renders: its removal of the previews
    // ran before the PNG is stored.
    const spy = vi.spyOn(t.ctx.storage, 'moveIn').mockImplementation(async (key, file) => {
      if (key.endsWith('.png')) {
        await t.ctx.db
          .updateTable('documents')
          .set({ files_deleted_at: new Date() })
          .where('id', '=', id)
          .execute();
      }
      return moveIn(key, file);
    });
    const preview = await agent.get(`/api/documents/${id}/pages/1.png`);
    spy.mockRestore();
    expect(preview.statusCode, preview.body).toBe(404);
    expect(await t.ctx.storage.exists(`${pdfKey}.pages/1.png`)).toBe(false);
  });

  it('answers 404 for a preview whose PDF went missing, not 500', async () => {
    const id = await readyDocument();
    const { pdf_key: pdfKey } = await documentRow(id);
    await t.ctx.storage.remove(pdfKey);
    const preview = await agent.get(`/api/documents/${id}/pages/2.png`);
    expect(preview.statusCode, preview.body).toBe(404);
  });

  it.runIf(kind === 'database')('sweeps dead writes hourly, not only at start', async () => {
    const id = await insertStoredFile(t.ctx.db, t.ctx.storage.newKey('pdf'));
    await sql`UPDATE stored_files SET created_at = now() - interval '2 hours' WHERE id = ${id}`.execute(
      t.ctx.db,
    );
    await startStorageSweeps(t.ctx);
    // The next period's run, brought forward.
    await t.ctx.db
      .updateTable('jobs')
      .set({ run_at: new Date() })
      .where('name', '=', 'storage.sweep')
      .where('status', '=', 'pending')
      .execute();
    t.ctx.worker.kick();
    let left = [{ id }];
    for (let i = 0; i < 100 && left.length > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      left = await t.ctx.db.selectFrom('stored_files').select('id').where('id', '=', id).execute();
    }
    expect(left).toEqual([]);
  });
});

// Two server instances, each with its own (empty) data directory, on one database with
// STORAGE=database: what one stored, the other previews and hands to the printer agent. On
// PostgreSQL these are two instances as in production; on PGlite both share the one embedded
// database (the flow still proves nothing is read from a local disk).
describe('two instances with STORAGE=database', () => {
  let database: TDatabase;
  let a: TTestApp;
  let b: TTestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await createTestApp({ STORAGE: 'database' }, { database });
    b = await createTestApp({ STORAGE: 'database' }, { database });
    await seedDemoData(a.ctx.db);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('an upload on A is previewed and downloaded by the agent on B', async () => {
    expect(a.ctx.storage.kind).toBe('database');
    expect(a.ctx.config.dataDir).not.toBe(b.ctx.config.dataDir);
    const url = await b.app.listen({ port: 0, host: '127.0.0.1' });
    const printer = await b.ctx.db
      .selectFrom('printers')
      .select(['id', 'direct_print_code'])
      .where('direct_print_code', '=', '418273')
      .executeTakeFirstOrThrow();
    const { minionId, secret } = await issueAgentSecret(b.ctx, null, printer.id, 'kiosk-b');
    const link = await rawAgent(url, minionId, secret);
    await link.next('welcome');

    const onA = new TestAgent(a.app);
    const { id } = await registerAndSignIn(onA);
    await grantPages(a.ctx.db, { userId: id, source: 'package', pages: 10, validDays: 30 });
    const upload = await onA.upload('/ajax/documents/upload', 'thesis.pdf', await makePdf(2));
    expect(upload.statusCode, upload.body).toBe(201);
    const documentId = upload.json<{ id: number }>().id;
    let doc = await documentRow(documentId);
    for (let i = 0; i < 200 && doc.status === 'processing'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      doc = await documentRow(documentId);
    }
    expect(doc).toMatchObject({ status: 'ready', page_count: 2 });
    // Nothing on either disk but scratch: the upload and its PDF are in the database.
    for (const app of [a, b]) {
      // The directory is there (its scratch was used), and holds nothing else.
      await expect(fs.stat(app.ctx.storage.scratchRoot)).resolves.toBeTruthy();
      expect(await filesUnder(path.join(app.ctx.config.dataDir, 'documents'))).toEqual([]);
    }
    expect(await b.ctx.storage.exists(doc.pdf_key as string)).toBe(true);

    // The same person on B (sessions are in the database).
    const onB = new TestAgent(b.app);
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    const preview = await onB.get(`/api/documents/${documentId}/pages/2.png`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(await a.ctx.storage.exists(`${doc.pdf_key as string}.pages/2.png`)).toBe(true);
    // A's answer is the preview B rendered.
    const again = await onA.get(`/api/documents/${documentId}/pages/2.png`);
    expect(again.rawPayload.equals(preview.rawPayload)).toBe(true);

    const job = (await onB.get('/ajax/printjobs/current')).json<{ id: number }>();
    expect(
      (await onB.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true })).statusCode,
    ).toBe(200);
    const released = await onB.post(`/ajax/printjobs/${job.id}/print_with_code`, {
      code: printer.direct_print_code,
    });
    expect(released.statusCode, released.body).toBe(200);
    const message = await link.next('job');
    const documentPath = message.job.documents[0]?.path as string;
    const download = await fetch(`${url}${documentPath}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await download.arrayBuffer());
    expect(Number(download.headers.get('content-length'))).toBe(pdf.length);
    expect(pdf.equals(await a.ctx.storage.read(doc.pdf_key as string))).toBe(true);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    link.close();
  });

  const documentRow = (id: number) =>
    a.ctx.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
});

/** Files below `dir` (relative), leaving out the scratch directory; none when it is not there. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs
    .readdir(dir, { recursive: true, withFileTypes: true })
    .catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((f) => !f.startsWith(`tmp${path.sep}`));
}

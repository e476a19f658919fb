import fs from 'node:fs/promises';
import path from 'node:path';
import { StorageMissingError } from './storage';

interface TCopy {
  dir: string;
  file: string;
  /** Which stored version it was made for (another after a replacement). */
  version: string;
  /** Resolves to the copy's size once it is downloaded; rejects when the download failed. */
  ready: Promise<number>;
  bytes: number;
  users: number;
  lastUsed: number;
}

export interface TLocalCopiesOptions {
  /** How long an unused copy is kept. */
  keepMs: number;
  /** Unused copies beyond this many bytes go at once, the least recently used first. */
  maxBytes: number;
  /** A fresh scratch directory; the copies remove theirs. */
  scratch(): Promise<string>;
  /** Downloads the stored file into `file`; answers its size. */
  download(key: string, file: string): Promise<number>;
  /** The stored file's version now (changes when it is replaced), undefined when it is gone. */
  versionOf(key: string): Promise<string | undefined>;
  now?: () => number;
}

/**
 * Local copies of stored files kept a short while, for storages that are not a local directory
 * (the database backend): previews render a document page by page, each with the whole PDF, and
 * one download then serves every page asked for within a minute. Several users of one key at
 * once share one download. Before each use the stored file is looked up (its version, a cheap
 * query): a file removed or replaced meanwhile, by any instance, is never used from an old copy.
 */
export class LocalCopies {
  readonly #copies = new Map<string, TCopy>();
  readonly #options: TLocalCopiesOptions;
  readonly #now: () => number;
  #bytes = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: TLocalCopiesOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** Runs `fn` with a local copy of the stored `key`; StorageMissingError when it is gone. */
  async use<T>(key: string, fileName: string, fn: (file: string) => Promise<T>): Promise<T> {
    const version = await this.#options.versionOf(key);
    const held = this.#copies.get(key);
    // Gone, or replaced since it was downloaded: the old copy goes (once its users are done).
    if (held && held.version !== version) this.#drop(key, held);
    if (version === undefined) throw new StorageMissingError(key);
    const copy = await this.#acquire(key, version, fileName);
    try {
      await copy.ready;
      return await fn(copy.file);
    } finally {
      copy.users -= 1;
      copy.lastUsed = this.#now();
      if (copy.users === 0 && this.#copies.get(key) !== copy) this.#removeDir(copy);
      this.#trim();
    }
  }

  /** Forgets the copy of `key` (removed or replaced through this instance). */
  forget(key: string): void {
    const copy = this.#copies.get(key);
    if (copy) this.#drop(key, copy);
  }

  /** Forgets the copies of every key under `folder/`. */
  forgetFolder(folder: string): void {
    for (const [key, copy] of this.#copies) if (key.startsWith(`${folder}/`)) this.#drop(key, copy);
  }

  /** Copies held now (tests). */
  get size(): number {
    return this.#copies.size;
  }

  /** The copy of `key`, counted as used (a download started when there is none). */
  async #acquire(key: string, version: string, fileName: string): Promise<TCopy> {
    let copy = this.#copies.get(key);
    if (!copy) {
      const dir = await this.#options.scratch();
      // Another use may have started the same download while this one made its directory.
      copy = this.#copies.get(key);
      if (copy) void fs.rm(dir, { recursive: true, force: true });
      else copy = this.#download(key, version, dir, path.join(dir, fileName));
    }
    copy.users += 1;
    return copy;
  }

  #download(key: string, version: string, dir: string, file: string): TCopy {
    const copy: TCopy = {
      dir,
      file,
      version,
      ready: Promise.resolve(0),
      bytes: 0,
      users: 0,
      lastUsed: this.#now(),
    };
    copy.ready = this.#options.download(key, file).then(
      (bytes) => {
        if (this.#copies.get(key) === copy) {
          copy.bytes = bytes;
          this.#bytes += bytes;
        }
        return bytes;
      },
      (err: unknown) => {
        // Nobody gets a half-downloaded copy: the next use downloads again.
        this.#drop(key, copy);
        throw err;
      },
    );
    // Awaited by its users: a failure is theirs to see, never an unhandled rejection here.
    copy.ready.catch(() => undefined);
    this.#copies.set(key, copy);
    return copy;
  }

  /** Unused copies past their time, then the least recently used beyond the byte budget. */
  #trim(): void {
    const now = this.#now();
    const idle = [...this.#copies].filter(([, copy]) => copy.users === 0);
    idle.sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
    for (const [key, copy] of idle)
      if (copy.lastUsed + this.#options.keepMs <= now || this.#bytes > this.#options.maxBytes)
        this.#drop(key, copy);
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#copies.size > 0) {
      this.#timer = setTimeout(() => this.#trim(), this.#options.keepMs);
      this.#timer.unref();
    }
  }

  /** Out of the map at once; its directory goes now, or when its last user is done. */
  #drop(key: string, copy: TCopy): void {
    if (this.#copies.get(key) !== copy) return;
    this.#copies.delete(key);
    this.#bytes -= copy.bytes;
    if (copy.users === 0) this.#removeDir(copy);
  }

  #removeDir(copy: TCopy): void {
    void copy.ready
      .catch(() => undefined)
      .then(() => fs.rm(copy.dir, { recursive: true, force: true }));
  }
}

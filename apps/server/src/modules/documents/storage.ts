import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Documents on local disk under server-generated names (never the uploaded name).
 * Keys look like `2026-11/<uuid>.pdf`; an S3-compatible store can take the same keys later.
 */
export class DocumentStorage {
  constructor(readonly root: string) {}

  newKey(extension: string): string {
    const month = new Date().toISOString().slice(0, 7);
    return `${month}/${randomUUID()}.${extension}`;
  }

  pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep))
      throw new Error(`bad storage key ${key}`);
    return resolved;
  }

  async prepare(key: string): Promise<string> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    return file;
  }

  async remove(key: string | null): Promise<void> {
    if (key) await fs.rm(this.pathOf(key), { force: true });
  }

  /** A scratch directory for one piece of work; the caller removes it. */
  async scratch(): Promise<string> {
    const dir = path.join(this.scratchRoot, randomUUID());
    await fs.mkdir(dir, { recursive: true });
    return dir;
  }

  /**
   * Removes scratch directories a crashed process left behind: those untouched for `olderThanMs`.
   * Not all of them, as another server instance sharing this data directory may be using its own
   * right now; no upload or conversion takes anywhere near an hour (both have time limits).
   */
  async sweepScratch(olderThanMs = SCRATCH_MAX_AGE_MS): Promise<number> {
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

  private get scratchRoot(): string {
    return path.join(this.root, 'tmp');
  }
}

const SCRATCH_MAX_AGE_MS = 60 * 60 * 1000;

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

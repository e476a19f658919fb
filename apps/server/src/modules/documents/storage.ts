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
    const dir = path.join(this.root, 'tmp', randomUUID());
    await fs.mkdir(dir, { recursive: true });
    return dir;
  }
}

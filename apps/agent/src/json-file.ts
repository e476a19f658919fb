import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `data` as JSON to `file` atomically: into `<file>.tmp`, flushed to the disk (fsync),
 * then renamed over the file, so a crash leaves either the old or the new content, never half.
 */
export async function writeJsonAtomic(file: string, data: unknown): Promise<void> {
  await writeTextAtomic(file, JSON.stringify(data));
}

async function writeTextAtomic(file: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  const handle = await fs.open(tmp, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(tmp, file);
}

/**
 * One JSON state file written atomically, the writes queued in order: the state is taken when
 * `save` is called, so the file always ends with the latest. A failed write does not poison the
 * ones after it.
 */
export class AtomicJsonFile {
  private writing: Promise<void> = Promise.resolve();

  constructor(readonly file: string) {}

  save(data: unknown): Promise<void> {
    const snapshot = JSON.stringify(data);
    this.writing = this.writing
      .catch(() => undefined)
      .then(() => writeTextAtomic(this.file, snapshot));
    return this.writing;
  }

  /** Resolves once every write asked for so far has ended (well or not). */
  settled(): Promise<void> {
    return this.writing.catch(() => undefined);
  }
}

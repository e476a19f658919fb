import { BadStorageKeyError, checkKey, type FileStorage, type LocalFileStorage } from './storage';

export interface TImportReport {
  /** Files copied now, and their bytes. */
  copied: number;
  bytes: number;
  /** Files the target held already with the same size (an earlier run copied them). */
  present: number;
  /** Local files removed after their copy was confirmed (`removeLocal`). */
  removed: number;
  /** Local files no key can name (put there by hand): left alone. */
  ignored: string[];
}

/**
 * Copies every file of the local storage into `target` under the same key (`STORAGE=local` →
 * `database`: documents, previews, scans, raw inbound mails, printer images). Streamed, one file
 * at a time; a file the target holds already with the same size is not copied again, so a run
 * that stopped half-way is simply run again. `removeLocal`: each local file goes once the target
 * answers the same size for it. Run while no server uses the local files (a document converted
 * meanwhile would be copied half-way or missed; the next run copies it).
 */
export async function importLocalFiles(
  from: LocalFileStorage,
  target: FileStorage,
  options: { removeLocal?: boolean; onCopied?: (key: string, bytes: number) => void } = {},
): Promise<TImportReport> {
  const report: TImportReport = { copied: 0, bytes: 0, present: 0, removed: 0, ignored: [] };
  for await (const key of from.names()) {
    try {
      checkKey(key);
    } catch (err) {
      if (!(err instanceof BadStorageKeyError)) throw err;
      report.ignored.push(key);
      continue;
    }
    const local = await from.stat(key);
    // Gone since it was listed (a server still running removed it): nothing to copy.
    if (!local) continue;
    if ((await target.stat(key))?.size === local.size) {
      report.present += 1;
    } else {
      const { stream, size } = await from.open(key);
      const stored = await target.put(key, stream);
      if (stored !== size)
        throw new Error(`${key}: ${size} bytes locally, but ${stored} stored; nothing removed`);
      report.copied += 1;
      report.bytes += stored;
      options.onCopied?.(key, stored);
    }
    if (options.removeLocal && (await target.stat(key))?.size === local.size) {
      await from.remove(key);
      report.removed += 1;
    }
  }
  return report;
}

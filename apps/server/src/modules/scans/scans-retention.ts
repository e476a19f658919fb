import { z } from 'zod';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import { enqueueJob, type TJobType } from '../jobs/queue';
import { registerRecurringTask, startRecurringTask, type TRecurringTask } from '../jobs/recurring';
import { clearScanFile, listScanFileKeysOfUser, listScansDueForRetention } from './scans.repo';

// Scans' files are kept SCAN_RETENTION_DAYS (7) after the scan, then deleted by a recurring task
// (once per SCAN_RETENTION_CHECK_MS across instances); the rows stay with file_key null: the list
// still shows the scan (date, printer, pages) and the statistics keep it.

export const SCAN_RETENTION_CHECK_MS = 10 * 60_000;
const TASK = 'scans.retention_check';
/** Scans looked at per query; a run goes on until none is due. */
const BATCH = 100;

/** One pass: deletes the files of scans older than the retention. Answers how many went. */
export async function applyScanRetention(ctx: TAppContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - ctx.config.scanRetentionMs);
  let cleared = 0;
  // A scan skipped (its file could not be removed) must not make the loop spin on it.
  const seen = new Set<number>();
  for (;;) {
    const due = (await listScansDueForRetention(ctx.db, cutoff, BATCH)).filter(
      (s) => !seen.has(s.id),
    );
    if (due.length === 0) break;
    for (const scan of due) {
      seen.add(scan.id);
      if (!scan.file_key) continue;
      try {
        // The file first: a failed update leaves the key, and the next run removes it again.
        await ctx.storage.remove(scan.file_key);
        if (await clearScanFile(ctx.db, scan.id, scan.file_key)) cleared += 1;
      } catch (err) {
        ctx.log.error({ err, scanId: scan.id }, 'scan retention: file not deleted');
      }
    }
  }
  if (cleared > 0) ctx.log.info({ cleared }, 'scan retention: files deleted');
  return cleared;
}

function retentionTask(ctx: TAppContext): TRecurringTask {
  return {
    name: TASK,
    everyMs: SCAN_RETENTION_CHECK_MS,
    run: async () => {
      await applyScanRetention(ctx);
    },
  };
}

export function registerScanRetentionWork(ctx: TAppContext): void {
  registerRecurringTask(ctx, retentionTask(ctx));
}

/** Starts the recurring check (the server's start; every instance may call it). */
export function startScanRetentionChecks(ctx: TAppContext): Promise<void> {
  return startRecurringTask(ctx, retentionTask(ctx));
}

// An erased account's scan rows go with it (ON DELETE CASCADE); their files are removed by a job
// queued in the erasure transaction, so it runs only once the erasure committed.
const ZRemoveFilesPayload = z.object({ keys: z.array(z.string()) });
export const REMOVE_SCAN_FILES_JOB: TJobType<typeof ZRemoveFilesPayload> = {
  name: 'scans.remove_files',
  schema: ZRemoveFilesPayload,
  maxAttempts: 5,
};

/** The erasure hook: queues the removal of the person's scan files (in the erasure's transaction). */
export async function queueScanFilesOfErasedUser(trx: TDb, userId: number): Promise<void> {
  const keys = await listScanFileKeysOfUser(trx, userId);
  if (keys.length > 0) await enqueueJob(trx, REMOVE_SCAN_FILES_JOB, { keys });
}

export async function removeScanFiles(ctx: TAppContext, keys: readonly string[]): Promise<void> {
  for (const key of keys) await ctx.storage.remove(key);
}

import type { TAppContext } from '../../context';
import { registerRecurringTask, startRecurringTask, type TRecurringTask } from '../jobs/recurring';

// What dead writers left in the storage: with STORAGE=database, writes that never completed (an
// instance killed mid-upload leaves up to a file's size of chunks, and put's own clean-up usually
// fails for the same reason the write did), and the scratch directories of the instance that runs
// the check. Every instance sweeps at its start too (create-context.ts); this covers the ones
// that do not restart. Once per STORAGE_SWEEP_MS across instances.

export const STORAGE_SWEEP_MS = 60 * 60_000;
const TASK = 'storage.sweep';

function sweepTask(ctx: TAppContext): TRecurringTask {
  return {
    name: TASK,
    everyMs: STORAGE_SWEEP_MS,
    run: async () => {
      const removed = await ctx.storage.sweepScratch();
      if (removed > 0) ctx.log.info({ removed }, 'storage sweep: scratch directories removed');
    },
  };
}

export function registerStorageSweepWork(ctx: TAppContext): void {
  registerRecurringTask(ctx, sweepTask(ctx));
}

/** Starts the recurring sweep (the server's start; every instance may call it). */
export function startStorageSweeps(ctx: TAppContext): Promise<void> {
  return startRecurringTask(ctx, sweepTask(ctx));
}

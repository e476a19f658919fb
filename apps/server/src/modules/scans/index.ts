// The scans module's public surface (issue 16): its background work, registered by
// create-context.ts and started by main.ts.
import type { TAppContext } from '../../context';
import { registerAccountErasureHook } from '../users/account-erasure-hooks';
import { SCAN_MAIL_JOB, sendScanMail } from './scans-mail';
import {
  queueScanFilesOfErasedUser,
  registerScanRetentionWork,
  REMOVE_SCAN_FILES_JOB,
  removeScanFiles,
} from './scans-retention';

export { startScanRetentionChecks } from './scans-retention';

/** The delivery mail's job, the retention task and the account erasure's file removal. */
export function registerScanWork(ctx: TAppContext): void {
  ctx.worker.register(SCAN_MAIL_JOB, ({ scanId }) => sendScanMail(ctx, scanId));
  ctx.worker.register(REMOVE_SCAN_FILES_JOB, ({ keys }) => removeScanFiles(ctx, keys));
  registerScanRetentionWork(ctx);
  registerAccountErasureHook('scans', (_ctx, trx, userId) =>
    queueScanFilesOfErasedUser(trx, userId),
  );
}

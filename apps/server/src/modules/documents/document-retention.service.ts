import type { TAppContext } from '../../context';
import { personChanged } from '../../realtime/person-changed';
import type { TDocumentRow } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import { registerRecurringTask, startRecurringTask, type TRecurringTask } from '../jobs/recurring';
import {
  endedAt,
  filesDeleteAtOfEndedJob,
  filesDeleteAtOfOpenJob,
  listDocumentsOfPrintjob,
  lockPrintjobById,
  withPrintjobTransaction,
} from '../printjobs';
import {
  deleteDocumentsOfPrintjob,
  listAbandonedJobs,
  listEndedJobsWithStoredDocuments,
} from './documents.repo';
import { deleteDocumentFilesOfPrintjob, removeFiles } from './documents.service';

// Document retention (issue 17 point 4; the rule is printjobs/files-retention.ts, the decision
// docs/decisions.md "Document retention"). A recurring task, once per RETENTION_CHECK_MS across
// instances:
// - jobs that ended DOCUMENT_RETENTION_HOURS ago lose their documents' files (upload, PDF,
//   previews); the rows stay: names, pages and colours are the record of what was printed and
//   charged (history, statistics, billing);
// - unreleased jobs left alone for DOCUMENT_ABANDON_HOURS lose their documents entirely (nothing
//   of a job never printed is billed or counted; the person's print page is empty again).
// Each job is re-checked under its row lock, so two instances (or the owner acting at the same
// moment, or an admin resetting a failed job) never both act on it.

/** How often the check runs: files go at most this long after the moment the person is shown. */
export const RETENTION_CHECK_MS = 5 * 60_000;

/** Jobs looked at per query; a run goes on until none is left (the first run after an upgrade). */
const BATCH = 50;

const SYSTEM_TASK = 'documents.retention_check';

/** Deletes the files of one ended job's documents, if it is still ended and due. */
async function clearEndedJob(ctx: TAppContext, jobId: number, now: Date): Promise<number> {
  let owner: number | undefined;
  const cleared = await ctx.db.transaction().execute(async (trx) => {
    const job = await lockPrintjobById(trx, jobId);
    if (
      !job ||
      job.express_order_id !== null ||
      !['printed', 'failed', 'archived'].includes(job.status) ||
      filesDeleteAtOfEndedJob(ctx.config, endedAt(job)) > now
    )
      return 0;
    // Files first, then the mark, inside the lock: a failed commit leaves the rows unmarked and
    // the next run removes the (already missing) files again.
    owner = job.user_id;
    return deleteDocumentFilesOfPrintjob(ctx, job.id, trx);
  });
  // The person's last result says the files are gone.
  if (cleared > 0) await personChanged(ctx, owner);
  return cleared;
}

/** Removes the documents of one abandoned job, if it still is (not touched, not released). */
async function clearAbandonedJob(ctx: TAppContext, jobId: number, now: Date): Promise<number> {
  const removed = await withPrintjobTransaction(
    ctx,
    async (trx, effects): Promise<TDocumentRow[]> => {
      const job = await lockPrintjobById(trx, jobId);
      if (!job || job.is_submitted) return [];
      const due = filesDeleteAtOfOpenJob(
        ctx.config,
        job,
        await listDocumentsOfPrintjob(trx, job.id),
      );
      if (!due || due > now) return [];
      const documents = await deleteDocumentsOfPrintjob(trx, job.id);
      await recordAudit(trx, {
        actorUserId: null,
        action: 'documents.abandoned_removed',
        subject: ['printjob', job.id],
        details: { documents: documents.map((d) => d.name) },
      });
      // An open print page reloads and shows the job empty.
      effects.add({ kind: 'printjob_changed', job });
      return documents;
    },
  );
  // After the commit, as when the person removes a document: a rollback keeps the files.
  for (const doc of removed) await removeFiles(ctx, doc);
  return removed.length;
}

/**
 * One retention pass (the recurring task's run; safe on several instances at once). Answers how
 * many documents lost their files after their job ended and how many abandoned ones were removed.
 */
export async function applyDocumentRetention(
  ctx: TAppContext,
): Promise<{ cleared: number; abandoned: number }> {
  const now = ctx.now();
  const endedCutoff = new Date(now.getTime() - ctx.config.documentRetentionHours * 3_600_000);
  const abandonCutoff = new Date(now.getTime() - ctx.config.documentAbandonMs);
  let cleared = 0;
  let abandoned = 0;
  // Each batch's jobs leave the list once handled; a job skipped on re-check (changed meanwhile)
  // is not due, and `seen` keeps a batch of such from repeating forever.
  const seen = new Set<number>();
  for (;;) {
    const jobs = (await listEndedJobsWithStoredDocuments(ctx.db, endedCutoff, BATCH)).filter(
      (id) => !seen.has(id),
    );
    if (jobs.length === 0) break;
    for (const id of jobs) {
      seen.add(id);
      cleared += await clearEndedJob(ctx, id, now);
    }
  }
  for (;;) {
    const jobs = (await listAbandonedJobs(ctx.db, abandonCutoff, BATCH)).filter(
      (id) => !seen.has(id),
    );
    if (jobs.length === 0) break;
    for (const id of jobs) {
      seen.add(id);
      abandoned += await clearAbandonedJob(ctx, id, now);
    }
  }
  if (cleared > 0 || abandoned > 0)
    ctx.log.info({ cleared, abandoned }, 'document retention: files deleted');
  return { cleared, abandoned };
}

function retentionTask(ctx: TAppContext): TRecurringTask {
  return {
    name: SYSTEM_TASK,
    everyMs: RETENTION_CHECK_MS,
    run: async () => {
      await applyDocumentRetention(ctx);
    },
  };
}

export function registerDocumentRetentionWork(ctx: TAppContext): void {
  registerRecurringTask(ctx, retentionTask(ctx));
}

/** Starts the recurring retention check (the server's start; every instance may call it). */
export function startDocumentRetentionChecks(ctx: TAppContext): Promise<void> {
  return startRecurringTask(ctx, retentionTask(ctx));
}

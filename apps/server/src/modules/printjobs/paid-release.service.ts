import type { TDb } from '../../db/database';
import type { TPrinterRow, TPrintjobRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { pricedJob } from './priced-job';
import type { PrintjobEffects } from './printjob-effects';
import { changePrintjobStatus } from './printjob-status.service';
import {
  listDocumentsOfPrintjob,
  lockPrintjobById,
  removeOtherEmptyCurrentJob,
} from './printjobs.repo';

// Jobs paid for in money, not pages (express orders, issue 13). The order decides when its job
// prints, fails or starts over; this module still owns the job's status (the one writer, its
// agent push / withdrawal effects) and what the job's documents allow. No page reservation is
// made or settled: a paid job has none.

type TJobActor = { userId: number | null; source: 'user' | 'admin' | 'printer' };

async function lockJob(trx: TDb, jobId: number): Promise<TPrintjobRow> {
  const job = await lockPrintjobById(trx, jobId);
  if (!job) throw notFound();
  return job;
}

/**
 * Sends a paid job to `printer` (already checked able to print by the caller): the job must be
 * `created`, locked (submitted) and have its documents ready; its agent gets it after commit.
 */
export async function releasePaidPrintjob(
  trx: TDb,
  effects: PrintjobEffects,
  jobId: number,
  printer: Pick<TPrinterRow, 'id'>,
  actor: TJobActor,
  now: Date,
): Promise<TPrintjobRow> {
  const job = await lockJob(trx, jobId);
  if (job.status !== 'created')
    throw new AppError(409, 'not_created', 'printjobs.errors.not_created');
  if (!job.is_submitted) throw new AppError(409, 'not_submitted', 'printjobs.errors.not_submitted');
  const documents = await listDocumentsOfPrintjob(trx, job.id);
  if (documents.some((d) => d.status === 'processing'))
    throw new AppError(422, 'processing', 'printjobs.errors.processing');
  if (pricedJob(job, documents).cost === 0)
    throw new AppError(422, 'no_documents', 'printjobs.errors.no_documents');
  return changePrintjobStatus(trx, effects, job, 'schedule', actor, {
    printer_id: printer.id,
    released_at: now,
  });
}

/**
 * Fails a paid job sent to its printer (an administrator gave up on it): the agent drops it,
 * nothing was printed as far as we know. A job not (or no longer) at a printer is left as it is.
 */
export async function failPaidPrintjob(
  trx: TDb,
  effects: PrintjobEffects,
  jobId: number,
  actor: TJobActor,
  now: Date,
): Promise<TPrintjobRow> {
  const job = await lockJob(trx, jobId);
  if (job.status !== 'scheduled') return job;
  return changePrintjobStatus(trx, effects, job, 'mark_failed', actor, {
    finished_at: now,
    printed_faces: 0,
  });
}

/**
 * A failed paid job starts over: `created` again, still locked (what was paid for is what
 * prints), no printer. Its owner's other current job, if an empty one was made meanwhile, goes.
 */
export async function resetPaidPrintjob(
  trx: TDb,
  effects: PrintjobEffects,
  jobId: number,
  actor: TJobActor,
): Promise<TPrintjobRow> {
  const job = await lockJob(trx, jobId);
  if (job.status !== 'failed') return job;
  return reopenFailedPrintjob(trx, effects, job, actor);
}

/**
 * A failed job (locked by the caller) becomes its owner's editable job again, with no printer.
 * The owner got a fresh empty job when this one failed: that one is removed; if they already put
 * documents into it, the reset is refused rather than losing their work. Shared by the paid reset
 * above and the administrator's reset of a page-paid job (which settles its reservation first).
 */
export async function reopenFailedPrintjob(
  trx: TDb,
  effects: PrintjobEffects,
  job: TPrintjobRow,
  actor: TJobActor,
): Promise<TPrintjobRow> {
  const other = await removeOtherEmptyCurrentJob(trx, job.user_id, job.id);
  if (other === 'has_documents')
    throw new AppError(409, 'owner_has_current_job', 'admin.errors.owner_has_current_job');
  return changePrintjobStatus(trx, effects, job, 'reset', actor, {
    printer_id: null,
    released_at: null,
    finished_at: null,
    printed_faces: null,
    printing_started_at: null,
    failure_reason: null,
  });
}

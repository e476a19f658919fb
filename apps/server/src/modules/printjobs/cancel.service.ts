import type { TAppContext } from '../../context';
import type { TPrintjobRow, TUserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { listAuditEntries, recordAudit } from '../audit/audit.service';
import { liveReservationId, voidReservation } from '../pages/page-reservations.service';
import { withPrintjobTransaction } from './printjob-effects';
import { changePrintjobStatus } from './printjob-status.service';
import {
  lockPrintjobById,
  lockPrintjobOfUser,
  removeOtherEmptyCurrentJob,
  updatePrintjob,
} from './printjobs.repo';

/** The failure reason of a cancelled job that could not become the person's current job again. */
export const CANCELLED = 'cancelled';

/** The audit entry naming the printer and release a cancel took back. */
const RELEASE_CANCELLED = 'printjob.release_cancelled';

/**
 * The person takes their released job back before the printer started it (issue 17 point 3): the
 * reserved pages go back at once, the printer's agent withdraws it (the status change's effect;
 * an agent that already sent a document cancels it at the printer, IPP Cancel-Job), and the job
 * is their editable job again, documents and settings kept and still confirmed, so they can send
 * it to another printer straight away. Once printing started it is refused: the pages are coming
 * out, and the printer's report settles them.
 *
 * Only if they meanwhile have another current job with documents (it cannot become current
 * twice) does the cancelled job end instead, failed with the reason `cancelled`: the pages go back
 * all the same.
 */
export function cancelPrintjob(
  ctx: TAppContext,
  user: TUserRow,
  jobId: number,
): Promise<TPrintjobRow> {
  return withPrintjobTransaction(ctx, async (trx, effects) => {
    const job = await lockPrintjobOfUser(trx, jobId, user.id);
    if (!job) throw notFound();
    // An express job is its order's (a guest's, paid in money): never cancelled here.
    if (job.status !== 'scheduled' || job.express_order_id !== null)
      throw new AppError(409, 'not_scheduled', 'printjobs.errors.not_scheduled');
    if (job.printing_started_at !== null)
      throw new AppError(409, 'printing_started', 'printjobs.errors.printing_started');
    const now = ctx.now();
    const reservation = await liveReservationId(trx, job.id);
    if (reservation !== undefined) await voidReservation(trx, reservation, now);
    // Which release at which printer was taken back: a printer that had already taken it may
    // still report pages printed (recordReportAfterCancel).
    if (job.printer_id !== null && job.released_at !== null)
      await recordAudit(trx, {
        actorUserId: user.id,
        action: RELEASE_CANCELLED,
        subject: ['printjob', job.id],
        details: { printer_id: job.printer_id, release: job.released_at.toISOString() },
      });
    const byOwner = { userId: user.id, source: 'user' } as const;
    if ((await removeOtherEmptyCurrentJob(trx, job.user_id, job.id)) === 'has_documents')
      return changePrintjobStatus(trx, effects, job, 'mark_failed', byOwner, {
        finished_at: now,
        printed_faces: 0,
        failure_reason: CANCELLED,
      });
    // No printer any more: a late word of its agent about this release finds no job of its own.
    return changePrintjobStatus(trx, effects, job, 'cancel', byOwner, {
      printer_id: null,
      released_at: null,
      printing_started_at: null,
      // Confirmed afresh: the confirmation's expiry counts from now.
      submitted_at: now,
    });
  });
}

/** What a printer's agent says at the end of a release (agent protocol `job_finished`). */
export interface TLateReport {
  jobId: number;
  release?: string | undefined;
  outcome: 'printed' | 'failed';
  impressions?: number | null | undefined;
  documentsCompleted?: number | undefined;
}

/**
 * A printer reports pages printed for a release its owner cancelled: the cancel reached the agent
 * after the printer had taken the job, and Cancel-Job came too late. The pages went back at the
 * cancel and the job may have been sent again since, so nothing is charged here (never twice,
 * never behind anyone's back): the job is flagged for an admin (`printed_after_cancel`, the admin
 * print job list's review filter), and the report is logged and audited. Answers whether the
 * report was about such a release (exactly the one cancelled at this printer); false leaves it to
 * the caller.
 */
export async function recordReportAfterCancel(
  ctx: TAppContext,
  printerId: number,
  report: TLateReport,
): Promise<boolean> {
  if (report.release === undefined) return false;
  const cancels = await listAuditEntries(ctx.db, {
    limit: 20,
    action: RELEASE_CANCELLED,
    subjectType: 'printjob',
    subjectId: String(report.jobId),
  });
  const cancelled = cancels.some((entry) => {
    const details = entry.details as { printer_id?: unknown; release?: unknown } | null;
    return details?.printer_id === printerId && details.release === report.release;
  });
  if (!cancelled) return false;
  const printed =
    report.outcome === 'printed' ||
    (report.impressions ?? 0) > 0 ||
    (report.documentsCompleted ?? 0) > 0;
  if (!printed) return true;
  ctx.log.warn(
    { printerId, jobId: report.jobId, report },
    'printer reported pages printed for a release its owner cancelled: not charged, flagged for review',
  );
  await ctx.db.transaction().execute(async (trx) => {
    const job = await lockPrintjobById(trx, report.jobId);
    if (!job) return;
    await updatePrintjob(trx, job.id, { review_reason: 'printed_after_cancel' });
    await recordAudit(trx, {
      actorUserId: null,
      action: 'printjob.printed_after_cancel',
      subject: ['printjob', job.id],
      details: {
        printer_id: printerId,
        release: report.release ?? null,
        outcome: report.outcome,
        impressions: report.impressions ?? null,
        documents_completed: report.documentsCompleted ?? null,
      },
    });
  });
  return true;
}

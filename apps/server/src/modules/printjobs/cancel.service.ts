import type { TAppContext } from '../../context';
import type { TPrintjobRow, TUserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { liveReservationId, voidReservation } from '../pages/page-reservations.service';
import { withPrintjobTransaction } from './printjob-effects';
import { changePrintjobStatus } from './printjob-status.service';
import { lockPrintjobOfUser, removeOtherEmptyCurrentJob } from './printjobs.repo';

/** The failure reason of a cancelled job that could not become the person's current job again. */
export const CANCELLED = 'cancelled';

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

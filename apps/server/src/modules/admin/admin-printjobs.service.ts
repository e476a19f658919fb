import {
  transitionPrintjob,
  translate,
  ADMIN_PAGE_SIZE,
  type TAdminBulkResult,
  type TAdminPrintjobAction,
  type TLocale,
  type TPrintjobEvent,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TPrintjobRow, TUserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { postReservation, reservePages, voidReservation } from '../pages/page-reservations.service';
import { findPrinterById } from '../printers';
import { assertPrinterCanPrint } from '../printers/printers.service';
import {
  changePrintjobStatus,
  chargeOfFaces,
  ensureCurrentPrintjob,
  listDocumentsOfPrintjob,
  pricedJob,
  withPrintjobTransaction,
  type PrintjobEffects,
} from '../printjobs';
import { reopenFailedPrintjob } from '../printjobs/paid-release.service';
import { countInPrinterStatistics } from '../printjobs/release.service';
import {
  countPrintjobs,
  documentsOfPrintjobs,
  findExpressToken,
  findPrintjobWithNames,
  findStatuses,
  latestReservation,
  listPrintjobs,
  lockPrintjob,
  type TPrintjobFilter,
} from './admin-printjobs.repo';

/** Which lifecycle event each admin action is. */
export const ACTION_EVENTS: Record<TAdminPrintjobAction, TPrintjobEvent> = {
  print: 'schedule',
  fail: 'mark_failed',
  reset: 'reset',
  mark_printed: 'mark_printed',
};

export function allowedActions(status: TPrintjobRow['status']): TAdminPrintjobAction[] {
  return (Object.keys(ACTION_EVENTS) as TAdminPrintjobAction[]).filter(
    (action) => transitionPrintjob(status, ACTION_EVENTS[action]).ok,
  );
}

/** Refuses with the spec's lifecycle message before anything else is looked at. */
function assertTransition(job: TPrintjobRow, event: TPrintjobEvent): void {
  const transition = transitionPrintjob(job.status, event);
  if (!transition.ok)
    throw new AppError(409, transition.error, `printjobs.errors.${transition.error}`);
}

export async function listAdminPrintjobs(db: TDb, filter: TPrintjobFilter, page: number) {
  const [total, rows] = await Promise.all([
    countPrintjobs(db, filter),
    listPrintjobs(db, filter, { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE }),
  ]);
  const documents = await documentsOfPrintjobs(
    db,
    rows.map((r) => r.id),
  );
  return { total, rows, documents };
}

type TActor = { admin: TUserRow };

/**
 * One admin action in one transaction: locks the job, refuses with the lifecycle message when
 * `event` does not fit its status, runs `act`. The status changes' effects (the printer's agent
 * gets or drops the job, the owner's open pages reload) run after commit.
 */
function inJobTransaction<T = TPrintjobRow>(
  ctx: TAppContext,
  jobId: number,
  event: TPrintjobEvent,
  act: (trx: TDb, effects: PrintjobEffects, job: TPrintjobRow) => Promise<T>,
): Promise<T> {
  return withPrintjobTransaction(ctx, async (trx, effects) => {
    const job = await lockPrintjob(trx, jobId);
    if (!job) throw notFound();
    assertTransition(job, event);
    // An express order's job is paid in money: it is sent or started over from its order (which
    // follows the job when an admin fails or settles it here).
    if (job.express_order_id !== null && (event === 'schedule' || event === 'reset'))
      throw new AppError(409, 'express_job', 'admin.errors.express_job');
    return act(trx, effects, job);
  });
}

/** Who changed the job's status, for its history. */
const byAdmin = (actor: TActor) => ({ userId: actor.admin.id, source: 'admin' }) as const;

/**
 * Print: a created job goes to the printer the admin picked, exactly like the owner's release:
 * the printer must be able to print, then the owner's pages are reserved.
 */
export async function adminPrint(
  ctx: TAppContext,
  actor: TActor,
  jobId: number,
  printerId: number | undefined,
): Promise<TPrintjobRow> {
  return inJobTransaction(ctx, jobId, 'schedule', async (trx, effects, job) => {
    if (printerId === undefined)
      throw new AppError(422, 'printer_required', 'admin.errors.printer_required', undefined, {
        printer_id: [{ key: 'blank' }],
      });
    const printer = await findPrinterById(trx, printerId);
    if (!printer) throw new AppError(404, 'printer_not_found', 'printers.errors.not_found');
    const now = ctx.now();
    assertPrinterCanPrint(printer, now);
    if (!job.is_submitted) throw new AppError(409, 'not_submitted', 'admin.errors.not_submitted');
    const documents = await listDocumentsOfPrintjob(trx, job.id);
    if (documents.some((d) => d.status === 'processing'))
      throw new AppError(422, 'processing', 'printjobs.errors.processing');
    const { cost } = pricedJob(job, documents);
    if (cost === 0) throw new AppError(422, 'no_documents', 'printjobs.errors.no_documents');
    await reservePages(trx, { userId: job.user_id, printjobId: job.id, pages: cost }, now);
    return changePrintjobStatus(trx, effects, job, 'schedule', byAdmin(actor), {
      printer_id: printer.id,
      released_at: now,
    });
  });
}

/**
 * Fail: a scheduled job ends; the agent drops it. Nothing reached the printer yet: the reserved
 * pages go back now. It did (printing started): the agent cancels it at the printer and reports
 * what came out anyway, so the reservation is kept for that report (finishPrintjob charges the
 * faces printed and gives the rest back; a reset before the report gives everything back).
 * The admin's reason, if given, is kept on the job (the agent's late report of what came out
 * does not replace it), so whoever looks at the job later knows why it ended.
 */
export async function adminFail(
  ctx: TAppContext,
  actor: TActor,
  jobId: number,
  reason?: string,
): Promise<TPrintjobRow> {
  return inJobTransaction(ctx, jobId, 'mark_failed', async (trx, effects, job) => {
    const now = ctx.now();
    const reservation = await latestReservation(trx, job.id);
    if (reservation?.status === 'reserved' && job.printing_started_at === null)
      await voidReservation(trx, reservation.id, now);
    // Its printer's agent drops it (an effect of the change).
    const failed = await changePrintjobStatus(trx, effects, job, 'mark_failed', byAdmin(actor), {
      finished_at: now,
      printed_faces: 0,
      failure_reason: reason ?? null,
    });
    // The owner may start a new job at once, as after a failure the printer reports.
    // A guest's express job is its order's only job (as when the printer ends it).
    if (job.express_order_id === null) await ensureCurrentPrintjob(trx, job.user_id);
    return failed;
  });
}

/**
 * Reset: a failed job becomes the owner's editable job again. The owner got a fresh empty job
 * when this one failed: that one is removed; if they already put documents into it, the reset is
 * refused rather than losing their work. A job that printed part of its pages was charged for
 * them and is not reset (printing it again would print those pages twice).
 */
export async function adminReset(
  ctx: TAppContext,
  actor: TActor,
  jobId: number,
): Promise<TPrintjobRow> {
  const outcome = await inJobTransaction(ctx, jobId, 'reset', async (trx, effects, job) => {
    const reservation = await latestReservation(trx, job.id);
    if (reservation?.status === 'posted')
      throw new AppError(409, 'reset_charged', 'admin.errors.reset_charged');
    // A job failed mid-print keeps its reservation for the agent's late report; whatever the
    // reset's answer, the admin gave up on that report: the pages go back now. This comes before
    // the files check, whose refusal must not leave them held for good.
    if (reservation?.status === 'reserved') await voidReservation(trx, reservation.id, ctx.now());
    // Retention deleted its files (DOCUMENT_RETENTION_HOURS after it failed): nothing to print.
    // The job stays failed; the voided reservation is committed before the refusal.
    if ((await listDocumentsOfPrintjob(trx, job.id)).some((d) => d.files_deleted_at !== null))
      return 'documents_deleted' as const;
    return reopenFailedPrintjob(trx, effects, job, byAdmin(actor));
  });
  if (outcome === 'documents_deleted')
    throw new AppError(409, 'reset_documents_deleted', 'admin.errors.reset_documents_deleted');
  return outcome;
}

/**
 * Mark as printed. A scheduled job is settled as the printer's report would: all its pages are
 * charged and counted in the printer's statistics, and the agent drops it if it still has it.
 * A failed job was settled when it failed (nothing, or the pages that came out, was charged):
 * marking it printed corrects its status and charges nothing more.
 */
export async function adminMarkPrinted(
  ctx: TAppContext,
  actor: TActor,
  jobId: number,
): Promise<TPrintjobRow> {
  return inJobTransaction(ctx, jobId, 'mark_printed', async (trx, effects, job) => {
    const now = ctx.now();
    const by = byAdmin(actor);
    let extra = {};
    if (job.status === 'scheduled') {
      const { documents, settings, faces } = pricedJob(
        job,
        await listDocumentsOfPrintjob(trx, job.id),
      );
      const charge = chargeOfFaces(documents, settings, faces);
      const reservation = await latestReservation(trx, job.id);
      if (reservation?.status === 'reserved')
        await postReservation(trx, reservation.id, charge.pages, now);
      await countInPrinterStatistics(trx, job, faces, charge.split, now);
      extra = { printed_faces: faces, finished_at: now };
    }
    // A scheduled job is withdrawn from its printer's agent (an effect of the change).
    const printed = await changePrintjobStatus(trx, effects, job, 'mark_printed', by, extra);
    // As after the printer's report: a printed job leaves the owner's screen.
    const archived = await changePrintjobStatus(trx, effects, printed, 'archive', by);
    // A guest's express job is its order's only job (as when the printer ends it).
    if (job.express_order_id === null) await ensureCurrentPrintjob(trx, job.user_id);
    return archived;
  });
}

/** What an action takes besides the job: the printer to print on, the reason for a fail. */
export type TActionInput = { printer_id?: number | undefined; reason?: string | undefined };

export function runPrintjobAction(
  ctx: TAppContext,
  actor: TActor,
  action: TAdminPrintjobAction,
  jobId: number,
  input: TActionInput = {},
): Promise<TPrintjobRow> {
  switch (action) {
    case 'print':
      return adminPrint(ctx, actor, jobId, input.printer_id);
    case 'fail':
      return adminFail(ctx, actor, jobId, input.reason);
    case 'reset':
      return adminReset(ctx, actor, jobId);
    case 'mark_printed':
      return adminMarkPrinted(ctx, actor, jobId);
  }
}

/**
 * The list's bulk actions: applied to each selected job the action fits, one transaction per job
 * (one refusal does not undo the others). When none fits: the spec's 'No printjobs that can be
 * canceled, printed or reset were found'.
 */
export async function bulkPrintjobAction(
  ctx: TAppContext,
  actor: TActor,
  locale: TLocale,
  input: { action: TAdminPrintjobAction; ids: number[] } & TActionInput,
): Promise<TAdminBulkResult> {
  const ids = [...new Set(input.ids)];
  const event = ACTION_EVENTS[input.action];
  const statuses = await findStatuses(ctx.db, ids);
  const eligible = statuses.filter((s) => transitionPrintjob(s.status, event).ok).map((s) => s.id);
  if (eligible.length === 0) throw new AppError(409, 'none_found', 'printjobs.errors.none_found');
  if (input.action === 'print' && input.printer_id === undefined)
    throw new AppError(422, 'printer_required', 'admin.errors.printer_required', undefined, {
      printer_id: [{ key: 'blank' }],
    });
  const result: TAdminBulkResult = { done: [], skipped: [] };
  for (const id of ids) {
    if (!eligible.includes(id)) {
      const status = statuses.find((s) => s.id === id)?.status;
      const transition = status ? transitionPrintjob(status, event) : undefined;
      result.skipped.push({
        id,
        message:
          transition && !transition.ok
            ? translate(locale, `printjobs.errors.${transition.error}`)
            : translate(locale, 'admin.errors.printjob_not_found'),
      });
      continue;
    }
    try {
      await runPrintjobAction(ctx, actor, input.action, id, input);
      result.done.push(id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result.skipped.push({ id, message: translate(locale, err.messageKey, err.values) });
    }
  }
  return result;
}

/** A job with what its admin page shows: documents, the latest reservation, its express order. */
export async function findAdminPrintjobDetail(ctx: TAppContext, id: number) {
  const job = await findPrintjobWithNames(ctx.db, id);
  if (!job) throw notFound();
  const documents = (await documentsOfPrintjobs(ctx.db, [id])).get(id) ?? [];
  const reservation = await latestReservation(ctx.db, id);
  const express =
    job.express_order_id === null
      ? undefined
      : await findExpressToken(ctx.db, job.express_order_id);
  return { job, documents, reservation, express };
}

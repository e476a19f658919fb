import { printedFaces, type TPrintjobReviewReason } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TDocumentRow, TPrinterRow, TPrintjobRow, TUserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import {
  liveReservationId,
  postReservation,
  reservePages,
  voidReservation,
} from '../pages/page-reservations.service';
import {
  addMonthlyCounts,
  addMonthlyUser,
  findPrinterByCode,
  findPrinterById,
  monthOf,
} from '../printers';
import { whyPrinterCannotPrint } from '../printers/printers.service';
import { chargeOfFaces, isPricedDocument, pricedDocuments, pricedJob } from './priced-job';
import { withPrintjobTransaction } from './printjob-effects';
import {
  ensureCurrentPrintjob,
  listDocumentsOfPrintjob,
  lockPrintjobById,
  lockPrintjobOfUser,
  updatePrintjob,
} from './printjobs.repo';
import { changePrintjobStatus } from './printjob-status.service';

async function lockJob(db: TDb, id: number): Promise<TPrintjobRow> {
  const job = await lockPrintjobById(db, id);
  if (!job) throw notFound();
  return job;
}

/**
 * Releases the person's confirmed job to a printer: the job's own checks come first, then its
 * pages are reserved, then the printer must exist and be able to print; all in one transaction,
 * so a refusal leaves nothing reserved. After commit the printer's agent is told at once (the
 * status change's effects).
 *
 * Everything that depends only on the job is checked before the printer is looked at: the
 * answer to a code must not depend on the code unless the code is right and the printer can
 * print (`printerRefusal` turns every other printer answer into one, see `releaseWithCode`).
 */
async function release(
  ctx: TAppContext,
  user: TUserRow,
  jobId: number,
  findPrinter: (trx: TDb) => Promise<TPrinterRow | undefined>,
  printerRefusal: (cannotPrint: AppError | null) => AppError,
): Promise<TPrintjobRow> {
  return withPrintjobTransaction(ctx, async (trx, effects) => {
    const job = await lockPrintjobOfUser(trx, jobId, user.id);
    if (!job) throw notFound();
    if (job.status !== 'created')
      throw new AppError(409, 'not_created', 'printjobs.errors.not_created');
    if (!job.is_submitted)
      throw new AppError(409, 'not_submitted', 'printjobs.errors.not_submitted');
    const now = ctx.now();
    const documents = await listDocumentsOfPrintjob(trx, job.id);
    if (documents.some((d) => d.status === 'processing'))
      throw new AppError(422, 'processing', 'printjobs.errors.processing');
    const { cost } = pricedJob(job, documents);
    if (cost === 0) throw new AppError(422, 'no_documents', 'printjobs.errors.no_documents');
    await reservePages(trx, { userId: user.id, printjobId: job.id, pages: cost }, now);
    const printer = await findPrinter(trx);
    if (!printer) throw printerRefusal(null);
    const cannotPrint = whyPrinterCannotPrint(printer, now);
    if (cannotPrint) throw printerRefusal(cannotPrint);
    return changePrintjobStatus(
      trx,
      effects,
      job,
      'schedule',
      { userId: user.id, source: 'user' },
      { printer_id: printer.id, released_at: now },
    );
  });
}

/**
 * Release by the code the printer shows (its `direct_print_code`). A code that names no printer
 * and the code of a printer that cannot print now (offline, disabled, in maintenance) get the
 * same answer, so trying codes tells nothing about which ones exist; the person standing at the
 * printer learns what the printer's page and the map say anyway.
 */
export function releaseWithCode(
  ctx: TAppContext,
  user: TUserRow,
  jobId: number,
  code: string,
): Promise<TPrintjobRow> {
  return release(
    ctx,
    user,
    jobId,
    (trx) => findPrinterByCode(trx, code.trim()),
    () => new AppError(404, 'unknown_code', 'printers.errors.unknown_code'),
  );
}

/**
 * Release from the phone: the person picked the printer on the map or opened its link. Printer
 * ids and availability are public (the map), so the precise reason is given.
 */
export function releaseToPrinter(
  ctx: TAppContext,
  user: TUserRow,
  jobId: number,
  printerId: number,
): Promise<TPrintjobRow> {
  return release(
    ctx,
    user,
    jobId,
    (trx) => findPrinterById(trx, printerId),
    (cannotPrint) =>
      cannotPrint ?? new AppError(404, 'printer_not_found', 'printers.errors.not_found'),
  );
}

export interface TPrinterReport {
  outcome: 'printed' | 'failed';
  /** Faces the printer says came out; unknown means all of a printed job, none of a failed one. */
  facesPrinted?: number | null;
  /** How many of the job's documents, in order, the printer completed. */
  documentsCompleted?: number;
  reason?: string | undefined;
}

/**
 * The month's statistics of the job's printer count the faces printed and the person. An express
 * order's job (paid in money by a guest) counts in the express columns, and its guest account is
 * no person of the statistics.
 */
export async function countInPrinterStatistics(
  trx: TDb,
  job: TPrintjobRow,
  faces: number,
  split: { colour: number; mono: number },
  now: Date,
): Promise<void> {
  if (job.printer_id === null || faces <= 0) return;
  const month = monthOf(now);
  if (job.express_order_id !== null) {
    await addMonthlyCounts(trx, job.printer_id, month, {
      express_color_pages: split.colour,
      express_mono_pages: split.mono,
    });
    return;
  }
  await addMonthlyCounts(trx, job.printer_id, month, {
    classic_color_pages: split.colour,
    classic_mono_pages: split.mono,
  });
  await addMonthlyUser(trx, job.printer_id, month, 'printing', job.user_id);
}

/**
 * Documents of the job the printer's agent downloaded since the job was (last) released to it, in
 * print order: what can have reached the printer this time.
 */
function deliveredDocuments(job: TPrintjobRow, ready: readonly TDocumentRow[]): TDocumentRow[] {
  return ready.filter(
    (d) =>
      d.delivered_at !== null && (job.released_at === null || d.delivered_at >= job.released_at),
  );
}

/**
 * The printer reports the end of a job. Printed: charge the faces that came out (all of them
 * normally) and archive the job. Failed: charge nothing if nothing came out, else only the faces
 * printed; the job stays failed (an admin may reset it). Either way the person gets a fresh
 * current job and the month's printer statistics count what was printed. A repeated report
 * changes nothing.
 *
 * A printer that says "printed" printed what its agent downloaded: a report counting fewer faces
 * and documents than that (a real agent reports every document completed) is charged the faces
 * of the downloaded documents, and a job reported printed that the agent never downloaded is
 * charged as reported; both are flagged for an admin (`review_reason`), never settled silently.
 */
export async function finishPrintjob(
  ctx: TAppContext,
  jobId: number,
  report: TPrinterReport,
): Promise<TPrintjobRow> {
  return withPrintjobTransaction(ctx, async (trx, effects) => {
    const job = await lockJob(trx, jobId);
    // Withdrawn by an admin (failed, or marked printed after that) while it printed.
    if (job.status !== 'scheduled') {
      // Pages charged or handed back: the owner's pages and last result change.
      const settled = await settleWithdrawnJob(ctx, trx, job, report);
      effects.add({ kind: 'printjob_changed', job: settled });
      return settled;
    }
    const now = ctx.now();
    const ready = (await listDocumentsOfPrintjob(trx, job.id)).filter(isPricedDocument);
    const priced = pricedJob(job, ready);
    const { settings, faces: total } = priced;
    let { documents } = priced;
    const reported = report.facesPrinted ?? (report.outcome === 'printed' ? total : 0);
    // Documents the printer completed came out whole, whatever its impression counter says.
    const completed = printedFaces(documents.slice(0, report.documentsCompleted ?? 0), settings);
    // A failed job printed at most the completed documents and part of the next one.
    const ceiling =
      report.outcome === 'failed' && report.documentsCompleted !== undefined
        ? printedFaces(documents.slice(0, report.documentsCompleted + 1), settings)
        : total;
    let faces = Math.min(Math.max(0, reported, completed), ceiling);
    let reviewReason: TPrintjobReviewReason | null = null;
    if (report.outcome === 'printed') {
      const delivered = pricedDocuments(deliveredDocuments(job, ready));
      const deliveredFaces = printedFaces(delivered, settings);
      if (delivered.length === 0) reviewReason = 'printed_nothing_delivered';
      else if (faces < deliveredFaces) {
        // The faces charged are then exactly those of the downloaded documents.
        documents = delivered;
        faces = deliveredFaces;
        reviewReason = 'printed_uncounted';
      }
    }
    const charge = chargeOfFaces(documents, settings, faces);
    const reservation = await liveReservationId(trx, job.id);
    if (reservation !== undefined) {
      if (faces === 0) await voidReservation(trx, reservation, now);
      else await postReservation(trx, reservation, charge.pages, now);
    }
    if (reviewReason) {
      ctx.log.warn(
        { printjobId: job.id, printerId: job.printer_id, report, faces, reviewReason },
        'printer report does not add up: print job flagged for review',
      );
    }
    const actor = { userId: null, source: 'printer' } as const;
    const ended = await changePrintjobStatus(
      trx,
      effects,
      job,
      report.outcome === 'printed' ? 'mark_printed' : 'mark_failed',
      actor,
      {
        printed_faces: faces,
        finished_at: now,
        failure_reason: report.outcome === 'failed' ? (report.reason ?? null) : null,
        // A cancelled earlier release that printed anyway stays flagged (recordReportAfterCancel).
        review_reason:
          reviewReason ?? (job.review_reason === 'printed_after_cancel' ? job.review_reason : null),
      },
    );
    await countInPrinterStatistics(trx, job, faces, charge.split, now);
    const result =
      report.outcome === 'printed'
        ? await changePrintjobStatus(trx, effects, ended, 'archive', actor)
        : ended;
    // A guest's express job is its order's only job: no fresh one (the order may be reset).
    if (job.express_order_id === null) await ensureCurrentPrintjob(trx, job.user_id);
    return result;
  });
}

/**
 * The late report of a job an admin failed after it reached the printer: the agent cancelled it
 * there (IPP Cancel-Job) and says what came out anyway. The admin's fail kept the reservation
 * for this report (see adminFail): the faces printed are charged from it, the rest goes back,
 * and they count in the printer's statistics. The job keeps its status. Only such a job still
 * holds a reservation when it is not scheduled: a job whose pages were given back (nothing had
 * reached the printer, or an admin reset it) or settled is left as it is, and a repeated
 * report finds nothing held and changes nothing.
 */
async function settleWithdrawnJob(
  ctx: TAppContext,
  trx: TDb,
  job: TPrintjobRow,
  report: TPrinterReport,
): Promise<TPrintjobRow> {
  const reservation = await liveReservationId(trx, job.id);
  if (reservation === undefined) return job;
  const now = ctx.now();
  const ready = (await listDocumentsOfPrintjob(trx, job.id)).filter(isPricedDocument);
  const { documents, settings, faces: total } = pricedJob(job, ready);
  const completed = printedFaces(documents.slice(0, report.documentsCompleted ?? 0), settings);
  // Printed before the withdrawal arrived: all of it; cancelled: what the printer counted.
  const reported = report.facesPrinted ?? (report.outcome === 'printed' ? total : 0);
  const ceiling =
    report.outcome === 'failed' && report.documentsCompleted !== undefined
      ? printedFaces(documents.slice(0, report.documentsCompleted + 1), settings)
      : total;
  const faces = Math.min(Math.max(0, reported, completed), ceiling);
  const charge = chargeOfFaces(documents, settings, faces);
  if (faces === 0) {
    await voidReservation(trx, reservation, now);
    return job;
  }
  await postReservation(trx, reservation, charge.pages, now);
  await countInPrinterStatistics(trx, job, faces, charge.split, now);
  ctx.log.info(
    { printjobId: job.id, printerId: job.printer_id, faces, pages: charge.pages },
    'withdrawn job printed in part before it was cancelled: those faces are charged',
  );
  return updatePrintjob(trx, job.id, { printed_faces: faces });
}

export function reportPrinted(
  ctx: TAppContext,
  jobId: number,
  facesPrinted?: number,
): Promise<TPrintjobRow> {
  return finishPrintjob(ctx, jobId, { outcome: 'printed', facesPrinted: facesPrinted ?? null });
}

export function reportFailed(
  ctx: TAppContext,
  jobId: number,
  facesPrinted = 0,
): Promise<TPrintjobRow> {
  return finishPrintjob(ctx, jobId, { outcome: 'failed', facesPrinted });
}

import { costOfFirstFaces, printedFaces, printjobCost } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TPrintjobRow, TUserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { listDocumentsOfPrintjob } from '../documents/documents.repo';
import { postReservation, reservePages, voidReservation } from '../pages/page-reservations.service';
import { findPrinterByCode } from '../printers/printers.repo';
import { assertPrinterCanPrint } from '../printers/printers.service';
import { pricedDocuments, settingsOf } from './printjobs.presenter';
import { ensureCurrentPrintjob, lockPrintjobOfUser } from './printjobs.repo';
import { changePrintjobStatus } from './printjob-status.service';

async function lockJob(db: TDb, id: number): Promise<TPrintjobRow> {
  const job = await db
    .selectFrom('printjobs')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!job) throw notFound();
  return job;
}

/**
 * Releases the person's confirmed job to the printer whose code they typed: the printer must be
 * able to print (checked before any pages are reserved), then the pages are reserved and the job
 * is scheduled for that printer, all in one transaction.
 */
export async function releaseWithCode(
  ctx: TAppContext,
  user: TUserRow,
  jobId: number,
  code: string,
): Promise<TPrintjobRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const job = await lockPrintjobOfUser(trx, jobId, user.id);
    if (!job) throw notFound();
    const printer = await findPrinterByCode(trx, code.trim());
    if (!printer) throw new AppError(404, 'unknown_code', 'printers.errors.unknown_code');
    if (job.status !== 'created')
      throw new AppError(409, 'not_created', 'printjobs.errors.not_created');
    if (!job.is_submitted)
      throw new AppError(409, 'not_submitted', 'printjobs.errors.not_submitted');
    const now = ctx.now();
    assertPrinterCanPrint(printer, now);
    const documents = await listDocumentsOfPrintjob(trx, job.id);
    if (documents.some((d) => d.status === 'processing'))
      throw new AppError(422, 'processing', 'printjobs.errors.processing');
    const cost = printjobCost(pricedDocuments(documents), settingsOf(job));
    if (cost === 0) throw new AppError(422, 'no_documents', 'printjobs.errors.no_documents');
    await reservePages(trx, { userId: user.id, printjobId: job.id, pages: cost }, now);
    return changePrintjobStatus(
      trx,
      job,
      'schedule',
      { userId: user.id, source: 'user' },
      {
        printer_id: printer.id,
        released_at: now,
      },
    );
  });
}

async function liveReservationId(db: TDb, jobId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('page_reservations')
    .select('id')
    .where('printjob_id', '=', jobId)
    .where('status', '=', 'reserved')
    .executeTakeFirst();
  return row?.id;
}

/**
 * The printer reports the job printed: charge the pages of the faces that came out (all of them
 * normally), archive the job, and give the person a fresh current job. A repeated report is a no-op.
 */
export async function reportPrinted(
  ctx: TAppContext,
  jobId: number,
  facesPrinted?: number,
): Promise<TPrintjobRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const job = await lockJob(trx, jobId);
    if (job.status === 'printed' || job.status === 'archived') return job;
    const documents = pricedDocuments(await listDocumentsOfPrintjob(trx, job.id));
    const total = printedFaces(documents, settingsOf(job));
    const faces = Math.min(facesPrinted ?? total, total);
    const reservation = await liveReservationId(trx, job.id);
    if (reservation !== undefined) {
      await postReservation(
        trx,
        reservation,
        costOfFirstFaces(documents, settingsOf(job), faces),
        ctx.now(),
      );
    }
    const printed = await changePrintjobStatus(
      trx,
      job,
      'mark_printed',
      { userId: null, source: 'printer' },
      {
        printed_faces: faces,
        finished_at: ctx.now(),
      },
    );
    const archived = await changePrintjobStatus(trx, printed, 'archive', {
      userId: null,
      source: 'printer',
    });
    await ensureCurrentPrintjob(trx, job.user_id);
    return archived;
  });
}

/**
 * The printer reports the job failed: nothing is charged if nothing came out, else only the
 * faces printed. The job stays failed (an admin may reset it); the person gets a fresh job.
 */
export async function reportFailed(
  ctx: TAppContext,
  jobId: number,
  facesPrinted = 0,
): Promise<TPrintjobRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const job = await lockJob(trx, jobId);
    if (job.status === 'failed' || job.status === 'archived' || job.status === 'printed')
      return job;
    const documents = pricedDocuments(await listDocumentsOfPrintjob(trx, job.id));
    const faces = Math.min(Math.max(0, facesPrinted), printedFaces(documents, settingsOf(job)));
    const reservation = await liveReservationId(trx, job.id);
    if (reservation !== undefined) {
      if (faces === 0) await voidReservation(trx, reservation, ctx.now());
      else
        await postReservation(
          trx,
          reservation,
          costOfFirstFaces(documents, settingsOf(job), faces),
          ctx.now(),
        );
    }
    const failed = await changePrintjobStatus(
      trx,
      job,
      'mark_failed',
      { userId: null, source: 'printer' },
      {
        printed_faces: faces,
        finished_at: ctx.now(),
      },
    );
    await ensureCurrentPrintjob(trx, job.user_id);
    return failed;
  });
}

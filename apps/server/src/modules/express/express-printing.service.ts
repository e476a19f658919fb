import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TPrinterRow, TPrintjobRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { deleteDocumentFilesOfPrintjob } from '../documents/documents.service';
import { findPrinterByCode, findPrinterById } from '../printers';
import { whyPrinterCannotPrint } from '../printers/printers.service';
import {
  chargeOfFaces,
  listDocumentsOfPrintjob,
  pricedJob,
  failPaidPrintjob,
  releasePaidPrintjob,
  resetPaidPrintjob,
  withPrintjobTransaction,
  type PrintjobEffects,
} from '../printjobs';
import {
  documentsDeleteAt,
  scheduleDocumentDeletion,
  scheduleExpressDeadlines,
} from './express-jobs';
import {
  lockOrderById,
  lockOrderByToken,
  updateOrder,
  type TExpressOrderRow,
} from './express-orders.repo';
import { refundAmountOf, refundExpressOrder } from './express-refunds.service';
import { moveExpressOrder, type TExpressActor } from './express-transition.service';

/** Which order: the guest knows its token, an administrator its number. */
export type TOrderKey = { token: string } | { id: number };

const lockOrder = (trx: TDb, key: TOrderKey) =>
  'token' in key ? lockOrderByToken(trx, key.token) : lockOrderById(trx, key.id);

/** Runs `work` on the locked order (404 when there is none) in one print-job transaction. */
function withLockedOrder(
  ctx: TAppContext,
  key: TOrderKey,
  work: (trx: TDb, effects: PrintjobEffects, order: TExpressOrderRow) => Promise<TExpressOrderRow>,
): Promise<TExpressOrderRow> {
  return withPrintjobTransaction(ctx, async (trx, effects) => {
    const order = await lockOrder(trx, key);
    if (!order) throw notFound();
    return work(trx, effects, order);
  });
}

const GUEST: TExpressActor = { userId: null, source: 'guest' };
const PRINTER: TExpressActor = { userId: null, source: 'printer' };
const SYSTEM: TExpressActor = { userId: null, source: 'system' };

/** The lifecycle's refusal (not paid, already sent, ...) before any printer is looked at. */
function assertPrintable(order: TExpressOrderRow): void {
  // With a printer that can print, only the order's own state can refuse.
  if (order.status !== 'created') {
    const error =
      order.status === 'draft' || order.status === 'awaiting_payment' ? 'not_paid' : 'not_created';
    throw new AppError(409, error, `admin.express_orders.errors.${error}`);
  }
  if (order.printjob_id === null)
    throw new AppError(409, 'no_printjob', 'admin.express_orders.errors.no_printjob');
}

/**
 * Sends a paid order's job to its printer ("Print now", an administrator's "print", or the
 * printer's code): the order's own state first (not paid, already sent), then the printer's
 * (disabled: "Can't print on disabled printer", maintenance, offline), then the job goes to the
 * agent through the print-job status writer (no pages are reserved: the job is paid in money).
 * Everything in one transaction; the agent is told after commit.
 *
 * By code: every printer answer but "this is the order's printer and it can print" is the
 * signed-in release's one answer (unknown code), so trying codes tells nothing.
 */
export function printExpressOrder(
  ctx: TAppContext,
  key: TOrderKey,
  actor: TExpressActor = GUEST,
  code?: string,
): Promise<TExpressOrderRow> {
  return withLockedOrder(ctx, key, async (trx, effects, order) => {
    assertPrintable(order);
    const now = ctx.now();
    let printer: TPrinterRow | undefined;
    if (code !== undefined) {
      const unknownCode = () => new AppError(404, 'unknown_code', 'printers.errors.unknown_code');
      printer = await findPrinterByCode(trx, code.trim());
      if (!printer || printer.id !== order.printer_id || whyPrinterCannotPrint(printer, now))
        throw unknownCode();
    } else {
      printer = await findPrinterById(trx, order.printer_id);
      if (!printer) throw notFound();
    }
    return sendToPrinter(trx, effects, order, printer, actor, now);
  });
}

/**
 * Disabled and maintenance are refused with the lifecycle's messages, offline with the printers
 * module's; the order's status is written first and rolled back with the rest on a refusal.
 */
async function sendToPrinter(
  trx: TDb,
  effects: PrintjobEffects,
  order: TExpressOrderRow,
  printer: TPrinterRow,
  actor: TExpressActor,
  now: Date,
): Promise<TExpressOrderRow> {
  const state = { is_enabled: printer.is_enabled, maintenance_mode: printer.maintenance_mode };
  const moved = await moveExpressOrder(trx, order, 'print', actor, {}, state);
  const cannotPrint = whyPrinterCannotPrint(printer, now);
  if (cannotPrint) throw cannotPrint;
  await releasePaidPrintjob(
    trx,
    effects,
    order.printjob_id as number,
    printer,
    byJobActor(actor),
    now,
  );
  return moved;
}

/**
 * The order's job ended at the printer, or an administrator failed or settled it on the print
 * jobs page (called by the print-job domain inside the transaction that ended it). Printed: the order is printed. Failed: the order failed, and the guest gets back
 * what the faces that did not come out cost (all of it when nothing printed); nothing to give back
 * leaves it failed (an administrator may reset it). Either way the documents' deletion is queued.
 * An order no longer waiting for this job (failed by an administrator first) is left alone.
 */
export async function onExpressPrintjobEnded(
  ctx: TAppContext,
  trx: TDb,
  job: TPrintjobRow,
  source: 'user' | 'admin' | 'printer' = 'printer',
): Promise<void> {
  if (job.express_order_id === null) return;
  // An administrator settling the job on the print jobs page speaks for the order too (the job's
  // own history names them).
  const byAdmin = source === 'admin';
  const actor: TExpressActor = byAdmin ? { userId: null, source: 'admin' } : PRINTER;
  const order = await lockOrderById(trx, job.express_order_id);
  if (!order || order.status !== 'scheduled' || order.printjob_id !== job.id) return;
  const now = ctx.now();
  const faces = job.printed_faces ?? 0;
  if (job.status === 'printed' || job.status === 'archived') {
    const printed = await moveExpressOrder(trx, order, 'mark_printed', actor, {
      printed_at: now,
      printed_faces: faces,
      ended_at: now,
    });
    await scheduleDocumentDeletion(ctx, trx, printed);
    return;
  }
  if (job.status !== 'failed') return;
  const failed = await moveExpressOrder(trx, order, 'fail', actor, {
    failure_reason: byAdmin ? 'admin' : (job.failure_reason ?? 'printer_failed'),
    printed_faces: faces,
    ended_at: now,
  });
  const documents = await listDocumentsOfPrintjob(trx, job.id);
  const priced = pricedJob(job, documents);
  const { split } = chargeOfFaces(priced.documents, priced.settings, faces);
  // The prices are frozen on the order at checkout; the printer row is only asked for older
  // orders without them (refundAmountOf throws rather than skip the refund when it is gone).
  const needsPrinter = order.mono_price_minor === null || order.color_price_minor === null;
  const printer = needsPrinter ? await findPrinterById(trx, order.printer_id) : undefined;
  const amount = refundAmountOf(ctx, order, printer, split);
  const reason = byAdmin ? 'admin_failed' : 'printer_failed';
  const after = await refundExpressOrder(ctx, trx, failed, reason, amount, actor);
  // Stays failed (nothing to give back): its documents still go after the retention.
  if (after.status === 'failed') await scheduleDocumentDeletion(ctx, trx, after);
}

/**
 * The print deadline passed: a paid order still not sent to its printer ends refunded. Runs from
 * the queue at `print_by`; an order printed, reset or refunded meanwhile is left alone.
 */
export async function expireExpressOrder(ctx: TAppContext, orderId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrderById(trx, orderId);
    const now = ctx.now();
    if (!order || order.status !== 'created' || !order.print_by) return;
    if (order.print_by.getTime() > now.getTime()) return;
    await refundExpressOrder(ctx, trx, order, 'not_printed_in_time', order.price_minor, SYSTEM);
  });
  ctx.worker.kick();
}

const ENDED = new Set<TExpressOrderRow['status']>(['printed', 'failed', 'refunded', 'abandoned']);

/**
 * The retention after the order ended is over: the files of its documents (uploads, PDFs,
 * previews) are deleted, their rows kept, and the order records when. An order that is open
 * again (an administrator reset it) or whose time has not come keeps them.
 */
export async function deleteExpressOrderDocuments(
  ctx: TAppContext,
  orderId: number,
): Promise<void> {
  // Decided and recorded under the order's lock, so an administrator's reset (which refuses once
  // documents_deleted_at is set) cannot reopen the order between the check and the deletion; the
  // files go after commit, outside the transaction.
  const order = await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockOrderById(trx, orderId);
    if (!locked || locked.documents_deleted_at || !ENDED.has(locked.status)) return null;
    const due = documentsDeleteAt(ctx, locked);
    if (!due || due.getTime() > ctx.now().getTime()) return null;
    await updateOrder(trx, locked.id, { documents_deleted_at: ctx.now() });
    return locked;
  });
  if (order?.printjob_id != null) await deleteDocumentFilesOfPrintjob(ctx, order.printjob_id);
}

/**
 * An administrator fails an order sent to its printer: the job is withdrawn from the printer's
 * agent (failed, nothing charged), the order fails and the guest gets the whole price back
 * (reason admin_failed). A free order just stays failed.
 */
export function failExpressOrder(
  ctx: TAppContext,
  orderId: number,
  actor: TExpressActor,
): Promise<TExpressOrderRow> {
  return withLockedOrder(ctx, { id: orderId }, async (trx, effects, order) => {
    const now = ctx.now();
    const failed = await moveExpressOrder(trx, order, 'fail', actor, {
      failure_reason: 'admin',
      ended_at: now,
    });
    if (order.printjob_id !== null)
      await failPaidPrintjob(trx, effects, order.printjob_id, byJobActor(actor), now);
    const after = await refundExpressOrder(
      ctx,
      trx,
      failed,
      'admin_failed',
      failed.price_minor,
      actor,
    );
    if (after.status === 'failed') await scheduleDocumentDeletion(ctx, trx, after);
    return after;
  });
}

/**
 * An administrator resets a failed order ("Order must be in failed state to be reset"): it is
 * paid and printable again, its job editable-locked and back in `created`, with a new print
 * deadline. Refused once its documents were deleted (there is nothing left to print).
 */
export function resetExpressOrder(
  ctx: TAppContext,
  orderId: number,
  actor: TExpressActor,
): Promise<TExpressOrderRow> {
  return withLockedOrder(ctx, { id: orderId }, async (trx, effects, order) => {
    if (order.status === 'failed' && order.documents_deleted_at)
      throw new AppError(409, 'documents_deleted', 'admin.express_orders.errors.documents_deleted');
    const now = ctx.now();
    const reset = await moveExpressOrder(trx, order, 'reset', actor, {
      failure_reason: null,
      printed_at: null,
      printed_faces: null,
      ended_at: null,
      print_by:
        order.paid_at === null
          ? null
          : new Date(now.getTime() + ctx.config.express.printWithinMinutes * 60_000),
    });
    if (order.printjob_id !== null)
      await resetPaidPrintjob(trx, effects, order.printjob_id, byJobActor(actor));
    await scheduleExpressDeadlines(trx, reset);
    return reset;
  });
}

/** The print job's history names an administrator, or the guest as the job's owner. */
const byJobActor = (actor: TExpressActor) =>
  ({ userId: actor.userId, source: actor.source === 'admin' ? 'admin' : 'user' }) as const;

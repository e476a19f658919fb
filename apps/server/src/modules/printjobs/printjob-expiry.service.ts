import type { TAppContext } from '../../context';
import { recordAudit } from '../audit/audit.service';
import { registerRecurringTask, startRecurringTask, type TRecurringTask } from '../jobs/recurring';
import { printjobExpiredMail } from '../mail/mail.templates';
import { liveReservationId, voidReservation } from '../pages/page-reservations.service';
import type { TDb } from '../../db/database';
import type { TPrinterRow, TPrintjobRow } from '../../db/schema';
import { findPrinterById } from '../printers';
import { onPrinterDecommissioned } from '../printers/printer-decommission.service';
import {
  PrintjobEffects,
  runEffectsInTransaction,
  runPrintjobEffects,
  withPrintjobTransaction,
} from './printjob-effects';
import { changePrintjobStatus } from './printjob-status.service';
import {
  ensureCurrentPrintjob,
  findOwnerOfPrintjob,
  listJobsConfirmedBefore,
  listStartedJobsOfSilentPrinters,
  listWaitingJobsReleasedBefore,
  lockPrintjobById,
  lockWaitingJobsOfPrinter,
  updatePrintjob,
} from './printjobs.repo';

// Print jobs that end on their own (issue 17 point 2; docs/ARCHITECTURE.md "Jobs that end").
//
// Released, not started within PRINTJOB_RELEASE_EXPIRY_HOURS: the job fails with the reason
// `expired`, its reservation is voided (the pages go back), its printer's agent withdraws it
// (the status change's effect; an agent that is gone learns it at its next connection, when the
// job is no longer among its printer's jobs), and its owner is told by e-mail in their language
// and on the print page (the last result). A job the printer started, at a printer whose agent
// has been silent that long, ends the same way: nobody will report its end, and holding the
// person's pages for an agent that may never come back is what the issue is about. If it comes
// back after all and reports pages printed, they are not charged (the reservation is voided).
//
// Confirmed, not released within PRINTJOB_CONFIRMED_EXPIRY_HOURS: the confirmation lapses; the
// job goes back to being edited, documents and settings kept. A confirmed job holds no pages (a
// reservation is made at release), so nothing else is freed; the person confirms again (which
// checks their pages afresh) to print.
//
// Express jobs (paid in money) are left to their order's own deadline (EXPRESS_PRINT_WITHIN_MINUTES).

/** The failure reason of a job that expired (shown to the person as such). */
export const EXPIRED = 'expired';

const SYSTEM = { userId: null, source: 'system' } as const;

/**
 * Ends one released job that expired, if it still is (another instance, the printer's report or
 * the owner may have got there first: then nothing happens). Answers whether it ended it.
 */
async function expireReleasedJob(
  ctx: TAppContext,
  jobId: number,
  cutoff: Date,
  now: Date,
): Promise<boolean> {
  return withPrintjobTransaction(ctx, async (trx, effects) => {
    const job = await lockPrintjobById(trx, jobId);
    if (!job || job.status !== 'scheduled' || job.express_order_id !== null) return false;
    const printer =
      job.printer_id === null ? undefined : await findPrinterById(trx, job.printer_id);
    const waiting =
      job.printing_started_at === null && job.released_at !== null && job.released_at < cutoff;
    const printerGone =
      job.printing_started_at !== null &&
      job.printing_started_at < cutoff &&
      (!printer || printer.agent_last_seen_at === null || printer.agent_last_seen_at < cutoff);
    if (!waiting && !printerGone) return false;
    await endReleasedJob(ctx, trx, effects, job, printer, now, 'expired');
    return true;
  });
}

/**
 * Ends a released job that will not print (expired, or its printer was taken out of service),
 * inside the caller's transaction: its reservation is voided, it fails as `expired`, its agent
 * drops it, its owner gets a fresh job and a mail saying why.
 */
async function endReleasedJob(
  ctx: TAppContext,
  trx: TDb,
  effects: PrintjobEffects,
  job: TPrintjobRow,
  printer: TPrinterRow | undefined,
  now: Date,
  cause: 'expired' | 'decommissioned',
): Promise<void> {
  const reservation = await liveReservationId(trx, job.id);
  const pagesBack = reservation === undefined ? 0 : await voidReservation(trx, reservation, now);
  // Its printer's agent drops it (an effect of the change).
  await changePrintjobStatus(trx, effects, job, 'mark_failed', SYSTEM, {
    finished_at: now,
    printed_faces: 0,
    failure_reason: EXPIRED,
  });
  // The person may upload and print again at once.
  await ensureCurrentPrintjob(trx, job.user_id);
  const owner = await findOwnerOfPrintjob(trx, job.user_id);
  if (owner)
    effects.add({
      kind: 'mail',
      mail: printjobExpiredMail(owner.locale, owner.email, {
        printerName: printer?.name ?? '—',
        hours: ctx.config.printjobExpiry.releasedMs / 3_600_000,
        pagesBack,
        link: `${ctx.config.publicUrl}/print`,
        decommissioned: cause === 'decommissioned',
      }),
    });
}

/**
 * A printer taken out of service (decisions.md, "Decommissioned printers"): the page-paid jobs
 * waiting there end at once, in the decommissioning's transaction, rather than holding their
 * owners' pages until the expiry check. A job the printer already started is left to the
 * printer's report (or the expiry check, if its agent goes silent); express jobs to their order.
 */
async function endWaitingJobsOfPrinter(
  ctx: TAppContext,
  trx: TDb,
  printer: TPrinterRow,
): Promise<() => Promise<void>> {
  const effects = new PrintjobEffects();
  const now = ctx.now();
  for (const job of await lockWaitingJobsOfPrinter(trx, printer.id))
    await endReleasedJob(ctx, trx, effects, job, printer, now, 'decommissioned');
  await runEffectsInTransaction(ctx, trx, effects);
  return async () => {
    await runPrintjobEffects(ctx, effects.list);
    // Their mails are queued.
    if (effects.list.some((e) => e.kind === 'mail')) ctx.worker.kick();
  };
}

/** The confirmation of one job lapses, if it is still confirmed and unreleased since `cutoff`. */
async function expireConfirmation(ctx: TAppContext, jobId: number, cutoff: Date): Promise<boolean> {
  return withPrintjobTransaction(ctx, async (trx, effects) => {
    const job = await lockPrintjobById(trx, jobId);
    if (
      !job ||
      job.status !== 'created' ||
      !job.is_submitted ||
      job.express_order_id !== null ||
      job.submitted_at === null ||
      job.submitted_at >= cutoff
    )
      return false;
    const updated = await updatePrintjob(trx, job.id, { is_submitted: false, submitted_at: null });
    await recordAudit(trx, {
      actorUserId: null,
      action: 'printjob.confirmation_expired',
      subject: ['printjob', job.id],
    });
    // The person's open pages show it editable again.
    effects.add({ kind: 'printjob_changed', job: updated });
    return true;
  });
}

/**
 * One look for expired jobs (the recurring task's run; safe to run on several instances at once:
 * each job is re-checked under its row lock). Answers how many ended and how many lapsed.
 */
export async function expirePrintjobs(
  ctx: TAppContext,
): Promise<{ expired: number; unconfirmed: number }> {
  const now = ctx.now();
  const { releasedMs, confirmedMs } = ctx.config.printjobExpiry;
  const releasedCutoff = new Date(now.getTime() - releasedMs);
  const confirmedCutoff = new Date(now.getTime() - confirmedMs);
  let expired = 0;
  let unconfirmed = 0;
  const released = new Set([
    ...(await listWaitingJobsReleasedBefore(ctx.db, releasedCutoff)),
    ...(await listStartedJobsOfSilentPrinters(ctx.db, releasedCutoff)),
  ]);
  for (const jobId of released)
    if (await expireReleasedJob(ctx, jobId, releasedCutoff, now)) expired += 1;
  for (const jobId of await listJobsConfirmedBefore(ctx.db, confirmedCutoff))
    if (await expireConfirmation(ctx, jobId, confirmedCutoff)) unconfirmed += 1;
  if (expired > 0 || unconfirmed > 0) {
    ctx.log.info({ expired, unconfirmed }, 'print jobs expired');
    // Their mails are queued.
    ctx.worker.kick();
  }
  return { expired, unconfirmed };
}

/** The recurring look for expired jobs: once per PRINTJOB_EXPIRY_CHECK_SECONDS across instances. */
function expiryTask(ctx: TAppContext): TRecurringTask {
  return {
    name: 'printjobs.expiry_check',
    everyMs: ctx.config.printjobExpiry.checkIntervalMs,
    run: async () => {
      await expirePrintjobs(ctx);
    },
  };
}

export function registerPrintjobExpiryWork(ctx: TAppContext): void {
  registerRecurringTask(ctx, expiryTask(ctx));
  onPrinterDecommissioned('printjobs.end_waiting_jobs', endWaitingJobsOfPrinter);
}

/** Starts the recurring expiry check (the server's start; every instance may call it). */
export function startPrintjobExpiryChecks(ctx: TAppContext): Promise<void> {
  return startRecurringTask(ctx, expiryTask(ctx));
}

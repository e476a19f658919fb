import {
  type TPrintjobKind,
  type TPrintjobResult,
  type TPrintjobSettingsInput,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import { personChanged } from '../../realtime/person-changed';
import type { TDb } from '../../db/database';
import type { TDocumentRow, TPrintjobRow, TUserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { remainingPages } from '../pages/pages-ledger.service';
import { findPrinterById } from '../printers';
import { pricedJob } from './priced-job';
import { filesDeleteAtOfEndedJob, filesDeleteAtOfOpenJob } from './files-retention';
import { CANCELLED } from './cancel.service';
import { EXPIRED } from './printjob-expiry.service';
import {
  ensureCurrentPrintjob,
  findCurrentJobView,
  findCurrentPrintjob,
  findRecentResult,
  findScheduledPrintjob,
  hasActivePackage,
  lockPrintjobOfUser,
  updatePrintjob,
  listDocumentsOfPrintjob,
} from './printjobs.repo';

export interface TJobView {
  job: TPrintjobRow;
  documents: TDocumentRow[];
  kind: TPrintjobKind;
  printerName: string | null;
  lastResult: TPrintjobResult | null;
  /** When the job's documents are removed if it is left as it is (retention). */
  filesDeleteAt: Date | null;
}

/** How long the outcome of the previous job stays on the person's screen. */
const RESULT_SHOWN_MS = 60 * 60_000;

/** Settings people without a paid package print with; changing them opens the package offer. */
export const LIMITED_SETTINGS = {
  is_grayscale: true,
  is_duplex: false,
  orientation: 'auto',
  pages_per_sheet: 1,
} as const;

const notCreated = () => new AppError(409, 'not_created', 'printjobs.errors.not_created');
const locked = () => new AppError(409, 'locked', 'printjobs.errors.locked');

/** 'limited' until the person holds pages bought in a package (free pages only). */
export async function printjobKind(db: TDb, user: TUserRow, now: Date): Promise<TPrintjobKind> {
  if (user.role !== 'user') return 'standard';
  return (await hasActivePackage(db, user.id, now)) ? 'standard' : 'limited';
}

export async function viewOf(
  ctx: TAppContext,
  db: TDb,
  user: TUserRow,
  job: TPrintjobRow,
): Promise<TJobView> {
  const printer = job.printer_id === null ? undefined : await findPrinterById(db, job.printer_id);
  const recent =
    job.status === 'created'
      ? await findRecentResult(db, user.id, new Date(ctx.now().getTime() - RESULT_SHOWN_MS))
      : undefined;
  const documents = await listDocumentsOfPrintjob(db, job.id);
  return {
    job,
    documents,
    kind: await printjobKind(db, user, ctx.now()),
    printerName: printer?.name ?? null,
    lastResult: lastResultOf(ctx, recent),
    filesDeleteAt: filesDeleteAtOfOpenJob(ctx.config, job, documents),
  };
}

/** The outcome of the previous job, shown on the person's screen for a while. */
function lastResultOf(
  ctx: TAppContext,
  recent: Awaited<ReturnType<typeof findRecentResult>>,
): TPrintjobResult | null {
  if (!recent?.finished_at) return null;
  return {
    printjob_id: recent.id,
    status: recent.status === 'failed' || recent.failure_reason !== null ? 'failed' : 'printed',
    ...(recent.failure_reason === EXPIRED || recent.failure_reason === CANCELLED
      ? { reason: recent.failure_reason }
      : {}),
    printed_pages: recent.printed_faces ?? 0,
    charged_pages: recent.charged ?? 0,
    printer_name: recent.printer_name,
    finished_at: recent.finished_at.toISOString(),
    files_delete_at: filesDeleteAtOfEndedJob(ctx.config, recent.finished_at).toISOString(),
    files_deleted_at: recent.files_deleted_at?.toISOString() ?? null,
  };
}

/**
 * The person's current job: the one printing right now if any (shown locked), else the editable
 * one (created when they have none). One round trip when the job exists (the polls' case).
 */
export async function getCurrentPrintjob(ctx: TAppContext, user: TUserRow): Promise<TJobView> {
  const now = ctx.now();
  const read = () =>
    findCurrentJobView(ctx.db, user.id, new Date(now.getTime() - RESULT_SHOWN_MS), now);
  let view = await read();
  if (!view) {
    await ensureCurrentPrintjob(ctx.db, user.id);
    view = await read();
    if (!view) throw new Error(`no current print job for user ${user.id}`);
  }
  return {
    job: view.job,
    documents: view.documents,
    kind: user.role !== 'user' || view.hasPackage ? 'standard' : 'limited',
    printerName: view.job.printer_id === null ? null : view.printerName,
    lastResult: lastResultOf(ctx, view.recent),
    filesDeleteAt: filesDeleteAtOfOpenJob(ctx.config, view.job, view.documents),
  };
}

/** Whether the person has confirmed documents waiting to be sent to a printer. */
export async function hasConfirmedPrintjob(db: TDb, userId: number): Promise<boolean> {
  const job = await findCurrentPrintjob(db, userId);
  return job?.is_submitted === true;
}

/** Refuses changes while a released job is still printing (the screen is locked then). */
export async function assertNothingPrinting(db: TDb, user: TUserRow): Promise<void> {
  if (await findScheduledPrintjob(db, user.id)) throw notCreated();
}

/** Locks the user's job for this transaction; 404 for anyone else's, 409 unless editable. */
export async function lockEditablePrintjob(
  db: TDb,
  user: TUserRow,
  jobId: number,
  options: { allowSubmitted?: boolean } = {},
): Promise<TPrintjobRow> {
  const job = await lockPrintjobOfUser(db, jobId, user.id);
  if (!job) throw notFound();
  if (job.status !== 'created') throw notCreated();
  if (job.is_submitted && !options.allowSubmitted) throw locked();
  return job;
}

export async function updatePrintjobSettings(
  ctx: TAppContext,
  user: TUserRow,
  jobId: number,
  input: TPrintjobSettingsInput,
): Promise<TJobView> {
  const view = await ctx.db.transaction().execute(async (trx) => {
    const job = await lockEditablePrintjob(trx, user, jobId);
    const changes = {
      ...(input.is_grayscale === undefined ? {} : { is_grayscale: input.is_grayscale }),
      ...(input.is_duplex === undefined ? {} : { is_duplex: input.is_duplex }),
      ...(input.orientation === undefined ? {} : { orientation: input.orientation }),
      ...(input.pages_per_sheet === undefined ? {} : { pages_per_sheet: input.pages_per_sheet }),
    };
    const kind = await printjobKind(trx, user, ctx.now());
    if (kind === 'limited') {
      const departs = Object.entries(changes).some(
        ([key, value]) => LIMITED_SETTINGS[key as keyof typeof LIMITED_SETTINGS] !== value,
      );
      if (departs) throw new AppError(403, 'limited', 'printjobs.errors.limited');
    }
    const updated = Object.keys(changes).length ? await updatePrintjob(trx, job.id, changes) : job;
    return { ...(await viewOf(ctx, trx, user, updated)), kind };
  });
  await personChanged(ctx, user.id);
  return view;
}

/** Confirm (is_submitted true) or go back to editing (false); spec section 4's submit conditions. */
export async function submitPrintjob(
  ctx: TAppContext,
  user: TUserRow,
  jobId: number,
  isSubmitted: boolean,
): Promise<TJobView> {
  const view = await ctx.db.transaction().execute(async (trx) => {
    const job = await lockEditablePrintjob(trx, user, jobId, { allowSubmitted: true });
    const documents = await listDocumentsOfPrintjob(trx, job.id);
    if (isSubmitted && !job.is_submitted) {
      if (documents.some((d) => d.status === 'processing')) {
        throw new AppError(422, 'processing', 'printjobs.errors.processing');
      }
      const priced = pricedJob(job, documents);
      if (priced.documents.length === 0)
        throw new AppError(422, 'no_documents', 'printjobs.errors.no_documents');
      if (priced.cost > (await remainingPages(trx, user.id, ctx.now()))) {
        throw new AppError(422, 'over_limit', 'printjobs.errors.over_limit');
      }
    }
    const updated =
      job.is_submitted === isSubmitted
        ? job
        : await updatePrintjob(trx, job.id, {
            is_submitted: isSubmitted,
            submitted_at: isSubmitted ? ctx.now() : null,
          });
    if (updated !== job) {
      await recordAudit(trx, {
        actorUserId: user.id,
        action: isSubmitted ? 'printjob.confirmed' : 'printjob.reopened',
        subject: ['printjob', job.id],
      });
    }
    return viewOf(ctx, trx, user, updated);
  });
  await personChanged(ctx, user.id);
  return view;
}

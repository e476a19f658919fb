import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  MAX_USAGE_PAGES_PER_REPORT,
  type TAgentJob,
  type TAgentMessage,
  type TAgentPrinterStatus,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import { transactionTellingPeople } from '../../realtime/person-changed';
import type { TDb } from '../../db/database';
import { isUniqueViolation } from '../../db/pg-errors';
import type { TPrinterRow, TPrintjobRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { ipKey } from '../../http/rate-limit';
import { hitRateLimit } from '../../http/rate-limit-store';
import { recordAudit } from '../audit/audit.service';
import { recordPrinterReport } from '../printers/printer-alerts.service';
import { finishPrintjob } from '../printjobs/release.service';
import { CANCELLED, recordReportAfterCancel } from '../printjobs/cancel.service';
import { findDocumentForDownload, markDocumentDelivered, type TStoredStream } from '../documents';
import {
  findJobReleasedOnPrinterSince,
  findPrintjobById,
  listDocumentsOfPrintjob,
  markPrintjobPrintingStarted,
  pricedJob,
} from '../printjobs';
import {
  findPrinterById,
  setPrinterAgentSecret,
  updatePrinterAgent,
  addMonthlyCounts,
  addMonthlyUser,
  claimUsageReport,
  monthOf,
} from '../printers';
import {
  countDetectedPrinters,
  deleteDetectedPrinter,
  deleteExpiredDownloadTokens,
  findDetectedPrinter,
  findDownloadToken,
  findPrinterByMinionId,
  insertDownloadToken,
  listScheduledJobsOfPrinter,
  recordPrinterSeen,
  touchDetectedPrinter,
  upsertDetectedPrinter,
} from './agents.repo';
import {
  chargeSessionCopies,
  earlierSessionCharge,
  sessionOfUsage,
} from './device-sessions.service';

/** How long a download link handed to an agent works (it asks for fresh ones after that). */
export const DOWNLOAD_TOKEN_TTL_MS = 30 * 60_000;
/** Unregistered agents kept at once: a bound on what anyone can make the server store. */
export const MAX_DETECTED_PRINTERS = 200;
/**
 * A usage report counts its person only if they released a print job to that printer within this
 * long before the report (agents report a copy or scan session when it ends, or on reconnection).
 */
export const USAGE_ATTRIBUTION_WINDOW_MS = 24 * 60 * 60_000;

type THello = Extract<TAgentMessage, { type: 'hello' }>;

export type TAgentIdentity =
  | { kind: 'printer'; printer: TPrinterRow }
  | { kind: 'detected'; minionId: string }
  | { kind: 'refused'; reason: 'wrong_secret' | 'too_many_detected' | 'rate_limited' };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Agent secrets are long random strings, so a plain SHA-256 is a sound way to keep them. */
export function hashAgentSecret(secret: string): string {
  return sha256(`printomat-agent:${secret}`);
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function newAgentSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Who is dialling in. A registered printer must present its secret. An unknown minion_id is
 * recorded as a detected printer (keeping the secret it first presented), so an admin can
 * register it; a detected slot cannot be taken over with another secret. A minion_id an admin
 * typed on a printer before its agent ever connected (the printer has no agent secret yet) is
 * detected too, not refused: the agent waits on the detected page, which names the printer, until
 * an admin attaches it there (refusing it would lock it out with nothing to show anyone why).
 */
export async function identifyAgent(
  ctx: TAppContext,
  hello: THello,
  remoteAddress: string | null,
): Promise<TAgentIdentity> {
  const now = ctx.now();
  const secretHash = hashAgentSecret(hello.secret);
  const printer = await findPrinterByMinionId(ctx.db, hello.minionId);
  if (printer?.agent_secret_hash) {
    if (!sameHash(printer.agent_secret_hash, secretHash))
      return { kind: 'refused', reason: 'wrong_secret' };
    await recordPrinterSeen(ctx.db, printer.id, now, hello.printer, hello.agentVersion);
    await reportForAlerts(ctx, printer.id, hello.printer);
    return { kind: 'printer', printer };
  }
  // Hellos with a minion_id no printer has are limited per address, before anything is stored:
  // they would otherwise fill the detected printers (shared by all instances via the database).
  const rule = ctx.config.rateLimits.agentHelloPerIp;
  const hit = await hitRateLimit(ctx.db, 'agent_hello:ip', ipKey(remoteAddress), rule.windowMs);
  if (hit.count > rule.max) return { kind: 'refused', reason: 'rate_limited' };
  const detected = await findDetectedPrinter(ctx.db, hello.minionId);
  if (detected && !sameHash(detected.secret_hash, secretHash))
    return { kind: 'refused', reason: 'wrong_secret' };
  if (!detected && (await countDetectedPrinters(ctx.db)) >= MAX_DETECTED_PRINTERS) {
    ctx.log.warn({ minionId: hello.minionId }, 'too many detected printers: agent refused');
    return { kind: 'refused', reason: 'too_many_detected' };
  }
  await upsertDetectedPrinter(ctx.db, {
    minionId: hello.minionId,
    secretHash,
    agentVersion: hello.agentVersion,
    status: hello.printer,
    remoteAddress,
    now,
  });
  return { kind: 'detected', minionId: hello.minionId };
}

/**
 * Printer alerts follow every report (an offline incident ends, error and low ones open or end).
 * They never cost the agent its link: a failure is logged and the next heartbeat tries again.
 */
async function reportForAlerts(
  ctx: TAppContext,
  printerId: number,
  status: TAgentPrinterStatus | undefined,
): Promise<void> {
  try {
    await recordPrinterReport(ctx, printerId, status);
  } catch (err) {
    ctx.log.error({ err, printerId }, 'printer alerts: report not evaluated');
  }
}

export async function recordHeartbeat(
  ctx: TAppContext,
  identity: TAgentIdentity,
  status: TAgentPrinterStatus,
): Promise<void> {
  if (identity.kind === 'printer') {
    await recordPrinterSeen(ctx.db, identity.printer.id, ctx.now(), status);
    await reportForAlerts(ctx, identity.printer.id, status);
  } else if (identity.kind === 'detected')
    await touchDetectedPrinter(ctx.db, identity.minionId, ctx.now(), status);
}

/**
 * The job as the agent needs it, with fresh download links; null when the job is not (or no
 * longer) waiting at this printer.
 */
export async function agentJob(
  ctx: TAppContext,
  printerId: number,
  jobId: number,
): Promise<TAgentJob | null> {
  const job = await findPrintjobById(ctx.db, jobId);
  if (!job || job.status !== 'scheduled' || job.printer_id !== printerId) return null;
  const documents = (await listDocumentsOfPrintjob(ctx.db, job.id)).filter(
    (d) => d.status === 'ready' && d.pdf_key !== null,
  );
  if (documents.length === 0) return null;
  const token = randomBytes(24).toString('base64url');
  const now = ctx.now();
  await deleteExpiredDownloadTokens(ctx.db, now);
  await insertDownloadToken(ctx.db, {
    tokenHash: sha256(token),
    printerId,
    printjobId: job.id,
    expiresAt: new Date(now.getTime() + DOWNLOAD_TOKEN_TTL_MS),
  });
  return {
    jobId: job.id,
    ...(job.released_at ? { release: releaseOf(job.released_at) } : {}),
    userId: job.user_id,
    documents: documents.map((d) => ({
      documentId: d.id,
      name: d.name.slice(0, 255),
      copies: d.copies,
      path: `/agent/documents/${d.id}?token=${token}`,
    })),
    sides: job.is_duplex ? 'two-sided-long-edge' : 'one-sided',
    colorMode: job.is_grayscale ? 'monochrome' : 'color',
    numberUp: job.pages_per_sheet,
    orientation: job.orientation === 'auto' ? null : job.orientation,
    impressions: pricedJob(job, documents).faces,
  };
}

/** Every job released to the printer and not ended yet: sent again on each (re)connection. */
export async function pendingAgentJobs(ctx: TAppContext, printerId: number): Promise<TAgentJob[]> {
  const jobs = await listScheduledJobsOfPrinter(ctx.db, printerId);
  const out: TAgentJob[] = [];
  for (const job of jobs) {
    const message = await agentJob(ctx, printerId, job.id);
    if (message) out.push(message);
  }
  return out;
}

/** The normalised PDF of a document of a job released to the printer holding the token. */
export async function documentForDownload(
  ctx: TAppContext,
  documentId: number,
  token: string,
): Promise<TStoredStream & { name: string }> {
  const grant = await findDownloadToken(ctx.db, sha256(token), ctx.now());
  if (!grant) throw new AppError(403, 'forbidden', 'errors.forbidden');
  const document = await findDocumentForDownload(ctx.db, documentId, grant.printjob_id);
  if (
    !document ||
    document.pdf_key === null ||
    document.status !== 'scheduled' ||
    document.printer_id !== grant.printer_id
  )
    throw notFound();
  // Streamed from storage (whichever instance stored it); opened first, so a file that is gone
  // is a 404 and not marked as delivered.
  const stored = await ctx.storage.openIfPresent(document.pdf_key);
  if (!stored) throw notFound();
  try {
    // What the printer received: a job it reports printed is charged at least these documents.
    await markDocumentDelivered(ctx.db, documentId, ctx.now());
  } catch (err) {
    stored.stream.destroy();
    throw err;
  }
  return { ...stored, name: document.name };
}

async function jobOfPrinter(ctx: TAppContext, printerId: number, jobId: number) {
  const job = await findPrintjobById(ctx.db, jobId);
  return job && job.printer_id === printerId ? job : undefined;
}

/** How a release of a job is named on the link: its `released_at`, to the millisecond. */
function releaseOf(releasedAt: Date): string {
  return releasedAt.toISOString();
}

/**
 * A message about an earlier release of the job (failed by an admin, reset and released again
 * since): it must not touch the current release. Agents that send no release name the current.
 */
function isEarlierRelease(job: TPrintjobRow, release: string | undefined): boolean {
  return (
    release !== undefined && (job.released_at === null || releaseOf(job.released_at) !== release)
  );
}

/** The first document reached the printer: the person sees "printing". */
export async function recordJobStarted(
  ctx: TAppContext,
  printerId: number,
  jobId: number,
  release?: string,
): Promise<void> {
  const job = await jobOfPrinter(ctx, printerId, jobId);
  if (!job || job.status !== 'scheduled' || job.printing_started_at !== null) return;
  if (isEarlierRelease(job, release)) return;
  await markPrintjobPrintingStarted(ctx, jobId);
}

/**
 * The agent's final word on a job; reports for jobs of other printers are ignored, and so are
 * reports of an earlier release of the job (its pages were given back when an admin reset it;
 * the report must not settle the release printing now).
 */
export async function recordJobFinished(
  ctx: TAppContext,
  printerId: number,
  report: Extract<TAgentMessage, { type: 'job_finished' }>,
): Promise<void> {
  const job = await jobOfPrinter(ctx, printerId, report.jobId);
  // A release the owner cancelled after this printer took it: flagged, never charged or dropped.
  if (
    (!job ||
      isEarlierRelease(job, report.release) ||
      (job.status === 'failed' && job.failure_reason === CANCELLED)) &&
    (await recordReportAfterCancel(ctx, printerId, report))
  )
    return;
  if (!job) {
    ctx.log.warn({ printerId, jobId: report.jobId }, 'agent reported a job that is not its own');
    return;
  }
  if (isEarlierRelease(job, report.release)) {
    ctx.log.warn(
      { printerId, jobId: job.id, release: report.release, report },
      'agent reported an earlier release of a job that was reset and released again: ignored',
    );
    return;
  }
  await finishPrintjob(ctx, job.id, {
    outcome: report.outcome,
    facesPrinted: report.impressions,
    documentsCompleted: report.documentsCompleted,
    reason: report.reason,
  });
}

/**
 * Copies and scans made at the device, counted once per report id. A report of more than
 * MAX_USAGE_PAGES_PER_REPORT pages is not counted in the statistics (and logged); if it names a
 * session that may be charged it is still charged like any other (capped at what the person has,
 * the shortfall logged) and the person counts as copying: copies on paper are never free.
 *
 * A copy report naming a device session (ID + PIN at the panel, issue 16) that may be charged
 * (`sessionOfUsage`: this printer's copy session, its person still there, reported within a day)
 * is charged to the session's person on the pages ledger, in the transaction that claims the
 * report, and counts that person as copying; the answer says what was charged and what is left
 * (also for a repeated report: what it was charged the first time). A report naming a session
 * that may not be charged is counted without a person and charges nothing (logged); a scan
 * report naming a session is not counted (a session's scan is counted when it is uploaded).
 *
 * A report without a session counts the person named as a copying/scanning user only if they
 * released a print job to this printer within USAGE_ATTRIBUTION_WINDOW_MS (the only proof that
 * they were at it); otherwise the pages are counted without a person.
 */
export async function recordUsage(
  ctx: TAppContext,
  printerId: number,
  usage: Extract<TAgentMessage, { type: 'usage' }>,
): Promise<{ charged?: number; remainingPages?: number }> {
  const pages = usage.colorPages + usage.monoPages;
  const tooMany = pages > MAX_USAGE_PAGES_PER_REPORT;
  const now = ctx.now();
  const sessionId = usage.sessionId;
  const session =
    sessionId === undefined
      ? undefined
      : await sessionOfUsage(ctx.db, printerId, { ...usage, sessionId }, now);
  if (tooMany) {
    const chargeable = session?.chargeable === true;
    ctx.log.warn(
      { printerId, reportId: usage.reportId, kind: usage.kind, pages, sessionId },
      chargeable
        ? `usage report of more than ${MAX_USAGE_PAGES_PER_REPORT} pages: charged, not counted in the statistics`
        : `usage report of more than ${MAX_USAGE_PAGES_PER_REPORT} pages refused: not counted`,
    );
    if (!chargeable) return {};
  }
  if (session && !session.chargeable)
    ctx.log.warn(
      { printerId, reportId: usage.reportId, sessionId, kind: usage.kind, why: session.why },
      'usage report names a session that cannot be charged: not charged',
    );
  // A copy charged in a device session changes the person's pages (noted by the ledger).
  return transactionTellingPeople(ctx, async (trx) => {
    if (!(await claimUsageReport(trx, printerId, usage.reportId)))
      return session?.chargeable ? earlierSessionCharge(trx, usage, session, now) : {};
    if (session?.chargeable)
      return chargeSessionCopies(ctx, trx, printerId, usage, session, now, !tooMany);
    const month = monthOf(now);
    if (usage.kind === 'copy') {
      await addMonthlyCounts(trx, printerId, month, {
        copy_color_pages: usage.colorPages,
        copy_mono_pages: usage.monoPages,
      });
    } else if (session) {
      return {}; // a session's scan is counted at its upload
    } else {
      await addMonthlyCounts(trx, printerId, month, { scanned_pages: pages });
    }
    if (usage.userId === undefined || session) return {};
    const authorised = await findJobReleasedOnPrinterSince(
      trx,
      usage.userId,
      printerId,
      new Date(now.getTime() - USAGE_ATTRIBUTION_WINDOW_MS),
    );
    if (!authorised) {
      ctx.log.warn(
        { printerId, reportId: usage.reportId, userId: usage.userId },
        'usage report names someone who did not use this printer lately: counted without a person',
      );
      return {};
    }
    await addMonthlyUser(
      trx,
      printerId,
      month,
      usage.kind === 'copy' ? 'copying' : 'scanning',
      usage.userId,
    );
    return {};
  });
}

/** A minion_id names one printer: another printer's is refused, naming that printer. */
async function refuseMinionIdOfAnotherPrinter(
  trx: TDb,
  minionId: string,
  printerId: number,
): Promise<void> {
  const holder = await findPrinterByMinionId(trx, minionId);
  if (holder && holder.id !== printerId) throw minionIdTaken(minionId, holder.name);
}

function minionIdTaken(minionId: string, printerName: string): AppError {
  return new AppError(409, 'minion_id_taken', 'admin_printers.errors.minion_id_taken', {
    minion: minionId,
    printer: printerName,
  });
}

/**
 * Another admin gave the same minion_id to another printer between our check and our write (two
 * admins at once): the unique index refuses it, the transaction is rolled back, and the admin gets
 * the same answer as when the check had seen it, naming the printer that won.
 */
async function rethrowMinionIdTaken(
  ctx: TAppContext,
  error: unknown,
  minionId: string,
): Promise<never> {
  if (!isUniqueViolation(error)) throw error;
  const holder = await findPrinterByMinionId(ctx.db, minionId);
  throw minionIdTaken(minionId, holder?.name ?? minionId);
}

/**
 * An admin registers a detected agent as an existing printer: the printer takes the agent's
 * minion_id and secret and becomes API V3. The waiting agent is told to reconnect at once. A
 * minion_id the printer had before is replaced (the web asks first) and named in the audit row;
 * the agent that used it is disconnected. A minion_id another printer holds is refused, naming
 * that printer: it is attached there, or removed from there first.
 */
export async function registerDetectedPrinter(
  ctx: TAppContext,
  adminUserId: number,
  minionId: string,
  printerId: number,
): Promise<TPrinterRow> {
  const printer = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const detected = await findDetectedPrinter(trx, minionId);
      if (!detected) throw notFound();
      const target = await findPrinterById(trx, printerId);
      if (!target) throw notFound();
      await refuseMinionIdOfAnotherPrinter(trx, minionId, printerId);
      const updated = await updatePrinterAgent(trx, printerId, {
        minion_id: minionId,
        agent_secret_hash: detected.secret_hash,
        api_version: 3,
        agent_status: detected.printer_info ? JSON.stringify(detected.printer_info) : null,
        updated_at: ctx.now(),
      });
      await deleteDetectedPrinter(trx, minionId);
      await recordAudit(trx, {
        actorUserId: adminUserId,
        action: 'printer.register_agent',
        subject: ['printer', printerId],
        details: { minion_id: minionId, previous_minion_id: target.minion_id },
      });
      return updated;
    })
    .catch((error: unknown) => rethrowMinionIdTaken(ctx, error, minionId));
  await ctx.events.publish(`printer:${printerId}`, {
    kind: 'printer_credentials_changed',
    printerId,
  });
  await ctx.events.publish(`minion:${minionId}`, { kind: 'printer_registered', minionId });
  return printer;
}

/**
 * Gives a printer a new agent secret (shown once, to be put into the agent's configuration);
 * the printer keeps its minion_id, or gets one. Agents holding the old secret are refused. A
 * minion_id another printer holds is refused, naming that printer, as on registration.
 */
export async function issueAgentSecret(
  ctx: TAppContext,
  adminUserId: number | null,
  printerId: number,
  minionId?: string,
): Promise<{ minionId: string; secret: string }> {
  const secret = newAgentSecret();
  const printer = await findPrinterById(ctx.db, printerId);
  if (!printer) throw notFound();
  const id =
    minionId ?? printer.minion_id ?? `printer-${printerId}-${randomBytes(4).toString('hex')}`;
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      await refuseMinionIdOfAnotherPrinter(trx, id, printerId);
      await setPrinterAgentSecret(trx, printerId, {
        minion_id: id,
        agent_secret_hash: hashAgentSecret(secret),
        updated_at: ctx.now(),
      });
      await recordAudit(trx, {
        actorUserId: adminUserId,
        action: 'printer.issue_agent_secret',
        subject: ['printer', printerId],
        details: { minion_id: id },
      });
    })
    .catch((error: unknown) => rethrowMinionIdTaken(ctx, error, id));
  // Links holding the old secret are closed at once, on every server process.
  await ctx.events.publish(`printer:${printerId}`, {
    kind: 'printer_credentials_changed',
    printerId,
  });
  return { minionId: id, secret };
}

// Plain reads the routes show as they are (the route layer calls services, never a repo).
export { listDetectedPrinters } from './agents.repo';

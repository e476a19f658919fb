import fs from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  formatMegabytes,
  MAX_SCAN_BYTES_PER_SESSION,
  MAX_SCANS_PER_SESSION,
  SCAN_MAX_BYTES,
  type TLocale,
  type TScanList,
} from '@printomat/shared';
import type { TStoredStream } from '../documents';
import type { TAppContext } from '../../context';
import type { TUserRow } from '../../db/schema';
import { isPgError, isUniqueViolation } from '../../db/pg-errors';
import { AppError, notFound } from '../../http/errors';
import { recordScanUsage, verifyScanUpload } from '../agents/device-sessions.service';
import { enqueueJob } from '../jobs/queue';
import { SCAN_MAIL_JOB } from './scans-mail';
import { REMOVE_SCAN_FILES_JOB } from './scans-retention';
import { countPdfPages, looksLikePdf } from './scan-pdf';
import { presentScan } from './scans.presenter';
import {
  findPrinterForScan,
  findScanByUploadId,
  findScanOfUser,
  insertScan,
  listScansOfUser,
  lockSessionForScan,
  markScanDeleted,
  scanTotalsOfSession,
} from './scans.repo';

// Scans (issue 16): a printer's agent fetches a scan from the device (eSCL) in a device session a
// person opened with their ID and PIN, and uploads it here; the person finds it in their account
// and gets it by e-mail. Scans cost no pages; they count in the printer's statistics.

export const SCAN_CONTENT_TYPE = 'application/pdf';

/** Same answer for an unknown session, a wrong token and an expired one: nothing to probe. */
const refused = () => new AppError(403, 'scan_refused', 'scans.errors.refused');
const tooLarge = (locale: TLocale) =>
  new AppError(413, 'payload_too_large', 'scans.errors.too_large', {
    limit: formatMegabytes(locale, SCAN_MAX_BYTES),
  });

/** A session's scans are capped (count and bytes): a looping agent cannot fill the disk or a mailbox. */
const limitReached = (locale: TLocale) =>
  new AppError(429, 'scan_limit_reached', 'scans.errors.limit_reached', {
    count: MAX_SCANS_PER_SESSION,
    size: formatMegabytes(locale, MAX_SCAN_BYTES_PER_SESSION),
  });
const overLimit = (totals: { count: number; bytes: number }, bytes: number) =>
  totals.count >= MAX_SCANS_PER_SESSION || totals.bytes + bytes > MAX_SCAN_BYTES_PER_SESSION;

/** The agent's X-Scan-Upload-Id (a uuid in practice): the same id again is the same scan. */
const UPLOAD_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

class UploadTooLarge extends Error {}

/**
 * Copies the body to `file`, failing as soon as it passes SCAN_MAX_BYTES. The request stream is
 * piped, not put in the pipeline: a pipeline would destroy it on the limit, and the 413 could not
 * be answered; it is left to drain (Node closes the connection after the answer).
 */
async function receiveBody(body: Readable, file: string): Promise<number> {
  let bytes = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > SCAN_MAX_BYTES) done(new UploadTooLarge());
      else done(null, chunk);
    },
  });
  // The agent went away mid-upload: pipe() does not pass that on.
  const aborted = (err: Error) => limit.destroy(err);
  body.once('error', aborted);
  body.pipe(limit);
  try {
    await pipeline(limit, fs.createWriteStream(file));
    return bytes;
  } catch (err) {
    body.unpipe(limit);
    body.resume();
    throw err;
  } finally {
    body.off('error', aborted);
  }
}

/** `scan-2026-11-24-1432.pdf` at the printer's local time; the later parts of a session `-2`, `-3`. */
export function scanFileName(at: Date, timeZone: string, part: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '00';
  const stamp = `${get('year')}-${get('month')}-${get('day')}-${get('hour')}${get('minute')}`;
  return `scan-${stamp}${part > 1 ? `-${part}` : ''}.pdf`;
}

export interface TScanUpload {
  sessionId: number;
  token: string;
  contentType: string | undefined;
  /** The Content-Length the agent declared, if any (refused at once when over the limit). */
  declaredBytes: number | undefined;
  body: Readable;
  /** The language of the answer's error messages. */
  locale: TLocale;
  /** The agent's X-Scan-Upload-Id header: a retried upload sends the same one. */
  uploadId?: string | undefined;
}

export interface TScanUploadResult {
  scanId: number;
  pages: number;
  /** True when an earlier upload with the same X-Scan-Upload-Id already stored this scan. */
  repeated: boolean;
}

/**
 * POST /agent/scans/:sessionId: checks the session's upload token, receives the PDF into a scratch
 * file (never whole in memory), checks it is a PDF with pages, stores it and records the scan, its
 * statistics and its delivery mail in one transaction. Several uploads in one session are several
 * scans (a job in parts), up to MAX_SCANS_PER_SESSION and MAX_SCAN_BYTES_PER_SESSION; an upload
 * repeating an earlier X-Scan-Upload-Id of the session answers that scan and stores nothing.
 */
export async function receiveScanUpload(
  ctx: TAppContext,
  upload: TScanUpload,
): Promise<TScanUploadResult> {
  const session = await verifyScanUpload(ctx.db, upload.sessionId, upload.token, ctx.now());
  if (!session) throw refused();
  const mediaType = upload.contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== SCAN_CONTENT_TYPE)
    throw new AppError(415, 'unsupported_media_type', 'scans.errors.wrong_type');
  const uploadId = upload.uploadId?.trim() || null;
  if (uploadId !== null && !UPLOAD_ID.test(uploadId))
    throw new AppError(400, 'bad_upload_id', 'scans.errors.bad_upload_id');
  if (upload.declaredBytes !== undefined && upload.declaredBytes > SCAN_MAX_BYTES)
    throw tooLarge(upload.locale);

  // Before reading 50 MB: a retry of a stored scan, or a session already at its cap.
  const earlier = uploadId ? await findScanByUploadId(ctx.db, session.sessionId, uploadId) : null;
  if (earlier) {
    upload.body.resume();
    return { scanId: earlier.id, pages: earlier.pages, repeated: true };
  }
  if (overLimit(await scanTotalsOfSession(ctx.db, session.sessionId), upload.declaredBytes ?? 0))
    throw limitReached(upload.locale);

  const scratch = await ctx.storage.scratch();
  const temp = `${scratch}/scan.pdf`;
  let key: string | null = null;
  try {
    let bytes: number;
    try {
      bytes = await receiveBody(upload.body, temp);
    } catch (err) {
      if (err instanceof UploadTooLarge) throw tooLarge(upload.locale);
      throw err;
    }
    if (!(await looksLikePdf(temp))) throw new AppError(422, 'not_a_pdf', 'scans.errors.not_a_pdf');
    const pages = await countPdfPages(temp);
    if (!pages) throw new AppError(422, 'unreadable_pdf', 'scans.errors.unreadable');

    key = ctx.storage.newKey('pdf');
    await ctx.storage.moveIn(key, temp);
    const storedKey = key;
    const now = ctx.now();
    const result = await ctx.db.transaction().execute(async (trx): Promise<TScanUploadResult> => {
      // Uploads of one session take turns here: the checks below see what the others stored.
      await lockSessionForScan(trx, session.sessionId);
      const again = uploadId ? await findScanByUploadId(trx, session.sessionId, uploadId) : null;
      if (again) return { scanId: again.id, pages: again.pages, repeated: true };
      const totals = await scanTotalsOfSession(trx, session.sessionId);
      if (overLimit(totals, bytes)) throw limitReached(upload.locale);
      const printer = await findPrinterForScan(trx, session.printerId);
      if (!printer) throw refused();
      const row = await insertScan(trx, {
        user_id: session.userId,
        printer_id: printer.id,
        device_session_id: session.sessionId,
        upload_id: uploadId,
        file_key: storedKey,
        file_name: scanFileName(now, printer.timezone, totals.count + 1),
        content_type: SCAN_CONTENT_TYPE,
        byte_size: bytes,
        pages,
        created_at: now,
      });
      await recordScanUsage(trx, printer.id, session.userId, pages, now);
      await enqueueJob(trx, SCAN_MAIL_JOB, { scanId: row.id });
      return { scanId: row.id, pages, repeated: false };
    });
    // A repeat keeps the earlier scan's file; this copy goes (finally).
    if (!result.repeated) {
      key = null;
      ctx.worker.kick();
    }
    return result;
  } catch (err) {
    // The account (or the printer) went while the file arrived.
    if (isPgError(err, 'foreignKeyViolation')) throw refused();
    // Backstop for the unique index (the lock above makes this rare): the other upload won.
    if (uploadId && isUniqueViolation(err)) {
      const winner = await findScanByUploadId(ctx.db, session.sessionId, uploadId);
      if (winner) return { scanId: winner.id, pages: winner.pages, repeated: true };
    }
    throw err;
  } finally {
    if (key) await ctx.storage.remove(key).catch(() => undefined);
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}

/** GET /ajax/scans: the person's scans, newest first. */
export async function listScans(ctx: TAppContext, user: TUserRow): Promise<TScanList> {
  const rows = await listScansOfUser(ctx.db, user.id);
  return { scans: rows.map((r) => presentScan(r, ctx.config.scanRetentionMs)) };
}

/**
 * A scan's file for its owner (anyone else: 404, as if it did not exist). 410 once retention
 * deleted the file (the list still shows the scan).
 */
export async function scanForDownload(
  ctx: TAppContext,
  user: TUserRow,
  scanId: number,
): Promise<TStoredStream & { fileName: string; contentType: string }> {
  const scan = await findScanOfUser(ctx.db, user.id, scanId);
  if (!scan) throw notFound();
  const gone = () => new AppError(410, 'scan_file_deleted', 'scans.errors.file_deleted');
  if (!scan.file_key) throw gone();
  const stored = await ctx.storage.openIfPresent(scan.file_key);
  if (!stored) throw gone();
  return { ...stored, fileName: scan.file_name, contentType: scan.content_type };
}

/**
 * The person deletes one of their scans: the row stays marked (statistics), and its file goes.
 * The removal is queued in the mark's transaction, so the key is never forgotten while the file
 * is still on disk (a failed removal is tried again by the job); it is also tried at once.
 */
export async function deleteScan(ctx: TAppContext, user: TUserRow, scanId: number): Promise<void> {
  const fileKey = await ctx.db.transaction().execute(async (trx) => {
    const scan = await findScanOfUser(trx, user.id, scanId);
    if (!scan || !(await markScanDeleted(trx, user.id, scanId, ctx.now()))) throw notFound();
    if (scan.file_key) await enqueueJob(trx, REMOVE_SCAN_FILES_JOB, { keys: [scan.file_key] });
    return scan.file_key;
  });
  if (!fileKey) return;
  try {
    await ctx.storage.remove(fileKey);
  } catch (err) {
    ctx.log.warn({ err, scanId }, 'scan delete: file not removed yet, the queued job tries again');
  }
  ctx.worker.kick();
}

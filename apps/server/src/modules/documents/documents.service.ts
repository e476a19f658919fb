import { EventEmitter } from 'node:events';
import fs from 'node:fs/promises';
import { MAX_FILE_SLOTS } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TDocumentRow, TPrintjobRow, TUserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { enqueueJob, type TJobRun } from '../jobs/queue';
import {
  assertNothingPrinting,
  ensureCurrentPrintjob,
  findPrintjob,
  lockEditablePrintjob,
} from '../printjobs';
import {
  countDocumentsOfPrintjob,
  deleteDocument,
  findDocument,
  findDocumentOfUser,
  finishProcessing,
  insertDocument,
  listStoredDocumentsOfPrintjob,
  markDocumentFilesDeleted,
  updateDocument,
} from './documents.repo';
import { documentFairKey, PROCESS_DOCUMENT_JOB } from './documents.jobs';
import { DocumentFailure } from './pipeline/failure';
import { processUpload, type TPipelineDeps } from './pipeline/process-document';
import { LimiterTimeoutError } from './pipeline/limiter';
import { renderPreview } from './pipeline/preview';

/** An uploaded file, whatever brought it (HTTP upload today, e-mail attachment later). */
export interface TIncomingFile {
  /** A temporary file this service takes over (moves or deletes). */
  path: string;
  size: number;
  name: string;
  /** The upload went over the size limit and was cut off. */
  truncated: boolean;
}

const processed = new EventEmitter();
processed.setMaxListeners(0);

export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // Control characters never belong in a name we show back.
  const cleaned = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || 'document';
}

export async function uploadDocument(
  ctx: TAppContext,
  user: TUserRow,
  file: TIncomingFile,
): Promise<{ job: TPrintjobRow; document: TDocumentRow }> {
  const name = cleanFileName(file.name);
  const originalKey = file.truncated ? null : ctx.storage.newKey('upload');
  try {
    const result = await ctx.db.transaction().execute(async (trx) => {
      await assertNothingPrinting(trx, user);
      const current = await ensureCurrentPrintjob(trx, user.id);
      const job = await lockEditablePrintjob(trx, user, current.id);
      if ((await countDocumentsOfPrintjob(trx, job.id)) >= MAX_FILE_SLOTS) {
        throw new AppError(422, 'too_many_files', 'documents.failure.too_many_files', {
          max: MAX_FILE_SLOTS,
        });
      }
      const base = { printjob_id: job.id, user_id: user.id, name, size_bytes: file.size };
      if (!originalKey) {
        // Too large: recorded as failed, with the reason, and nothing of it kept.
        const document = await insertDocument(trx, {
          ...base,
          status: 'failed',
          failure_code: 'too_large',
        });
        return { job, document };
      }
      await fs.rename(file.path, await ctx.storage.prepare(originalKey));
      const document = await insertDocument(trx, { ...base, original_key: originalKey });
      await enqueueJob(
        trx,
        PROCESS_DOCUMENT_JOB,
        { documentId: document.id },
        { fairKey: documentFairKey(user.id) },
      );
      return { job, document };
    });
    ctx.worker.kick();
    return result;
  } catch (err) {
    if (originalKey) await ctx.storage.remove(originalKey);
    throw err;
  } finally {
    await fs.rm(file.path, { force: true });
  }
}

/** The queue handler. Idempotent: a document already processed (or removed) is left alone. */
export async function processDocument(
  ctx: TAppContext,
  deps: TPipelineDeps,
  documentId: number,
  run?: Pick<TJobRun, 'attempt'>,
): Promise<void> {
  const doc = await findDocument(ctx.db, documentId);
  if (!doc || doc.status !== 'processing' || !doc.original_key) return;
  try {
    const result = await processUpload(deps, doc.original_key, doc.name);
    const saved = await finishProcessing(ctx.db, doc.id, {
      status: 'ready',
      source_type: result.sourceType,
      is_office: result.isOffice,
      pdf_key: result.pdfKey,
      page_count: result.pageCount,
      color_pages: result.colorPages,
    });
    if (!saved) await ctx.storage.remove(result.pdfKey);
  } catch (err) {
    if (!(err instanceof DocumentFailure)) {
      // Worth another try, unless this was the last one: then the person is told, rather than
      // the document staying "processing" for good (e.g. no converter sandbox on this host).
      const attempts = PROCESS_DOCUMENT_JOB.maxAttempts ?? 1;
      if (!run || run.attempt < attempts) throw err;
      ctx.log.error({ err, documentId }, 'document not processed after its last attempt');
      await finishProcessing(ctx.db, doc.id, { status: 'failed', failure_code: 'not_processed' });
    } else {
      ctx.log.info({ documentId, reason: err.message }, 'document refused');
      await finishProcessing(ctx.db, doc.id, { status: 'failed', failure_code: err.code });
    }
  }
  processed.emit(String(documentId));
}

/**
 * Waits until the document is processed (or `timeoutMs` passes), so the upload answer can carry
 * the page count. Events cover this process; polling covers a worker in another instance.
 */
export async function waitForDocument(
  ctx: TAppContext,
  id: number,
  timeoutMs: number,
): Promise<TDocumentRow | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const doc = await findDocument(ctx.db, id);
    if (!doc || doc.status !== 'processing' || Date.now() >= deadline) return doc;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        processed.off(String(id), done);
        resolve();
      };
      const timer = setTimeout(done, Math.min(500, Math.max(0, deadline - Date.now())));
      processed.on(String(id), done);
    });
  }
}

/** Deletes a document's upload, normalised PDF and page previews (missing ones are fine). */
export async function removeFiles(ctx: TAppContext, doc: TDocumentRow): Promise<void> {
  await ctx.storage.remove(doc.original_key);
  await ctx.storage.remove(doc.pdf_key);
  await fs.rm(ctx.storage.pathOf(`${doc.pdf_key ?? doc.original_key ?? 'none'}.pages`), {
    recursive: true,
    force: true,
  });
}

/**
 * Deletes what a job's documents keep in storage (the upload, the normalised PDF, the page
 * previews) and keeps their rows, which are the record of what was printed (retention: express
 * orders after they ended, issue 13). Files first, then the mark: a crash in between leaves a
 * document whose files are already gone, and the next run removes them again harmlessly. Answers
 * how many documents were cleared.
 */
export async function deleteDocumentFilesOfPrintjob(
  ctx: TAppContext,
  printjobId: number,
  db: TDb = ctx.db,
): Promise<number> {
  const stored = await listStoredDocumentsOfPrintjob(db, printjobId);
  for (const doc of stored) {
    await removeFiles(ctx, doc);
    await markDocumentFilesDeleted(db, doc.id, ctx.now());
  }
  return stored.length;
}

/** Removes a document from the editable job; null when it cannot be removed now (spec: non-null means removed). */
export async function removeDocument(
  ctx: TAppContext,
  user: TUserRow,
  id: number,
): Promise<{ job: TPrintjobRow; document: TDocumentRow } | null> {
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const doc = await findDocumentOfUser(trx, id, user.id);
    if (!doc) throw notFound();
    let job: TPrintjobRow;
    try {
      job = await lockEditablePrintjob(trx, user, doc.printjob_id);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 409) return null;
      throw err;
    }
    await deleteDocument(trx, doc.id);
    return { job, document: doc };
  });
  if (removed) await removeFiles(ctx, removed.document);
  return removed;
}

export async function setDocumentCopies(
  ctx: TAppContext,
  user: TUserRow,
  id: number,
  copies: number,
): Promise<{ job: TPrintjobRow; document: TDocumentRow }> {
  return ctx.db.transaction().execute(async (trx) => {
    const doc = await findDocumentOfUser(trx, id, user.id);
    if (!doc) throw notFound();
    const job = await lockEditablePrintjob(trx, user, doc.printjob_id);
    return { job, document: await updateDocument(trx, doc.id, { copies }) };
  });
}

export async function findOwnDocument(
  ctx: TAppContext,
  user: TUserRow,
  id: number,
): Promise<{ job: TPrintjobRow; document: TDocumentRow }> {
  const document = await findDocumentOfUser(ctx.db, id, user.id);
  if (!document) throw notFound();
  const job = await findPrintjob(ctx.db, document.printjob_id);
  return { job, document };
}

/**
 * A PNG of one page of the normalised PDF (exactly what will print), rendered once and kept.
 * Rendering runs under the process-wide preview limit with a pixel cap (`pipeline/preview.ts`);
 * when too many previews wait already, the person is asked to try again shortly (503).
 */
export async function documentPagePng(
  ctx: TAppContext,
  user: TUserRow,
  id: number,
  page: number,
): Promise<string> {
  const doc = await findDocumentOfUser(ctx.db, id, user.id);
  if (
    !doc ||
    doc.files_deleted_at ||
    doc.status !== 'ready' ||
    !doc.pdf_key ||
    !doc.page_count ||
    page < 1 ||
    page > doc.page_count
  ) {
    throw notFound();
  }
  const dir = ctx.storage.pathOf(`${doc.pdf_key}.pages`);
  const file = `${dir}/${page}.png`;
  try {
    await fs.access(file);
    return file;
  } catch {
    await fs.mkdir(dir, { recursive: true });
  }
  try {
    await renderPreview(ctx.storage.pathOf(doc.pdf_key), page, file);
  } catch (err) {
    if (err instanceof LimiterTimeoutError)
      throw new AppError(503, 'preview_busy', 'documents.preview_busy');
    throw new Error(`preview of document ${id} page ${page} failed`, { cause: err });
  }
  return file;
}

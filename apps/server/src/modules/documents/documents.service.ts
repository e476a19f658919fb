import { EventEmitter } from 'node:events';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_FILE_SLOTS } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { personChanged } from '../../realtime/person-changed';
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
import { timeProcessing } from './processing-metrics';
import { LimiterTimeoutError } from './pipeline/limiter';
import { renderPreview } from './pipeline/preview';
import { BadStorageKeyError, StorageMissingError } from './storage';

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
  // Once the document row is committed, its upload is its file: never removed here after that.
  let committed = false;
  try {
    // Stored before the transaction (it may take a while, and on PGlite storage calls inside
    // it would wait for it); a refused upload removes it again below.
    if (originalKey) await ctx.storage.moveIn(originalKey, file.path);
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
      const document = await insertDocument(trx, { ...base, original_key: originalKey });
      await enqueueJob(
        trx,
        PROCESS_DOCUMENT_JOB,
        { documentId: document.id },
        { fairKey: documentFairKey(user.id) },
      );
      return { job, document };
    });
    committed = true;
    ctx.worker.kick();
    await personChanged(ctx, user.id);
    return result;
  } catch (err) {
    if (originalKey && !committed) {
      await ctx.storage
        .remove(originalKey)
        .catch((removeErr: unknown) =>
          ctx.log.error({ err: removeErr, key: originalKey }, 'refused upload not removed'),
        );
    }
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
    const key = doc.original_key;
    const result = await timeProcessing(ctx.metrics, () => processUpload(deps, key, doc.name));
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
  // Ready or failed: the person's job shows its pages, cost or reason now.
  await personChanged(ctx, doc.user_id);
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

/**
 * Deletes a document's upload, normalised PDF and page previews (missing ones are fine). `within`:
 * the transaction the caller holds (database storage removes them in it).
 */
export async function removeFiles(
  ctx: TAppContext,
  doc: TDocumentRow,
  within?: TDb,
): Promise<void> {
  await ctx.storage.remove(doc.original_key, within);
  await ctx.storage.remove(doc.pdf_key, within);
  const previewed = doc.pdf_key ?? doc.original_key;
  if (previewed) await ctx.storage.removeFolder(previewFolder(previewed), within);
}

/** Where a document's page previews are kept: `<pdf key>.pages/<page>.png`. */
function previewFolder(pdfKey: string): string {
  return `${pdfKey}.pages`;
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
    await removeFiles(ctx, doc, db);
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
  if (removed) {
    await personChanged(ctx, user.id);
    await removeFiles(ctx, removed.document);
  }
  return removed;
}

export async function setDocumentCopies(
  ctx: TAppContext,
  user: TUserRow,
  id: number,
  copies: number,
): Promise<{ job: TPrintjobRow; document: TDocumentRow }> {
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const doc = await findDocumentOfUser(trx, id, user.id);
    if (!doc) throw notFound();
    const job = await lockEditablePrintjob(trx, user, doc.printjob_id);
    return { job, document: await updateDocument(trx, doc.id, { copies }) };
  });
  await personChanged(ctx, user.id);
  return changed;
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
 * A PNG of one page of the normalised PDF (exactly what will print), rendered once and kept in
 * storage; answers its storage key (sendPagePng sends it). Rendering runs under the process-wide
 * preview limit with a pixel cap (`pipeline/preview.ts`); when too many previews wait already,
 * the person is asked to try again shortly (503).
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
  const key = `${previewFolder(doc.pdf_key)}/${page}.png`;
  try {
    if (await ctx.storage.exists(key)) return key;
    // Several requests for the same page on this instance share one rendering.
    let rendering = previewsRendering.get(key);
    if (!rendering) {
      rendering = renderPageToStorage(ctx, doc.id, doc.pdf_key, page, key).finally(() =>
        previewsRendering.delete(key),
      );
      previewsRendering.set(key, rendering);
    }
    await rendering;
  } catch (err) {
    if (err instanceof LimiterTimeoutError)
      throw new AppError(503, 'preview_busy', 'documents.preview_busy');
    // The document's files went meanwhile (removed, retention): as if it had never been there.
    if (err instanceof StorageMissingError || err instanceof BadStorageKeyError) throw notFound();
    throw new Error(`preview of document ${id} page ${page} failed`, { cause: err });
  }
  return key;
}

const previewsRendering = new Map<string, Promise<void>>();

async function renderPageToStorage(
  ctx: TAppContext,
  documentId: number,
  pdfKey: string,
  page: number,
  key: string,
): Promise<void> {
  const scratch = await ctx.storage.scratch();
  try {
    const file = path.join(scratch, `${page}.png`);
    await ctx.storage.withLocalFile(pdfKey, (pdf) => renderPreview(pdf, page, file));
    await ctx.storage.moveIn(key, file);
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  // Deleted while rendering (removal, retention, erasure): their removal of the previews may have
  // run before this one was stored, and nothing would remove it again.
  const now = await findDocument(ctx.db, documentId);
  if (!now || now.files_deleted_at || now.pdf_key !== pdfKey) {
    await ctx.storage.removeFolder(previewFolder(pdfKey));
    throw new StorageMissingError(pdfKey);
  }
}

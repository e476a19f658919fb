import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../context';
import type { TDocumentRow, TPrintjobRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { waitForDocument, type TIncomingFile } from './documents.service';

// The upload answers once the page count is known, or after this long with page_count null.
const UPLOAD_WAIT_MS = 15_000;

/**
 * Reads the multipart field `file` of an upload request into a scratch file, hands it to `store`
 * (uploadDocument for a signed-in person, the order's guest for an express order) and waits for
 * the page count. Shared by every upload route so that limits, the blank-file error and the
 * scratch clean-up are the same everywhere.
 */
export async function receiveDocumentUpload(
  ctx: TAppContext,
  request: FastifyRequest,
  store: (file: TIncomingFile) => Promise<{ job: TPrintjobRow; document: TDocumentRow }>,
): Promise<{ job: TPrintjobRow; document: TDocumentRow }> {
  const part = await request.file({
    limits: { fileSize: ctx.config.maxUploadBytes, files: 1 },
  });
  if (!part || part.fieldname !== 'file') {
    throw new AppError(422, 'validation', 'errors.validation', undefined, {
      file: [{ key: 'blank' }],
    });
  }
  const scratch = await ctx.storage.scratch();
  const tempPath = `${scratch}/upload`;
  try {
    await pipeline(part.file, fs.createWriteStream(tempPath));
    const { job, document } = await store({
      path: tempPath,
      size: part.file.bytesRead,
      name: part.filename,
      truncated: part.file.truncated,
    });
    const settled = (await waitForDocument(ctx, document.id, UPLOAD_WAIT_MS)) ?? document;
    return { job, document: settled };
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}

/** Answers a page preview PNG (stored by documentPagePng/orderPagePng); the browser keeps it. */
export async function sendPagePng(
  ctx: TAppContext,
  reply: FastifyReply,
  key: string,
): Promise<FastifyReply> {
  // Removed meanwhile (the document went): as if it had never been there.
  const stored = await ctx.storage.openIfPresent(key);
  if (!stored) throw notFound();
  const { stream, size } = stored;
  return reply
    .header('cache-control', 'private, max-age=3600')
    .header('content-length', size)
    .type('image/png')
    .send(stream);
}

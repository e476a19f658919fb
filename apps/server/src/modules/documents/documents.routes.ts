import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDocument, ZDocumentUpdateInput } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDocumentRow, TPrintjobRow } from '../../db/schema';
import { AppError, notFound, unauthorized } from '../../http/errors';
import { byPerson, rateLimited } from '../../http/rate-limit';
import { findPrintjob, presentDocument } from '../printjobs';
import {
  documentPagePng,
  findOwnDocument,
  removeDocument,
  setDocumentCopies,
  uploadDocument,
  waitForDocument,
} from './documents.service';

const ZIdParams = z.object({ id: z.coerce.number().int().positive() });
// The upload answers once the page count is known, or after this long with page_count null.
const UPLOAD_WAIT_MS = 15_000;

export function registerDocumentRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const present = (
    document: TDocumentRow,
    job: TPrintjobRow,
    locale: Parameters<typeof presentDocument>[2],
  ) => presentDocument(document, job, locale, ctx.config.maxPagesPerDocument);

  app.post(
    '/ajax/documents/upload',
    {
      schema: {
        tags: ['phone app', 'printing'],
        consumes: ['multipart/form-data'],
        response: { 201: ZDocument },
      },
      // Counted before the file is read: each upload costs a conversion.
      preHandler: rateLimited(root, ctx, [
        { bucket: 'upload:person', rule: ctx.config.rateLimits.uploadPerPerson, key: byPerson },
      ]),
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw unauthorized();
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
        const size = part.file.bytesRead;
        const { job, document } = await uploadDocument(ctx, user, {
          path: tempPath,
          size,
          name: part.filename,
          truncated: part.file.truncated,
        });
        const settled = (await waitForDocument(ctx, document.id, UPLOAD_WAIT_MS)) ?? document;
        return reply.status(201).send(present(settled, job, request.locale));
      } finally {
        await fs.promises.rm(scratch, { recursive: true, force: true });
      }
    },
  );

  // Spec section 7: a GET that removes (legacy phone-app contract); it still needs the CSRF header.
  app.get(
    '/ajax/documents/:id/remove',
    {
      schema: {
        tags: ['phone app', 'printing'],
        params: ZIdParams,
        response: { 200: ZDocument.nullable() },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      const removed = await removeDocument(ctx, request.user, request.params.id);
      if (!removed) return null;
      const job = await findPrintjob(ctx.db, removed.printjob_id);
      return present(removed, job, request.locale);
    },
  );

  // `POST` with `_method=PUT` in the form body, as the spec's clients send it, and plain PUT.
  app.route({
    method: ['POST', 'PUT'],
    url: '/ajax/documents/:id',
    schema: {
      tags: ['phone app', 'printing'],
      params: ZIdParams,
      body: ZDocumentUpdateInput,
      response: { 200: ZDocument },
    },
    handler: async (request) => {
      if (!request.user) throw unauthorized();
      if (request.body._method !== undefined && request.body._method.toUpperCase() !== 'PUT')
        throw notFound();
      const { job, document } = await setDocumentCopies(
        ctx,
        request.user,
        request.params.id,
        request.body.copies,
      );
      return present(document, job, request.locale);
    },
  });

  app.get(
    '/ajax/documents/:id',
    {
      schema: { tags: ['phone app', 'printing'], params: ZIdParams, response: { 200: ZDocument } },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      const { job, document } = await findOwnDocument(ctx, request.user, request.params.id);
      return present(document, job, request.locale);
    },
  );

  app.get(
    '/api/documents/:id/pages/:file',
    {
      schema: {
        tags: ['printing'],
        params: z.object({
          id: z.coerce.number().int().positive(),
          file: z.string().regex(/^\d{1,5}\.png$/),
        }),
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      const page = Number.parseInt(request.params.file, 10);
      const file = await documentPagePng(ctx, request.user, request.params.id, page);
      return reply
        .header('cache-control', 'private, max-age=3600')
        .type('image/png')
        .send(fs.createReadStream(file));
    },
  );
}

import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDocument, ZDocumentUpdateInput } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDocumentRow, TPrintjobRow } from '../../db/schema';
import { notFound, unauthorized } from '../../http/errors';
import { byPerson, rateLimited } from '../../http/rate-limit';
import { documentLimits, presentDocument } from '../printjobs';
import {
  documentPagePng,
  findOwnDocument,
  removeDocument,
  setDocumentCopies,
  uploadDocument,
} from './documents.service';
import { receiveDocumentUpload, sendPagePng } from './document-http';

const ZIdParams = z.object({ id: z.coerce.number().int().positive() });

export function registerDocumentRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const present = (
    document: TDocumentRow,
    job: TPrintjobRow,
    locale: Parameters<typeof presentDocument>[2],
  ) => presentDocument(document, job, locale, documentLimits(ctx.config));

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
      const { job, document } = await receiveDocumentUpload(ctx, request, (file) =>
        uploadDocument(ctx, user, file),
      );
      return reply.status(201).send(present(document, job, request.locale));
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
      return present(removed.document, removed.job, request.locale);
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
      const key = await documentPagePng(ctx, request.user, request.params.id, page);
      return sendPagePng(ctx, reply, key);
    },
  );
}

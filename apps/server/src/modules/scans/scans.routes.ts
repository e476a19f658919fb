import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SCAN_MAX_BYTES, ZOk, ZScanList } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { unauthorized } from '../../http/errors';
import { deleteScan, listScans, receiveScanUpload, scanForDownload } from './scans.service';

const ZId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const ZUploadAnswer = z.object({ scanId: z.number().int(), pages: z.number().int() });

/** Scans (issue 16): the agent's upload (POST /agent/scans/:sessionId?token=), the person's list and downloads (/ajax/scans). */
export function registerScanRoutes(root: FastifyInstance, ctx: TAppContext): void {
  registerScanUploadRoute(root, ctx);
  const app = root.withTypeProvider<ZodTypeProvider>();
  const userOf = (request: FastifyRequest) => {
    if (!request.user) throw unauthorized();
    return request.user;
  };

  app.get(
    '/ajax/scans',
    {
      schema: {
        tags: ['phone app', 'scans'],
        summary: 'Your scans made at printers, newest first',
        response: { 200: ZScanList },
      },
    },
    (request) => listScans(ctx, userOf(request)),
  );

  app.get(
    '/ajax/scans/:id/download',
    {
      schema: {
        tags: ['phone app', 'scans'],
        summary: "A scan's PDF (yours only; 410 once its file was deleted)",
        params: ZId,
      },
    },
    async (request, reply) => {
      const scan = await scanForDownload(ctx, userOf(request), request.params.id);
      return reply
        .header('content-type', scan.contentType)
        .header('content-disposition', `attachment; filename="${scan.fileName}"`)
        .header('content-length', scan.size)
        .header('cache-control', 'private, no-store')
        .send(scan.stream);
    },
  );

  app.delete(
    '/ajax/scans/:id',
    {
      schema: {
        tags: ['phone app', 'scans'],
        summary: 'Delete one of your scans (its file goes at once)',
        params: ZId,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      await deleteScan(ctx, userOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}

/**
 * The agent uploads a scan: the body is the PDF itself (application/pdf), streamed to disk by the
 * service rather than parsed, so its own scope passes every body through as a stream. The
 * session's upload token in the query is the credential (public-routes.ts; no CSRF token, the
 * agent is no browser).
 */
function registerScanUploadRoute(root: FastifyInstance, ctx: TAppContext): void {
  void root.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // Any type reaches the handler, which answers a wrong one with a clear 415 after the token.
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/agent/scans/:sessionId',
      {
        bodyLimit: SCAN_MAX_BYTES,
        schema: {
          tags: ['printer agent'],
          summary: "A device session's scan, uploaded by the printer's agent",
          description:
            'Body: the scanned PDF (Content-Type: application/pdf, at most SCAN_MAX_BYTES). ' +
            'The path and token come from the `authorization` answer of a scan session. ' +
            '403 for an unknown, wrong or expired session token; 415 for another content type; ' +
            '413 over the size limit; 422 when the body is not a readable PDF with pages; ' +
            '429 once the session holds MAX_SCANS_PER_SESSION scans or MAX_SCAN_BYTES_PER_SESSION ' +
            'bytes. Each upload is one scan (a job in parts is several uploads). An optional ' +
            '`X-Scan-Upload-Id` (1-64 of A-Z a-z 0-9 . _ : -, e.g. a uuid per scan; else 400) makes ' +
            'a retry safe: the same id again in the session answers 200 with the scan already ' +
            'stored, and nothing is stored or mailed again.',
          params: z.object({ sessionId: z.coerce.number().int().positive().max(2_147_483_647) }),
          querystring: z.object({ token: z.string().max(200).default('') }),
          response: { 200: ZUploadAnswer, 201: ZUploadAnswer },
        },
      },
      async (request, reply) => {
        const length = Number(request.headers['content-length']);
        const body = request.body instanceof Readable ? request.body : Readable.from([]);
        const uploadId = request.headers['x-scan-upload-id'];
        const { repeated, ...result } = await receiveScanUpload(ctx, {
          sessionId: request.params.sessionId,
          token: request.query.token,
          contentType: request.headers['content-type'],
          declaredBytes: Number.isFinite(length) ? length : undefined,
          body,
          locale: request.locale,
          // A header sent twice arrives as an array: not one id, so refused as malformed.
          uploadId: Array.isArray(uploadId) ? uploadId.join(',') : uploadId,
        });
        return reply.status(repeated ? 200 : 201).send(result);
      },
    );
  });
}

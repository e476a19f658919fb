import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_PAGE_SIZE,
  ADMIN_PRINTJOB_ACTIONS,
  ZAdminBulkResult,
  ZAdminPrintjobActionInput,
  ZAdminPrintjobBulkInput,
  ZAdminPrintjobDetail,
  ZAdminPrintjobList,
  ZAdminPrintjobQuery,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import { documentLimits } from '../printjobs';
import { adminOf } from './admin-actor';
import { presentAdminPrintjobDetail, presentAdminPrintjobRow } from './admin-printjobs.presenter';
import {
  bulkPrintjobAction,
  findAdminPrintjobDetail,
  listAdminPrintjobs,
  runPrintjobAction,
} from './admin-printjobs.service';
import { expressUrlOf } from './express-orders.presenter';
import { listPrinterOptions } from './express-orders.service';

const ZId = z.object({ id: z.coerce.number().int().positive() });

/** Admin: print jobs (list with filters, show, print / fail / reset / mark as printed, bulk). */
export function registerAdminPrintjobRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  const detail = async (
    id: number,
    locale: Parameters<typeof presentAdminPrintjobDetail>[2]['locale'],
  ) => {
    const { job, documents, reservation, express } = await findAdminPrintjobDetail(ctx, id);
    return presentAdminPrintjobDetail(job, documents, {
      reservation: reservation
        ? { pages: reservation.pages, charged: reservation.charged, status: reservation.status }
        : null,
      expressUrl: express
        ? { id: express.id, express_url: expressUrlOf(ctx.config.publicUrl, express.token) }
        : null,
      locale,
      limits: documentLimits(ctx.config),
    });
  };

  app.get(
    '/api/admin/printjobs',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Print jobs, newest first, filtered by status, user e-mail, printer, dates and review flag',
        querystring: ZAdminPrintjobQuery,
        response: { 200: ZAdminPrintjobList },
      },
    },
    async (request) => {
      const q = request.query;
      const { total, rows, documents } = await listAdminPrintjobs(
        ctx.db,
        {
          status: q.status,
          email: q.email,
          printerId: q.printer_id,
          from: q.from,
          to: q.to,
          needsReview: q.review === 'needs_review',
        },
        q.page,
      );
      return {
        printjobs: rows.map((r) => presentAdminPrintjobRow(r, documents.get(r.id) ?? [])),
        paging: { page: q.page, page_size: ADMIN_PAGE_SIZE, total },
      };
    },
  );

  app.get(
    '/api/admin/printjobs/printer-options',
    {
      schema: {
        tags: ['admin'],
        summary: 'Printers to filter by and to print on',
        response: {
          200: z.object({
            printers: z.array(
              z.object({
                id: z.number(),
                name: z.string(),
                is_enabled: z.boolean(),
                maintenance_mode: z.boolean(),
              }),
            ),
          }),
        },
      },
    },
    async () => ({ printers: await listPrinterOptions(ctx.db) }),
  );

  app.get(
    '/api/admin/printjobs/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'A print job with its settings, documents, charge and express url',
        params: ZId,
        response: { 200: ZAdminPrintjobDetail },
      },
    },
    (request) => detail(request.params.id, request.locale),
  );

  app.post(
    '/api/admin/printjobs/:id/:action',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Print (on the chosen printer), fail (with an optional reason), reset or mark as printed',
        params: ZId.extend({ action: z.enum(ADMIN_PRINTJOB_ACTIONS) }),
        body: ZAdminPrintjobActionInput.optional(),
        response: { 200: ZAdminPrintjobDetail },
      },
    },
    async (request) => {
      const { id, action } = request.params;
      await runPrintjobAction(ctx, adminOf(request), action, id, request.body ?? {});
      return detail(id, request.locale);
    },
  );

  app.post(
    '/api/admin/printjobs/bulk',
    {
      schema: {
        tags: ['admin'],
        summary: 'One action on the selected print jobs: those it fits are changed',
        body: ZAdminPrintjobBulkInput,
        response: { 200: ZAdminBulkResult },
      },
    },
    (request) => bulkPrintjobAction(ctx, adminOf(request), request.locale, request.body),
  );
}

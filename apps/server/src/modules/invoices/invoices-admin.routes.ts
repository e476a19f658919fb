import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_PAGE_SIZE,
  ZAdminInvoice,
  ZAdminInvoiceList,
  ZAdminInvoiceQuery,
  ZInvoiceRunInput,
  ZInvoiceRunResult,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import { adminOf } from '../admin/admin-actor';
import { ADMIN_INVOICES_PATH, presentAdminInvoice } from './invoices.presenter';
import { sendInvoiceDocument } from './invoices.routes';
import {
  adminInvoiceDocument,
  invoicesCsv,
  listInvoicesForAdmin,
  resendInvoiceByAdmin,
  runInvoicesByAdmin,
} from './invoices.service';

const ZId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * Administration of invoices (issue 15 point 8; /api/admin/ is admin-only by the access hook):
 * the list with filters and its CSV, issuing a month on demand, sending to KSeF again, and the
 * documents (PDF, XML as issued, the UPO once KSeF sent it).
 */
export function registerInvoiceAdminRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: Parameters<typeof adminOf>[0]) => ({
    adminId: adminOf(request).admin.id,
    ip: request.ip,
  });

  app.get(
    ADMIN_INVOICES_PATH,
    {
      schema: {
        tags: ['admin'],
        summary: 'Invoices and corrections, newest first',
        querystring: ZAdminInvoiceQuery,
        response: { 200: ZAdminInvoiceList },
      },
    },
    async (request) => {
      const { rows, total } = await listInvoicesForAdmin(ctx, request.query);
      return {
        invoices: rows.map(presentAdminInvoice),
        paging: { page: request.query.page, page_size: ADMIN_PAGE_SIZE, total },
      };
    },
  );

  app.get(
    `${ADMIN_INVOICES_PATH}.csv`,
    {
      schema: {
        tags: ['admin'],
        summary: 'CSV of the invoices matching the filters',
        querystring: ZAdminInvoiceQuery,
      },
    },
    async (request, reply) => {
      const { filename, csv } = await invoicesCsv(ctx, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    `${ADMIN_INVOICES_PATH}/run`,
    {
      schema: {
        tags: ['admin'],
        summary: "Issue a month's invoices now (safe to repeat)",
        body: ZInvoiceRunInput,
        response: { 200: ZInvoiceRunResult },
      },
    },
    (request) => runInvoicesByAdmin(ctx, actorOf(request), request.body.month),
  );

  app.post(
    `${ADMIN_INVOICES_PATH}/:id/resend`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Send an invoice to KSeF again (409 once KSeF accepted it)',
        params: ZId,
        response: { 200: ZAdminInvoice },
      },
    },
    async (request) =>
      presentAdminInvoice(await resendInvoiceByAdmin(ctx, actorOf(request), request.params.id)),
  );

  for (const kind of ['pdf', 'xml', 'upo'] as const) {
    app.get(
      `${ADMIN_INVOICES_PATH}/:id/${kind}`,
      {
        schema: {
          tags: ['admin'],
          summary:
            kind === 'upo'
              ? "KSeF's official confirmation of receipt (404 until there is one)"
              : `The invoice as ${kind.toUpperCase()}`,
          params: ZId,
        },
      },
      async (request, reply) =>
        sendInvoiceDocument(reply, await adminInvoiceDocument(ctx, request.params.id, kind)),
    );
  }
}

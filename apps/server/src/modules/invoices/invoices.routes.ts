import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZBusinessPurchase, ZInvoiceList } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { unauthorized } from '../../http/errors';
import {
  BUSINESS_INVOICES_PATH,
  presentInvoiceSummary,
  presentPurchase,
} from './invoices.presenter';
import {
  companyInvoiceDocument,
  listCompanyInvoices,
  listCompanyPurchases,
  type TInvoiceDocument,
} from './invoices.service';

const ZId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A download: the bytes as stored, never cached by a shared cache. */
export function sendInvoiceDocument(reply: FastifyReply, document: TInvoiceDocument) {
  return reply
    .header('content-type', document.contentType)
    .header('content-disposition', `attachment; filename="${document.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(document.body);
}

/**
 * The company's invoices and purchases (issue 15 point 7): GET /api/business/invoices, its PDF
 * and XML downloads (another company's id, or a personal account → 404), GET
 * /api/business/purchases. All need a session (the access hook).
 */
export function registerInvoiceRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const userOf = (request: FastifyRequest) => {
    if (!request.user) throw unauthorized();
    return request.user;
  };

  app.get(
    BUSINESS_INVOICES_PATH,
    {
      schema: {
        tags: ['business'],
        summary: "The company's invoices and corrections, newest first",
        response: { 200: ZInvoiceList },
      },
    },
    async (request) => ({
      invoices: (await listCompanyInvoices(ctx, userOf(request))).map((r) =>
        presentInvoiceSummary(r, BUSINESS_INVOICES_PATH),
      ),
    }),
  );

  for (const kind of ['pdf', 'xml'] as const) {
    app.get(
      `${BUSINESS_INVOICES_PATH}/:id/${kind}`,
      {
        schema: {
          tags: ['business'],
          summary: kind === 'pdf' ? 'The invoice as PDF' : 'The invoice as issued (KSeF FA(3) XML)',
          params: ZId,
        },
      },
      async (request, reply) =>
        sendInvoiceDocument(
          reply,
          await companyInvoiceDocument(ctx, userOf(request), request.params.id, kind),
        ),
    );
  }

  app.get(
    '/api/business/purchases',
    {
      schema: {
        tags: ['business'],
        summary: "The company's package purchases with their invoice",
        response: { 200: z.object({ purchases: z.array(ZBusinessPurchase) }) },
      },
    },
    async (request) => ({
      purchases: (await listCompanyPurchases(ctx, userOf(request))).map(presentPurchase),
    }),
  );
}

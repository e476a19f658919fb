import { z } from 'zod';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../context';
import { cityStickers, printerSticker, type TStickerDownload } from './printer-stickers.service';

const ID = z.coerce.number().int().positive().max(2_147_483_647);
const ZPrinterId = z.object({ id: ID });
const ZCityQuery = z.object({ city_id: ID });

function sendPdf(reply: FastifyReply, download: TStickerDownload) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${download.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(download.pdf);
}

/**
 * QR stickers (issue 16 point 3): GET /api/admin/printers/:id/sticker.pdf and
 * /api/admin/printers/stickers.pdf?city_id=. Admins only (every /api/admin route, http/access.ts).
 */
export function registerPrinterStickerRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/printers/:id/sticker.pdf',
    {
      schema: {
        tags: ['admin'],
        summary: "The printer's QR sticker: an A4 PDF with its page's QR code, code and address",
        params: ZPrinterId,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => sendPdf(reply, await printerSticker(ctx, request.params.id)),
  );

  app.get(
    '/api/admin/printers/stickers.pdf',
    {
      schema: {
        tags: ['admin'],
        summary: "A sticker page for each of the city's printers in service, by name",
        querystring: ZCityQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => sendPdf(reply, await cityStickers(ctx, request.query.city_id)),
  );
}

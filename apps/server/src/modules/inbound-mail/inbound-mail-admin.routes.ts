import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_INBOUND_MESSAGES_LIMIT, ZAdminInboundMessages } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { listPrinterInboundMessages } from './inbound-mail-admin.service';

const ZPrinterId = z.object({ id: z.coerce.number().int().positive() });

/** Admin: a printer's recent inbound messages (admin only, as everything under /api/admin/). */
export function registerInboundMailAdminRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/printers/:id/inbound_messages',
    {
      schema: {
        tags: ['admin'],
        summary: `A printer’s newest ${ADMIN_INBOUND_MESSAGES_LIMIT} inbound messages: sender, verdict, documents, outcome`,
        params: ZPrinterId,
        response: { 200: ZAdminInboundMessages },
      },
    },
    async (request) => listPrinterInboundMessages(ctx, request.params.id),
  );
}

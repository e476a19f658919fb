import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPrinterMap, ZPublicPrinter } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { getPrinterMap, getPublicPrinter } from './printers.service';

export function registerPrinterRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/map',
    {
      schema: {
        tags: ['printers'],
        summary: 'Cities and every printer with its live state, for the map',
        response: { 200: ZPrinterMap },
      },
    },
    async (_request, reply) => {
      // Live state changes every few seconds; a short private cache spares repeated loads.
      void reply.header('cache-control', 'public, max-age=5');
      return getPrinterMap(ctx);
    },
  );

  app.get(
    '/api/printers/:id',
    {
      schema: {
        tags: ['printers'],
        summary: 'A printer’s page: where it is, whether it can print now, its open hours',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: ZPublicPrinter },
      },
    },
    async (request) => getPublicPrinter(ctx, request.params.id),
  );
}

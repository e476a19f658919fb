import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPublicPrinter } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { getPublicPrinter } from './printers.service';

export function registerPrinterRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
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

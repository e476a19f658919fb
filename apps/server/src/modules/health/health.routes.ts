import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../context';
import { pingDatabase } from '../../db/database';

export function registerHealthRoutes(root: FastifyInstance, ctx: TAppContext): void {
  root.withTypeProvider<ZodTypeProvider>().get(
    '/healthz',
    {
      schema: {
        tags: ['ops'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
        },
      },
    },
    async () => {
      await pingDatabase(ctx.db);
      return { status: 'ok' as const, database: ctx.database.kind };
    },
  );
}

import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../context';
import { createReadinessCheck } from './health.service';

const ZCheck = z.enum(['ok', 'failed']);
const ZReadiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ database: ZCheck, storage: ZCheck }),
});

/**
 * Probes for load balancers and orchestrators. Both skip the session lookup (no cookies read or
 * set), rate limits and CSRF, so a probe costs next to nothing and never touches the database
 * unless it asks about it.
 */
export function registerHealthRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const checkReadiness = createReadinessCheck(ctx);
  // Liveness: the process answers HTTP. Never the database: an outage there must not get every
  // instance restarted (that is what /readyz is for).
  app.get(
    '/healthz',
    {
      config: { withoutSession: true },
      schema: {
        tags: ['ops'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
        },
      },
    },
    () => ({ status: 'ok' as const, database: ctx.database.kind }),
  );
  // Readiness: the database and document storage answer; 503 names the check that failed. One
  // check at a time, its answer reused for a second (health.service.ts).
  app.get(
    '/readyz',
    {
      config: { withoutSession: true },
      schema: { tags: ['ops'], response: { 200: ZReadiness, 503: ZReadiness } },
    },
    async (_request, reply) => {
      const { ready, checks } = await checkReadiness();
      return reply
        .status(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ready ? 'ready' : 'not_ready', checks });
    },
  );
}

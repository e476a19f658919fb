import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../context';
import { listAuditEntries } from './audit.service';

const ZAuditEntry = z.object({
  id: z.number(),
  action: z.string(),
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  created_at: z.string(),
  actor: z.object({ id: z.number(), email: z.string().nullable() }).nullable(),
});

/** Admin: who did what, when (newest first, paged by id). */
export function registerAuditRoutes(root: FastifyInstance, ctx: TAppContext): void {
  root.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/audit-log',
    {
      schema: {
        tags: ['admin'],
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(200).default(50),
          before_id: z.coerce.number().int().positive().optional(),
          action: z.string().trim().max(64).optional(),
          subject_type: z.string().trim().max(64).optional(),
          subject_id: z.string().trim().max(64).optional(),
        }),
        response: { 200: z.object({ entries: z.array(ZAuditEntry) }) },
      },
    },
    async (request) => {
      const rows = await listAuditEntries(ctx.db, {
        limit: request.query.limit,
        beforeId: request.query.before_id,
        action: request.query.action,
        subjectType: request.query.subject_type,
        subjectId: request.query.subject_id,
      });
      return {
        entries: rows.map((r) => ({
          id: r.id,
          action: r.action,
          subject_type: r.subject_type,
          subject_id: r.subject_id,
          details: (r.details ?? {}) as Record<string, unknown>,
          ip: r.ip,
          created_at: r.created_at.toISOString(),
          actor: r.actor_user_id === null ? null : { id: r.actor_user_id, email: r.actor_email },
        })),
      };
    },
  );
}

import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_EXPORTS, ZAdminExportQuery } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { adminOf } from './admin-actor';
import { buildExport } from './admin-exports.service';

/**
 * Admin: CSV downloads for a date range (GET, so a plain link downloads them; `/api/admin/` is
 * admin-only like the rest of the area).
 */
export function registerAdminExportRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/exports/:kind.csv',
    {
      schema: {
        tags: ['admin'],
        summary:
          'CSV of print jobs, payments or users created in a date range, or printer statistics of the months it touches',
        params: z.object({ kind: z.enum(ADMIN_EXPORTS) }),
        querystring: ZAdminExportQuery,
      },
    },
    async (request, reply) => {
      const { filename, csv } = await buildExport(
        ctx,
        { adminId: adminOf(request).admin.id, ip: request.ip },
        request.params.kind,
        request.query,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}

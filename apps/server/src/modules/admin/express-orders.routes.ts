import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_PAGE_SIZE,
  EXPRESS_ORDER_ACTIONS,
  ZExpressOrder,
  ZExpressOrderList,
  ZExpressOrderQuery,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import { notFound } from '../../http/errors';
import { adminOf } from './admin-actor';
import { presentExpressOrder } from './express-orders.presenter';
import {
  changeExpressOrder,
  findAdminExpressOrder,
  listAdminExpressOrders,
} from './express-orders.service';

const ZId = z.object({ id: z.coerce.number().int().positive() });

/** Admin: express orders (list, show; print, fail, reset). */
export function registerExpressOrderRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const show = async (id: number) => {
    const found = await findAdminExpressOrder(ctx.db, id);
    if (!found) throw notFound();
    return presentExpressOrder(found.order, ctx.config.publicUrl, found.money);
  };

  app.get(
    '/api/admin/express-orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'Express orders, newest first',
        querystring: ZExpressOrderQuery,
        response: { 200: ZExpressOrderList },
      },
    },
    async (request) => {
      const { rows, total, money } = await listAdminExpressOrders(
        ctx.db,
        { status: request.query.status },
        request.query.page,
      );
      return {
        orders: rows.map((r) => presentExpressOrder(r, ctx.config.publicUrl, money.get(r.id))),
        paging: { page: request.query.page, page_size: ADMIN_PAGE_SIZE, total },
      };
    },
  );

  app.get(
    '/api/admin/express-orders/:id',
    {
      schema: { tags: ['admin'], params: ZId, response: { 200: ZExpressOrder } },
    },
    (request) => show(request.params.id),
  );

  app.post(
    '/api/admin/express-orders/:id/:action',
    {
      schema: {
        tags: ['admin'],
        summary: 'Print, fail or reset an express order',
        params: ZId.extend({ action: z.enum(EXPRESS_ORDER_ACTIONS) }),
        response: { 200: ZExpressOrder },
      },
    },
    async (request) => {
      await changeExpressOrder(ctx, adminOf(request), request.params.id, request.params.action);
      return show(request.params.id);
    },
  );
}

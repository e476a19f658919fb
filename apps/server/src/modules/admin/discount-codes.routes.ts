import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDiscountCode, ZDiscountCodeInput, ZDiscountCodeUpdateInput } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { adminOf } from './admin-actor';
import {
  createDiscountCode,
  deactivateDiscountCode,
  listDiscountCodes,
  presentDiscountCode,
  updateDiscountCode,
} from './discount-codes.service';

const ZId = z.object({ id: z.coerce.number().int().positive() });

/** Admin: express discount codes (list, add, edit, deactivate). */
export function registerDiscountCodeRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/discount-codes',
    {
      schema: {
        tags: ['admin'],
        summary: 'Express discount codes, newest first',
        response: { 200: z.object({ codes: z.array(ZDiscountCode) }) },
      },
    },
    async () => {
      const now = ctx.now();
      return { codes: (await listDiscountCodes(ctx.db)).map((r) => presentDiscountCode(r, now)) };
    },
  );

  app.post(
    '/api/admin/discount-codes',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add an express discount code (an empty code gets a random one)',
        body: ZDiscountCodeInput,
        response: { 201: ZDiscountCode },
      },
    },
    async (request, reply) => {
      const code = await createDiscountCode(ctx, adminOf(request), request.body);
      return reply.status(201).send(code);
    },
  );

  app.patch(
    '/api/admin/discount-codes/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a discount code (percent, expiry, number of uses, active)',
        params: ZId,
        body: ZDiscountCodeUpdateInput,
        response: { 200: ZDiscountCode },
      },
    },
    (request) => updateDiscountCode(ctx, adminOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/discount-codes/:id/deactivate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Deactivate a discount code: refused from now on',
        params: ZId,
        response: { 200: ZDiscountCode },
      },
    },
    (request) => deactivateDiscountCode(ctx, adminOf(request), request.params.id),
  );
}

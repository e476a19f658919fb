import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPurchaseRefund, ZPurchaseRefundInput } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { unauthorized } from '../../http/errors';
import { getPurchaseRefund, refundPurchase } from './purchase-refunds.service';

const ZReferenceParams = z.object({ reference: z.string().min(1).max(100) });

/** Administrators give a package purchase's money back and follow the refund (issue 15). */
export function registerPurchaseRefundRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/admin/payments/:reference/refund',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Refund a completed package purchase: the whole amount, its unused pages taken back',
        description:
          'Once per purchase. 409 for an express order payment, a payment not completed, a provider that cannot refund (SMS) or a second refund. The provider is asked in the background: the answer is pending until it replied.',
        params: ZReferenceParams,
        body: ZPurchaseRefundInput,
        response: { 201: ZPurchaseRefund },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      const refund = await refundPurchase(
        ctx,
        { admin: request.user, ip: request.ip },
        request.params.reference,
        request.body,
      );
      return reply.code(201).send(refund);
    },
  );

  app.get(
    '/api/admin/payments/:reference/refund',
    {
      schema: {
        tags: ['admin'],
        summary:
          "A package purchase's refund and the provider's answer (pending, succeeded, failed)",
        params: ZReferenceParams,
        response: { 200: ZPurchaseRefund },
      },
    },
    async (request) => getPurchaseRefund(ctx, request.params.reference),
  );
}

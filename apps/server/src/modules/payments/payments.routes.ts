import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCardSetup,
  ZCheckoutRedirect,
  ZPayment,
  ZPaymentList,
  ZPurchaseInput,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import { unauthorized } from '../../http/errors';
import { getCardSetup, startCardSetup } from './cards.service';
import { handleProviderWebhook } from './payment-webhooks.service';
import { presentCardSetup, presentPayment } from './payments.presenter';
import { getPayment, listPayments, startPurchase } from './payments.service';
import { registerSandboxPageRoutes } from './providers/sandbox-page.routes';
import { SANDBOX_WEBHOOK_JOB, sandboxWebhookSender } from './providers/sandbox-webhook.job';

const ZReferenceParams = z.object({ reference: z.string().min(1).max(100) });

export async function registerPaymentRoutes(
  root: FastifyInstance,
  ctx: TAppContext,
): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  ctx.worker.register(SANDBOX_WEBHOOK_JOB, sandboxWebhookSender(ctx.config));
  // The sandbox's "pay" page takes no money: never served in production (config refuses the
  // sandbox provider there too).
  if (!ctx.config.isProduction) registerSandboxPageRoutes(root, ctx);

  app.post(
    '/api/payments',
    {
      schema: {
        tags: ['payments'],
        summary: 'Buy a package: answers the provider page to send the payer to',
        description:
          'The same idempotency_key always answers with the same payment. 403 email_required without a confirmed e-mail.',
        body: ZPurchaseInput,
        response: { 201: ZCheckoutRedirect },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      const started = await startPurchase(ctx, request.user, request.body, request.locale);
      return reply.code(201).send(started);
    },
  );

  app.get(
    '/api/payments',
    {
      schema: {
        tags: ['payments'],
        summary: 'My purchases with their receipts, newest first',
        response: { 200: ZPaymentList },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return { payments: (await listPayments(ctx, request.user.id)).map(presentPayment) };
    },
  );

  app.get(
    '/api/payments/:reference',
    {
      schema: {
        tags: ['payments'],
        summary: 'One of my purchases (the status page polls it)',
        params: ZReferenceParams,
        response: { 200: ZPayment },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return presentPayment(await getPayment(ctx, request.user.id, request.params.reference));
    },
  );

  app.post(
    '/api/cards/setup',
    {
      schema: {
        tags: ['payments'],
        summary: 'Add a card: answers the provider page with the card form',
        response: { 201: ZCheckoutRedirect },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      return reply.code(201).send(await startCardSetup(ctx, request.user, request.locale));
    },
  );

  app.get(
    '/api/cards/setups/:reference',
    {
      schema: {
        tags: ['payments'],
        summary: 'The result of adding a card (and its bonus pages)',
        params: ZReferenceParams,
        response: { 200: ZCardSetup },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return presentCardSetup(await getCardSetup(ctx, request.user.id, request.params.reference));
    },
  );

  // Providers' notifications need the exact bytes for the signature: this plugin's body is the
  // raw Buffer, whatever the content type.
  await root.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    raw.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/webhooks/:provider',
      {
        schema: {
          tags: ['payments'],
          summary: 'Payment provider notifications (signed; no session, no CSRF token)',
          params: z.object({ provider: z.string().min(1).max(40) }),
          response: { 200: z.object({ received: z.literal(true), outcome: z.string() }) },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await handleProviderWebhook(
          ctx,
          request.params.provider,
          body,
          request.headers,
        );
        return { received: true as const, outcome };
      },
    );
  });
}

import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../../context';
import { renderSmsSandboxPage } from './sms-sandbox.page';
import { simulateSms, viewSmsSandbox } from './sms-sandbox.service';

// The session travels in the query/body, not the path: Fastify caps path parameters at 100 chars.
const ZSession = z.string().min(1).max(4096);

/**
 * The SMS-payment sandbox's "operator" pages (public: the payer may reach them from any browser;
 * the signed session token is the credential). Not registered when the sandbox is off.
 */
export function registerSmsSandboxRoutes(root: FastifyInstance, ctx: TAppContext): void {
  if (!ctx.config.smsPaymentSandbox) return;
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/sandbox-sms',
    { schema: { hide: true, querystring: z.object({ session: ZSession }) } },
    async (request, reply) => {
      const view = await viewSmsSandbox(ctx, request.query.session);
      const { status, html } = renderSmsSandboxPage(view, {
        token: request.query.session,
        csrfToken: request.csrfToken,
        requestLocale: request.locale,
        nonce: reply.cspNonce,
      });
      return reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(html);
    },
  );

  app.post(
    '/sandbox-sms/simulate',
    {
      schema: {
        hide: true,
        body: z.object({ session: ZSession, outcome: z.enum(['success', 'failure']) }),
        response: { 200: z.object({ redirect_url: z.string() }) },
      },
    },
    async (request) => {
      const { returnUrl } = await simulateSms(ctx, request.body.session, request.body.outcome);
      return { redirect_url: returnUrl };
    },
  );
}

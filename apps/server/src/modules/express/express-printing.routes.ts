import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZExpressOrderView, ZPrintWithCodeInput } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { byIp, rateLimited } from '../../http/rate-limit';
import { printExpressOrder } from './express-printing.service';
import { expressOrderView } from './express-view.service';

const ZTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

/**
 * "Print now" on the order page, and the printer's code typed there (issue 13): the paid job goes
 * to its printer's agent. Public routes (the token is the guest's key); codes are limited per
 * address like the signed-in print_with_code, and a code that worked is taken back.
 */
export function registerExpressPrintingRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const limits = ctx.config.rateLimits;
  const byOrder = (request: FastifyRequest) => {
    const token = (request.params as { token?: unknown }).token;
    return typeof token === 'string' ? `express:${token}` : null;
  };
  const releaseLimited = rateLimited(root, ctx, [
    { bucket: 'release:express', rule: limits.releasePerPerson, key: byOrder },
  ]);
  const codeLimited = rateLimited(root, ctx, [
    { bucket: 'print_code:ip', rule: limits.codePerIp, key: byIp },
    { bucket: 'print_code:express', rule: limits.codePerPerson, key: byOrder },
  ]);
  const tags = ['express'];

  app.post(
    '/ajax/express/orders/:token/print',
    {
      schema: {
        tags,
        summary: 'Print now: the paid order goes to its printer',
        params: ZTokenParams,
        response: { 200: ZExpressOrderView },
      },
      preHandler: releaseLimited,
    },
    async (request) => {
      const order = await printExpressOrder(ctx, { token: request.params.token });
      return expressOrderView(ctx, order, request.locale);
    },
  );

  app.post(
    '/ajax/express/orders/:token/print_with_code',
    {
      schema: {
        tags,
        summary: "Print by the code the order's printer shows",
        params: ZTokenParams,
        body: ZPrintWithCodeInput,
        response: { 200: ZExpressOrderView },
      },
      preHandler: [codeLimited, releaseLimited],
    },
    async (request) => {
      const order = await printExpressOrder(
        ctx,
        { token: request.params.token },
        undefined,
        request.body.code,
      );
      await codeLimited.refund(request);
      return expressOrderView(ctx, order, request.locale);
    },
  );
}

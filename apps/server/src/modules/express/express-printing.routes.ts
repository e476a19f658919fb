import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZExpressOrderView, ZPrintWithCodeInput } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { byIp, rateLimited } from '../../http/rate-limit';
import { onPrintjobEnded } from '../printjobs';
import {
  EXPRESS_DOCUMENTS_JOB,
  EXPRESS_PRINT_DEADLINE_JOB,
  EXPRESS_REFUND_JOB,
} from './express-jobs';
import {
  deleteExpressOrderDocuments,
  expireExpressOrder,
  onExpressPrintjobEnded,
  printExpressOrder,
} from './express-printing.service';
import { processRefund } from './express-refunds.service';
import { expressOrderView } from './express-view.service';

const ZTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

/**
 * The express module's background work and reactions: refunds (provider calls, retried), the
 * print deadline, the documents' deletion, and the order following its job's end at the printer.
 * Safe to call more than once (registrations replace each other).
 */
export function registerExpressWork(ctx: TAppContext): void {
  ctx.worker.register(EXPRESS_REFUND_JOB, ({ refundId }, run) => processRefund(ctx, refundId, run));
  ctx.worker.register(EXPRESS_PRINT_DEADLINE_JOB, ({ orderId }) =>
    expireExpressOrder(ctx, orderId),
  );
  ctx.worker.register(EXPRESS_DOCUMENTS_JOB, ({ orderId }) =>
    deleteExpressOrderDocuments(ctx, orderId),
  );
  onPrintjobEnded('express_order', onExpressPrintjobEnded);
}

/**
 * "Print now" on the order page, and the printer's code typed there (issue 13): the paid job goes
 * to its printer's agent. Public routes (the token is the guest's key); codes are limited per
 * address like the signed-in print_with_code, and a code that worked is taken back.
 */
export function registerExpressPrintingRoutes(root: FastifyInstance, ctx: TAppContext): void {
  registerExpressWork(ctx);
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

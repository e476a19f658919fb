import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LOCALES,
  ZDocument,
  ZDocumentUpdateInput,
  ZExpressCheckoutInput,
  ZExpressCheckoutResult,
  ZExpressOrderView,
  ZExpressPrice,
  ZExpressPrinter,
  ZExpressQuoteInput,
  ZPrintjobSettingsInput,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDocumentRow, TPrintjobRow } from '../../db/schema';
import { byIp, rateLimited } from '../../http/rate-limit';
import { documentLimits, presentDocument } from '../printjobs';
import { receiveDocumentUpload, sendPagePng } from '../documents';
import { checkoutOrder, quoteOrder } from './express-checkout.service';
import { expressOrderView } from './express-view.service';
import {
  createExpressOrder,
  getExpressPrinter,
  orderPagePng,
  removeFromOrder,
  setCopiesInOrder,
  updateOrderSettings,
  uploadToOrder,
} from './express.service';

const ZPrinterParams = z.object({ printerId: z.coerce.number().int().positive() });
/** An order's token: 256 random bits in base64url (43 characters). */
const zToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);
const ZTokenParams = z.object({ token: zToken });
const ZDocumentParams = z.object({ token: zToken, id: z.coerce.number().int().positive() });

/**
 * Express orders (issue 13): a guest with no account prints at one printer. Every order route is
 * reached by the order's token alone (its unguessable address is the guest's only key); these
 * routes are public (http/public-routes.ts) and still need the CSRF token to change anything.
 */
export function registerExpressRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const limits = ctx.config.rateLimits;
  // Each order is a guest account: opening them is limited per address.
  const orderLimited = rateLimited(root, ctx, [
    { bucket: 'express_order:ip', rule: limits.expressOrderPerIp, key: byIp },
  ]);
  // Each upload costs a conversion: limited per order as a signed-in person's are per person.
  const uploadLimited = rateLimited(root, ctx, [
    {
      bucket: 'upload:express',
      rule: limits.uploadPerPerson,
      key: (request: FastifyRequest) => {
        const token = (request.params as { token?: unknown }).token;
        return typeof token === 'string' ? `express:${token}` : null;
      },
    },
  ]);
  // Discount codes must not be guessable by trying them: a quote or checkout naming a code counts
  // against the printer-code limits (per address and per order); one that succeeds is not counted.
  const byOrderWithCode = (request: FastifyRequest) => {
    const token = (request.params as { token?: unknown }).token;
    const code = (request.body as { discount_code?: unknown } | undefined)?.discount_code;
    return typeof token === 'string' && typeof code === 'string' && code !== ''
      ? `express:${token}`
      : null;
  };
  const byIpWithCode = (request: FastifyRequest) =>
    byOrderWithCode(request) === null ? null : byIp(request);
  const discountCodeLimited = rateLimited(root, ctx, [
    { bucket: 'discount_code:ip', rule: limits.codePerIp, key: byIpWithCode },
    { bucket: 'discount_code:express', rule: limits.codePerPerson, key: byOrderWithCode },
  ]);
  const present = (document: TDocumentRow, job: TPrintjobRow, locale: FastifyRequest['locale']) =>
    presentDocument(document, job, locale, documentLimits(ctx.config));
  const tags = ['express'];

  app.get(
    '/ajax/express/printers/:printerId',
    {
      schema: {
        tags,
        summary: "A printer's express page: where it is, its page prices, whether it prints now",
        params: ZPrinterParams,
        response: { 200: ZExpressPrinter },
      },
    },
    (request) => getExpressPrinter(ctx, request.params.printerId),
  );

  app.post(
    '/ajax/express/printers/:printerId/orders',
    {
      schema: {
        tags,
        summary: 'Opens a draft order at the printer (a guest account and its print job)',
        params: ZPrinterParams,
        body: z.object({ locale: z.enum(LOCALES).optional() }).optional(),
        response: { 201: ZExpressOrderView },
      },
      preHandler: orderLimited,
    },
    async (request, reply) => {
      const locale = request.body?.locale ?? request.locale;
      const order = await createExpressOrder(ctx, request.params.printerId, locale, request.ip);
      return reply.code(201).send(await expressOrderView(ctx, order, locale));
    },
  );

  app.get(
    '/ajax/express/orders/:token',
    {
      schema: {
        tags,
        summary: 'The order (the order page polls it)',
        params: ZTokenParams,
        response: { 200: ZExpressOrderView },
      },
    },
    (request) => expressOrderView(ctx, request.params.token, request.locale),
  );

  app.post(
    '/ajax/express/orders/:token/documents/upload',
    {
      schema: {
        tags,
        summary: 'Adds a document to a draft (same limits and answer as /ajax/documents/upload)',
        consumes: ['multipart/form-data'],
        params: ZTokenParams,
        response: { 201: ZDocument },
      },
      preHandler: uploadLimited,
    },
    async (request, reply) => {
      const { job, document } = await receiveDocumentUpload(ctx, request, (file) =>
        uploadToOrder(ctx, request.params.token, file),
      );
      return reply.status(201).send(present(document, job, request.locale));
    },
  );

  app.delete(
    '/ajax/express/orders/:token/documents/:id',
    {
      schema: {
        tags,
        summary: 'Removes a document from a draft; answers the order',
        params: ZDocumentParams,
        response: { 200: ZExpressOrderView },
      },
    },
    async (request) => {
      await removeFromOrder(ctx, request.params.token, request.params.id);
      return expressOrderView(ctx, request.params.token, request.locale);
    },
  );

  app.patch(
    '/ajax/express/orders/:token/documents/:id',
    {
      schema: {
        tags,
        summary: "Sets a draft document's copies",
        params: ZDocumentParams,
        body: ZDocumentUpdateInput.pick({ copies: true }),
        response: { 200: ZDocument },
      },
    },
    async (request) => {
      const { job, document } = await setCopiesInOrder(
        ctx,
        request.params.token,
        request.params.id,
        request.body.copies,
      );
      return present(document, job, request.locale);
    },
  );

  app.get(
    '/ajax/express/orders/:token/documents/:id/pages/:file',
    {
      schema: {
        tags,
        summary: 'A page preview of one of the order’s documents',
        params: ZDocumentParams.extend({ file: z.string().regex(/^\d{1,5}\.png$/) }),
      },
    },
    async (request, reply) => {
      const page = Number.parseInt(request.params.file, 10);
      const key = await orderPagePng(ctx, request.params.token, request.params.id, page);
      return sendPagePng(ctx, reply, key);
    },
  );

  app.post(
    '/ajax/express/orders/:token/settings',
    {
      schema: {
        tags,
        summary: "Changes a draft's print settings; answers the order",
        params: ZTokenParams,
        body: ZPrintjobSettingsInput,
        response: { 200: ZExpressOrderView },
      },
    },
    async (request) => {
      await updateOrderSettings(ctx, request.params.token, request.body);
      return expressOrderView(ctx, request.params.token, request.locale);
    },
  );

  app.post(
    '/ajax/express/orders/:token/quote',
    {
      schema: {
        tags,
        summary: 'The price of a draft with a discount code (refused codes: 422 on discount_code)',
        params: ZTokenParams,
        body: ZExpressQuoteInput,
        response: { 200: ZExpressPrice },
      },
      preHandler: discountCodeLimited,
    },
    async (request) => {
      const price = await quoteOrder(ctx, request.params.token, request.body);
      await discountCodeLimited.refund(request);
      return price;
    },
  );

  app.post(
    '/ajax/express/orders/:token/checkout',
    {
      schema: {
        tags,
        summary: 'Pays for a draft: where to pay (null when nothing is to be paid) and the order',
        description: 'The same idempotency_key always answers the same checkout.',
        params: ZTokenParams,
        body: ZExpressCheckoutInput,
        response: { 200: ZExpressCheckoutResult },
      },
      preHandler: discountCodeLimited,
    },
    async (request) => {
      const { order, redirectUrl } = await checkoutOrder(
        ctx,
        request.params.token,
        request.body,
        request.locale,
      );
      await discountCodeLimited.refund(request);
      return {
        redirect_url: redirectUrl,
        order: await expressOrderView(ctx, order.token, request.locale),
      };
    },
  );
}

import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdminBlockInput,
  ZAdminGrantPagesInput,
  ZAdminPrintjobRefund,
  ZAdminRefundInput,
  ZOk,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import { adminOf } from './admin-actor';
import {
  blockUser,
  confirmEmailByAdmin,
  grantPagesByAdmin,
  printjobRefundState,
  refundPrintjobPages,
  resendConfirmationByAdmin,
  unblockUser,
} from './admin-support.service';

const ZId = z.object({ id: z.coerce.number().int().positive() });

/** Admin support tools: pages granted or refunded, confirmation, blocking (issue 17). */
export function registerAdminSupportRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const actor = (request: FastifyRequest) => ({ ...adminOf(request), ip: request.ip });
  const ok = { ok: true as const };

  app.post(
    '/api/admin/users/:id/grants',
    {
      schema: {
        tags: ['admin'],
        summary: 'Give a person pages, with a reason (pages ledger, audit log)',
        params: ZId,
        body: ZAdminGrantPagesInput,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      await grantPagesByAdmin(ctx, actor(request), request.params.id, request.body);
      return ok;
    },
  );

  app.get(
    '/api/admin/printjobs/:id/refund',
    {
      schema: {
        tags: ['admin'],
        summary: 'Pages a print job was charged and the refund given for it, if any',
        params: ZId,
        response: { 200: ZAdminPrintjobRefund },
      },
    },
    async (request) => {
      const { charged, refund } = await printjobRefundState(ctx, request.params.id);
      return {
        charged_pages: charged,
        refund: refund
          ? {
              pages: refund.pages,
              reason: refund.reason,
              expires_at: refund.expires_at?.toISOString() ?? null,
              created_at: refund.created_at.toISOString(),
            }
          : null,
      };
    },
  );

  app.post(
    '/api/admin/printjobs/:id/refund',
    {
      schema: {
        tags: ['admin'],
        summary: "Give the owner back a print job's charged pages (at most what it charged, once)",
        params: ZId,
        body: ZAdminRefundInput,
        response: { 200: z.object({ ok: z.literal(true), pages: z.number() }) },
      },
    },
    async (request) => {
      const { pages } = await refundPrintjobPages(
        ctx,
        actor(request),
        request.params.id,
        request.body,
      );
      return { ...ok, pages };
    },
  );

  app.post(
    '/api/admin/users/:id/resend-confirmation',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send the person a fresh e-mail confirmation link',
        params: ZId,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      await resendConfirmationByAdmin(ctx, actor(request), request.params.id);
      return ok;
    },
  );

  app.post(
    '/api/admin/users/:id/confirm-email',
    {
      schema: {
        tags: ['admin'],
        summary: "Confirm the person's e-mail address by hand",
        params: ZId,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      await confirmEmailByAdmin(ctx, actor(request), request.params.id);
      return ok;
    },
  );

  app.post(
    '/api/admin/users/:id/block',
    {
      schema: {
        tags: ['admin'],
        summary: 'Block an account: no sign-in, every session ends',
        params: ZId,
        body: ZAdminBlockInput,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      await blockUser(ctx, actor(request), request.params.id, request.body.reason);
      return ok;
    },
  );

  app.post(
    '/api/admin/users/:id/unblock',
    {
      schema: {
        tags: ['admin'],
        summary: 'Let a blocked account sign in again',
        params: ZId,
        body: ZAdminBlockInput,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      await unblockUser(ctx, actor(request), request.params.id, request.body.reason);
      return ok;
    },
  );
}

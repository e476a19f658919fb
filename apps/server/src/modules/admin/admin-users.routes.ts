import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_PAGE_SIZE,
  ZAdminUserDetail,
  ZAdminUserList,
  ZAdminUserQuery,
  type TAdminUserRow,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TUserRow } from '../../db/schema';
import { accountRole } from '../users';
import { deleteUser } from '../users/users-admin.service';
import { adminOf } from './admin-actor';
import { presentAdminPrintjobRow } from './admin-printjobs.presenter';
import { findAdminUserDetail, listAdminUsers } from './admin-users.service';

const ZId = z.object({ id: z.coerce.number().int().positive() });

function presentUserRow(user: TUserRow, remaining: number): TAdminUserRow {
  return {
    id: user.id,
    email: user.email,
    role: accountRole(user),
    locale: user.locale,
    email_confirmed: user.email_confirmed_at !== null,
    remaining_page_limit: remaining,
    last_login_at: user.last_login_at?.toISOString() ?? null,
    created_at: user.created_at.toISOString(),
  };
}

/** Admin: users (list and search, show with pages ledger and jobs, delete). */
export function registerAdminUserRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Users, newest first, searched by e-mail and filtered by role',
        querystring: ZAdminUserQuery,
        response: { 200: ZAdminUserList },
      },
    },
    async (request) => {
      const { page } = request.query;
      const { total, rows } = await listAdminUsers(ctx, request.query);
      return {
        users: rows.map((r) => presentUserRow(r, Number(r.remaining_pages ?? 0))),
        paging: { page, page_size: ADMIN_PAGE_SIZE, total },
      };
    },
  );

  app.get(
    '/api/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'A user with their pages ledger and print jobs',
        params: ZId,
        response: { 200: ZAdminUserDetail },
      },
    },
    async (request) => {
      const { user, remaining, grants, jobs, documents } = await findAdminUserDetail(
        ctx,
        request.params.id,
      );
      return {
        ...presentUserRow(user, remaining),
        is_premium: user.is_premium,
        last_login_mobile: user.last_login_mobile?.toISOString() ?? null,
        has_facebook: user.facebook_id !== null,
        blocked_at: user.blocked_at?.toISOString() ?? null,
        grants: grants.map((g) => ({
          id: g.id,
          source: g.source,
          pages: g.pages,
          remaining: g.remaining,
          expires_at: g.expires_at?.toISOString() ?? null,
          reference: g.reference,
          reason: g.reason,
          printjob_id: g.printjob_id,
          created_at: g.created_at.toISOString(),
        })),
        printjobs: jobs.map((j) => presentAdminPrintjobRow(j, documents.get(j.id) ?? [])),
      };
    },
  );

  app.delete(
    '/api/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a user with their documents; payment records are kept',
        params: ZId,
        response: { 200: z.object({ ok: z.literal(true), email: z.string() }) },
      },
    },
    async (request) => {
      const { email } = await deleteUser(
        ctx,
        { ...adminOf(request), ip: request.ip },
        request.params.id,
      );
      return { ok: true as const, email };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZDeleteAccountInput,
  ZOk,
  ZPrintHistory,
  ZPrintHistoryQuery,
  ZSavedCardList,
  ZSavedCardParams,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import { unauthorized } from '../../http/errors';
import { clearSessionCookies, requestMeta } from '../../http/request-context';
import { deleteOwnAccount } from '../auth/account-deletion.service';
import { listSavedCards, removeSavedCard } from '../payments/cards.service';
import { exportAccountData, printHistory } from './account-data.service';

/** The account page's own data (issue 17 point 5): history, cards, download, deletion. */
export function registerAccountRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/account/history',
    {
      schema: {
        tags: ['account'],
        summary: 'My print history: ended jobs, latest first, paginated',
        querystring: ZPrintHistoryQuery,
        response: { 200: ZPrintHistory },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return printHistory(ctx, request.user.id, request.query.page);
    },
  );

  app.get(
    '/api/account/cards',
    {
      schema: {
        tags: ['account'],
        summary: 'My saved cards',
        response: { 200: ZSavedCardList },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return { cards: await listSavedCards(ctx, request.user.id) };
    },
  );

  app.delete(
    '/api/account/cards/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'Remove one of my saved cards',
        params: ZSavedCardParams,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      await removeSavedCard(ctx, request.user.id, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/account/export',
    {
      schema: {
        tags: ['account'],
        summary: 'Download my data: a JSON file of everything kept about me',
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      const data = await exportAccountData(ctx, request.user);
      const day = data.exported_at.slice(0, 10);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="printomat-data-${day}.json"`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.delete(
    '/api/account',
    {
      schema: {
        tags: ['account'],
        summary: 'Delete my account (confirmed with my password, or my e-mail without one)',
        description:
          '422 when the confirmation is wrong (counted like failed sign-ins: 429 too_many_attempts ' +
          'after too many); 409 printing while one of my jobs is printing, 409 payment_in_progress ' +
          'while one of my package purchases waits for the provider. Signs out.',
        body: ZDeleteAccountInput,
        response: { 200: ZOk },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      await deleteOwnAccount(ctx, request.user, request.body, requestMeta(request));
      clearSessionCookies(ctx, reply);
      return { ok: true as const };
    },
  );
}

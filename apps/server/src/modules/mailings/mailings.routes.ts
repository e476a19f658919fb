import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZLocationSuggestionInput } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { suggestLocation } from './mailings.service';

export function registerMailingRoutes(root: FastifyInstance, ctx: TAppContext): void {
  root.withTypeProvider<ZodTypeProvider>().post(
    '/api/mailings/report_location',
    {
      schema: {
        tags: ['public'],
        summary: 'Suggest a place for a new printer (the team gets it by e-mail)',
        body: ZLocationSuggestionInput,
        response: { 201: z.object({ id: z.number() }) },
      },
    },
    async (request, reply) => {
      const saved = await suggestLocation(ctx, request.body, {
        user: request.user,
        locale: request.locale,
        ip: request.ip,
      });
      ctx.worker.kick();
      return reply.code(201).send(saved);
    },
  );
}

import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../context';
import { AgentLink, AgentLinks } from './agent-link';
import { documentForDownload } from './agents.service';

/** Agents send small JSON messages; anything larger is not a message of ours. */
const MAX_AGENT_MESSAGE_BYTES = 64 * 1024;

export async function registerAgentRoutes(
  root: FastifyInstance,
  ctx: TAppContext,
): Promise<AgentLinks> {
  const links = new AgentLinks();
  await root.register(fastifyWebsocket, { options: { maxPayload: MAX_AGENT_MESSAGE_BYTES } });
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get('/agent/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
    // The link has its own liveness check (heartbeats); the HTTP idle timeout must not cut it.
    request.raw.socket.setTimeout(0);
    new AgentLink(ctx, links, socket, request.ip).start();
  });

  app.get(
    '/agent/documents/:documentId',
    {
      schema: {
        tags: ['printer agent'],
        summary: 'The normalised PDF of a document of a job released to the printer',
        params: z.object({ documentId: z.coerce.number().int().positive() }),
        querystring: z.object({ token: z.string().min(20).max(100) }),
      },
    },
    async (request, reply) => {
      const { stream, size } = await documentForDownload(
        ctx,
        request.params.documentId,
        request.query.token,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', size)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  root.addHook('onClose', () => links.closeAll());
  return links;
}

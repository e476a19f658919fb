import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { unauthorized } from '../../http/errors';

/** A comment line this often keeps proxies and the socket's idle timeout from closing the stream. */
const KEEPALIVE_MS = 15_000;

/**
 * Server-sent events for the signed-in person: `printjob` when one of their jobs changes (released,
 * printing, printed, failed). The page then reloads the job; polling every 5 s stays as fallback.
 */
export function registerPrintjobEventRoutes(app: FastifyInstance, ctx: TAppContext): void {
  // Open streams never end by themselves: a stopping server (SIGTERM) ends them, or it would wait
  // for every reader to leave. The page reconnects (`retry`), through the balancer to another one.
  const streams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of streams) res.end();
  });
  app.get(
    '/ajax/printjobs/events',
    {
      schema: {
        tags: ['printing'],
        summary: 'Live changes of your print jobs (text/event-stream)',
      },
    },
    (request, reply) => {
      const user = request.user;
      if (!user) throw unauthorized();
      reply.hijack();
      const res = reply.raw;
      request.raw.socket.setTimeout(0);
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\nevent: ready\ndata: {}\n\n');
      const unsubscribe = ctx.events.subscribe(`user:${user.id}`, (event) => {
        if (event.kind !== 'printjob_changed') return;
        res.write(
          `event: printjob\ndata: ${JSON.stringify({ id: event.jobId, status: event.status })}\n\n`,
        );
      });
      const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
      streams.add(res);
      const end = () => {
        streams.delete(res);
        clearInterval(keepalive);
        unsubscribe();
      };
      request.raw.on('close', end);
      res.on('error', end);
    },
  );
}

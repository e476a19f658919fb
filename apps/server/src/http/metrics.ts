import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TMetrics } from '../lib/metrics';
import { notFound, unauthorized } from './errors';

/** The route label of requests no route matched (the not-found handler, the web app's pages). */
const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Times every answer into `printomat_http_request_duration_seconds`, labelled by the route
 * pattern (`/ajax/printjobs/:id`), never the raw URL: ids, tokens and query strings would leak
 * into the metrics and make one series per request.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: TMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1_000,
    );
    done();
  });
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Authorization: Bearer <token>`, compared in constant time (both sides hashed to one length). */
function hasBearerToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * `GET /metrics` on the main port, for a scraper that holds `METRICS_TOKEN`. Without a token
 * configured it answers 404 like any unknown path; a missing or wrong token gets the ordinary
 * 401, which says nothing about the metrics. No session lookup, no cookies.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  metrics: TMetrics,
  token: string | undefined,
): void {
  app.get(
    '/metrics',
    { schema: { hide: true }, config: { withoutSession: true } },
    async (request, reply) => {
      if (!token) throw notFound();
      if (!hasBearerToken(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer');
        throw unauthorized();
      }
      const body = await metrics.registry.metrics();
      return reply
        .type(metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}

export interface TMetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` on a port of its own (`METRICS_PORT` on `METRICS_HOST`, loopback by default),
 * without a token: whoever can reach that address may scrape. Plain node:http, apart from the
 * application's hooks, so a scrape never counts as a request and nothing else is served there.
 */
export async function startMetricsServer(
  metrics: TMetrics,
  options: { port: number; host: string; log: FastifyBaseLogger },
): Promise<TMetricsServer> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (body) => {
        response
          .writeHead(200, {
            'content-type': metrics.registry.contentType,
            'cache-control': 'no-store',
          })
          .end(request.method === 'HEAD' ? undefined : body);
      },
      (err: unknown) => {
        options.log.error({ err }, 'metrics not collected');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

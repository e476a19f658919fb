import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../context';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// The spec's legacy phone-app call removes a document with GET; it must still carry the token.
const GET_ROUTES_NEEDING_TOKEN = new Set(['/ajax/documents/:id/remove']);
// Not called by our pages: payment providers' signed notifications (verified by signature), and
// the sandbox provider's hosted page, which stands for a foreign site (its token is the credential),
// and the inbound-mail provider's webhook (a server, authenticated by its shared secret).
const ROUTES_WITHOUT_TOKEN = new Set([
  'POST /api/payments/webhooks/:provider',
  'POST /api/inbound/mail',
  'POST /agent/scans/:sessionId', // a printer agent's scan upload (its session token is the credential)
  'POST /sandbox-pay/:token',
  'POST /sandbox-pay/:token/3ds',
]);

const csrfError = () => new AppError(403, 'csrf', 'errors.csrf');

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Anti-forgery: every state-changing request must carry X-CSRF-Token equal to the session's token
 * (or, without a session, to the csrf_token cookie), and a browser Origin, when sent, must be ours.
 */
export function registerCsrfProtection(app: FastifyInstance, ctx: TAppContext): void {
  const allowedOrigins = new Set([new URL(ctx.config.publicUrl).origin]);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (url && ROUTES_WITHOUT_TOKEN.has(`${request.method} ${url}`)) return;
    if (SAFE_METHODS.has(request.method) && !(url && GET_ROUTES_NEEDING_TOKEN.has(url))) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const host = request.headers.host;
      const ownOrigin = host ? `${request.protocol}://${host}` : undefined;
      if (!allowedOrigins.has(origin) && origin !== ownOrigin) throw csrfError();
    }
    const header = request.headers['x-csrf-token'];
    if (typeof header !== 'string' || !request.csrfToken || !sameToken(header, request.csrfToken)) {
      throw csrfError();
    }
  });
}

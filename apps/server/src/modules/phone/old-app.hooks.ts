import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../context';
import { routeKey } from '../../http/public-routes';
import { assertMayPrint, recordAppVersion } from './phone.service';

/** Phone apps say their version here at sign-in: header `X-App-Version`, or `app_version`. */
const SIGN_IN_ROUTE = 'POST /ajax/session';
export const APP_VERSION_HEADER = 'x-app-version';
/** Every route that sends a job to a printer. */
export const RELEASE_ROUTES: ReadonlySet<string> = new Set([
  'POST /ajax/printjobs/:id/print',
  'POST /ajax/printjobs/:id/print_with_code',
]);

const keyOf = (request: FastifyRequest) =>
  request.routeOptions.url ? routeKey(request.method, request.routeOptions.url) : '';

/**
 * The old-app rule as hooks around routes other modules own, so the sign-in and release code
 * stays unaware of it: the version is read before the sign-in's schema strips unknown fields,
 * recorded once the sign-in succeeded (the answer names the account), and releases are refused
 * while the account waits for its SMS verification.
 */
export function registerOldAppHooks(root: FastifyInstance, ctx: TAppContext): void {
  const versions = new WeakMap<FastifyRequest, string>();

  root.addHook('preValidation', async (request) => {
    if (keyOf(request) !== SIGN_IN_ROUTE) return;
    const header = request.headers[APP_VERSION_HEADER];
    const body = request.body as Record<string, unknown> | undefined;
    const version =
      typeof header === 'string'
        ? header
        : typeof body?.app_version === 'string'
          ? body.app_version
          : undefined;
    if (version?.trim()) versions.set(request, version.trim().slice(0, 40));
  });

  root.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const version = versions.get(request);
    if (!version || reply.statusCode !== 200) return payload;
    const id = (payload as { id?: unknown } | null)?.id;
    if (typeof id === 'number') await recordAppVersion(ctx, id, version);
    return payload;
  });

  root.addHook('preHandler', async (request) => {
    if (request.user && RELEASE_ROUTES.has(keyOf(request))) {
      await assertMayPrint(ctx, request.user.id);
    }
  });
}

import type { FastifyInstance } from 'fastify';
import type { TUserRow } from '../db/schema';
import { forbidden, unauthorized } from './errors';
import { PUBLIC_ROUTES, routeKey } from './public-routes';

export type TAction = 'admin.access';

/** The one place that says who may do what. Object-level checks live in services (404 for others' objects). */
export function authorize(actor: TUserRow | null, action: TAction): boolean {
  switch (action) {
    case 'admin.access':
      return actor?.role === 'admin';
  }
}

export function isAdminRoute(url: string): boolean {
  return url === '/api/admin' || url.startsWith('/api/admin/');
}

/** Deny by default: runs after the session is loaded, before validation and the handler. */
export function registerAccessControl(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    // Unmatched requests go to the not-found handler, which serves no data.
    if (url === undefined) return;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (
      PUBLIC_ROUTES.has(routeKey(request.method, url)) ||
      PUBLIC_ROUTES.has(routeKey(method, url))
    )
      return;
    if (!request.user) throw unauthorized();
    if (isAdminRoute(url) && !authorize(request.user, 'admin.access')) throw forbidden();
  });
}

import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../context';

const API_PREFIXES = ['/api/', '/ajax/', '/auth/', '/dev/', '/healthz'];

/**
 * Serves the built web app. Unknown paths that are not API calls get the app's page shell, so
 * client-side routes (and `/modal/a/b`) load on a direct visit.
 */
export async function registerWebRoutes(app: FastifyInstance, ctx: TAppContext): Promise<boolean> {
  const indexFile = path.join(ctx.config.webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    ctx.log.warn(`web app not built (${indexFile} missing): run "npm run build"`);
    return false;
  }
  await app.register(fastifyStatic, {
    root: ctx.config.webDistDir,
    prefix: '/',
    wildcard: true,
    // The page shell (index.html) comes from the not-found handler, which may pre-render it.
    index: false,
    redirect: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      // Hashed build assets never change; the page shell must always be revalidated.
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  return true;
}

export function isPageRequest(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (API_PREFIXES.some((p) => url.startsWith(p))) return false;
  return !accept || accept.includes('text/html') || accept.includes('*/*');
}

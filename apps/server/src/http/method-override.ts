import type { IncomingMessage } from 'node:http';

const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * Links with a method attribute submit a POST with a method override field (spec section 7).
 * The web app sends it as `?_method=DELETE` (and the form field); phone apps may use the
 * X-HTTP-Method-Override header. Applied before routing, so the real route (and its CSRF check) runs.
 */
export function overrideMethod(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (req.method !== 'POST') return url;
  const header = req.headers['x-http-method-override'];
  const query = url.includes('_method=')
    ? new URL(url, 'http://x').searchParams.get('_method')
    : null;
  const wanted = (typeof header === 'string' ? header : query)?.toUpperCase();
  if (wanted && OVERRIDABLE.has(wanted)) req.method = wanted;
  return url;
}

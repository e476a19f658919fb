import type { FastifyInstance } from 'fastify';
import { LOCALE_COOKIE } from '@printomat/shared';
import type { TAppContext } from '../context';
import type { TUserRow } from '../db/schema';
import { matchesEtag, POLL_CACHE_CONTROL } from './person-cache';
import { CSRF_COOKIE, localeOf, SESSION_COOKIE } from './request-context';

/**
 * The session a `sid` token names when this instance holds it in memory and nothing about it is
 * due (the auth module provides it; app.ts passes it in): never the database.
 */
export type TPeekSession = (
  token: string,
) => { readonly csrf_token: string; readonly user: TUserRow } | undefined;

/** The cookies whose meaning the lane knows; any other goes the ordinary way (a referral code…). */
const KNOWN_COOKIES: ReadonlySet<string> = new Set([SESSION_COOKIE, CSRF_COOKIE, LOCALE_COOKIE]);

/**
 * The poll fast lane (issue 19): an unchanged 5-second poll (`If-None-Match` naming the answer
 * this instance keeps for the asker) is answered `304` right after routing and the security
 * headers, without the rest of the request's hooks, which cost more than the answer itself.
 *
 * It answers only when the ordinary way would answer exactly the same, with no side effect
 * skipped: `GET` of a route answered through the poll cache (`TPollAnswerKind`), no query
 * string, only the session, CSRF and language cookies, the session held in memory with no touch
 * due and the CSRF cookie already matching it (else the ordinary way would set a cookie), the
 * answer kept for the asker's language and own fields. Anything else falls through to the
 * ordinary hooks and handler (while the server closes, Fastify answers 503 before any hook). The
 * `onResponse` hooks still run (metrics, the request log): Fastify calls them when the raw
 * response finishes.
 */
export function registerPollFastLane(
  app: FastifyInstance,
  ctx: TAppContext,
  peekSession: TPeekSession,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    const ifNoneMatch = request.headers['if-none-match'];
    if (request.method !== 'GET' || !ifNoneMatch) return done();
    const kind = ctx.pollCache.kindOf(request.routeOptions.url);
    const cookieHeader = request.headers.cookie;
    if (!kind || request.url !== kind.url || !cookieHeader) return done();
    const cookies = app.parseCookie(cookieHeader);
    for (const name in cookies) if (!KNOWN_COOKIES.has(name)) return done();
    const token = cookies[SESSION_COOKIE];
    if (!token) return done();
    const session = peekSession(token);
    if (!session || cookies[CSRF_COOKIE] !== session.csrf_token) return done();
    const locale = localeOf(
      cookies[LOCALE_COOKIE],
      session.user,
      request.headers['accept-language'],
    );
    const answer = ctx.pollCache.peek(kind, session.user, locale);
    if (!answer || !matchesEtag(ifNoneMatch, answer.etag)) return done();
    reply.hijack();
    // The security headers (and X-Instance) are on the raw response already.
    reply.raw.writeHead(304, { etag: answer.etag, 'cache-control': POLL_CACHE_CONTROL });
    reply.raw.end();
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  localeFromAcceptLanguage,
  type TLocale,
} from '@printomat/shared';
import type { TAppContext } from '../context';
import type { TUserRow } from '../db/schema';
import { randomToken } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    locale: TLocale;
    user: TUserRow | null;
    sessionId: string | null;
    /** The token this request must present in X-CSRF-Token for state-changing calls. */
    csrfToken: string;
  }
  interface FastifyContextConfig {
    /** Probes and metrics: no session lookup, no cookies read or set (cheap, no database). */
    withoutSession?: boolean;
  }
}

export const SESSION_COOKIE = 'sid';
export const CSRF_COOKIE = 'csrf_token';

/** Who is asking: written on sessions and sign-in attempts. */
export interface TRequestMeta {
  ip: string | null;
  userAgent: string | null;
  locale: TLocale;
}

export interface TNewSession {
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

/**
 * The live session a `sid` cookie token names (undefined: none). The auth module provides it
 * (app.ts passes it in), so this cross-cutting layer does not depend on a module.
 */
export type TResumeSession = (
  token: string,
) => Promise<{ id: string; csrf_token: string; user: TUserRow } | undefined>;

export function requestMeta(request: FastifyRequest): TRequestMeta {
  return {
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent'] ?? null,
    locale: request.locale,
  };
}

function cookieOptions(ctx: TAppContext, httpOnly: boolean, maxAgeSeconds: number) {
  return {
    path: '/',
    httpOnly,
    sameSite: 'lax' as const,
    secure: ctx.config.isProduction,
    maxAge: maxAgeSeconds,
  };
}

export function setSessionCookies(
  ctx: TAppContext,
  reply: FastifyReply,
  session: TNewSession,
): void {
  const maxAge = Math.floor((session.expiresAt.getTime() - ctx.now().getTime()) / 1000);
  reply.setCookie(SESSION_COOKIE, session.token, cookieOptions(ctx, true, maxAge));
  reply.setCookie(CSRF_COOKIE, session.csrfToken, cookieOptions(ctx, false, maxAge));
  reply.request.csrfToken = session.csrfToken;
}

/** After sign-out: a fresh anonymous CSRF token, no session cookie. */
export function clearSessionCookies(ctx: TAppContext, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  const token = randomToken();
  reply.setCookie(CSRF_COOKIE, token, cookieOptions(ctx, false, 365 * 86_400));
  reply.request.csrfToken = token;
}

export function setLocaleCookie(ctx: TAppContext, reply: FastifyReply, locale: TLocale): void {
  reply.setCookie(LOCALE_COOKIE, locale, cookieOptions(ctx, false, 365 * 86_400));
  reply.request.locale = locale;
}

/**
 * Loads the session (if any) and decides the language: the cookie set by the language switcher,
 * then the signed-in person's profile, then Accept-Language.
 */
export function registerRequestContext(
  app: FastifyInstance,
  ctx: TAppContext,
  resumeSession: TResumeSession,
): void {
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('csrfToken', '');

  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.withoutSession) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const session = await resumeSession(token);
      if (session) {
        request.user = session.user;
        request.sessionId = session.id;
        request.csrfToken = session.csrf_token;
      } else {
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
      }
    }
    if (!request.sessionId) {
      const existing = request.cookies[CSRF_COOKIE];
      if (existing && existing.length >= 32 && existing.length <= 128) {
        request.csrfToken = existing;
      } else {
        request.csrfToken = randomToken();
        reply.setCookie(CSRF_COOKIE, request.csrfToken, cookieOptions(ctx, false, 365 * 86_400));
      }
    } else if (request.cookies[CSRF_COOKIE] !== request.csrfToken) {
      reply.setCookie(
        CSRF_COOKIE,
        request.csrfToken,
        cookieOptions(ctx, false, ctx.config.sessionTtlDays * 86_400),
      );
    }
    request.locale = localeOf(
      request.cookies[LOCALE_COOKIE],
      request.user,
      request.headers['accept-language'],
    );
  });
}

/**
 * The language of an answer: the cookie set by the language switcher, then the signed-in
 * person's profile, then Accept-Language.
 */
export function localeOf(
  cookieLocale: string | undefined,
  user: Pick<TUserRow, 'locale'> | null,
  acceptLanguage: string | undefined,
): TLocale {
  if (isLocale(cookieLocale)) return cookieLocale;
  return user?.locale ?? localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}

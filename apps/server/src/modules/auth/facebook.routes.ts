import { z } from 'zod';
import { LOCALE_COOKIE } from '@printomat/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../context';
import { requestMeta, setLocaleCookie, setSessionCookies } from '../../http/request-context';
import { isBlockedError } from './account-blocked';
import { adoptChosenLocale, createSession } from './auth.service';
import {
  facebookAuthorizeUrl,
  fetchFacebookProfile,
  FACEBOOK_CALLBACK_PATH,
  signInWithFacebook,
} from './facebook.service';
import { randomToken } from '../../lib/tokens';

const STATE_COOKIE = 'fb_state';
const FAILED = '/sign-in?error=facebook_failed';
const BLOCKED = '/sign-in?error=account_blocked';

/**
 * OAuth 2 authorization-code flow. The callback is a GET that signs in (as OAuth requires); the
 * `state` value, bound to an HttpOnly cookie, is what stops a forged callback.
 */
export function registerFacebookRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get('/auth/facebook', { schema: { tags: ['auth'], hide: true } }, async (_request, reply) => {
    if (!ctx.config.facebook) return reply.redirect(FAILED);
    const state = randomToken();
    reply.setCookie(STATE_COOKIE, state, {
      path: FACEBOOK_CALLBACK_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.isProduction,
      maxAge: 600,
    });
    return reply.redirect(facebookAuthorizeUrl(ctx, state));
  });

  app.get(
    FACEBOOK_CALLBACK_PATH,
    {
      schema: {
        tags: ['auth'],
        hide: true,
        querystring: z.object({
          code: z.string().max(2000).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const expected = request.cookies[STATE_COOKIE];
      reply.clearCookie(STATE_COOKIE, { path: FACEBOOK_CALLBACK_PATH });
      const { code, state } = request.query;
      if (!ctx.config.facebook || !code || !state || !expected || state !== expected)
        return reply.redirect(FAILED);
      try {
        const profile = await fetchFacebookProfile(ctx, code);
        const user = await signInWithFacebook(ctx, profile, requestMeta(request));
        const session = await createSession(ctx, user.id, requestMeta(request), {
          replacesSessionId: request.sessionId ?? undefined,
        });
        setSessionCookies(ctx, reply, session);
        // One language for pages, account page and mail (issue 17): the one this browser was
        // switched to becomes the account's, else the browser takes the account's.
        const account = await adoptChosenLocale(ctx, user, request.cookies[LOCALE_COOKIE]);
        setLocaleCookie(ctx, reply, account.locale);
        return reply.redirect('/');
      } catch (err) {
        if (isBlockedError(err)) return reply.redirect(BLOCKED);
        request.log.warn({ err }, 'facebook sign-in failed');
        return reply.redirect(FAILED);
      }
    },
  );
}

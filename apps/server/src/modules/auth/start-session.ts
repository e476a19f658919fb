import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOCALE_COOKIE } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TUserRow } from '../../db/schema';
import { requestMeta, setLocaleCookie, setSessionCookies } from '../../http/request-context';
import { adoptChosenLocale, createSession } from './auth.service';

/**
 * Signs this browser in with a fresh session (the one it came with ends) and answers the
 * account as it now is. Pages, the account page and mails speak one language: a language this
 * browser was switched to (its cookie) becomes the account's, so a choice made just before
 * signing in is kept; a browser without one is set to the account's language. Every sign-in
 * route uses it (the ordinary and the business sign-up, sign-in, password reset, phone apps).
 */
export async function startSession(
  ctx: TAppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: TUserRow,
  options: { isMobileApp?: boolean } = {},
): Promise<TUserRow> {
  const session = await createSession(ctx, user.id, requestMeta(request), {
    ...options,
    replacesSessionId: request.sessionId ?? undefined,
  });
  setSessionCookies(ctx, reply, session);
  const account = await adoptChosenLocale(ctx, user, request.cookies[LOCALE_COOKIE]);
  setLocaleCookie(ctx, reply, account.locale);
  return account;
}

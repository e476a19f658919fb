import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LOCALE_COOKIE,
  ZAjaxUser,
  ZChangePasswordInput,
  ZConfirmEmailInput,
  ZForgotPasswordInput,
  ZLocaleInput,
  ZOk,
  ZRegisterInput,
  ZResetPasswordInput,
  ZResetTokenInput,
  ZSessionInput,
  ZSessionState,
  ZSignInInput,
  ZUserAnswer,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TUserRow } from '../../db/schema';
import { unauthorized } from '../../http/errors';
import { sendPollAnswer, type TPollAnswerKind } from '../../http/person-cache';
import { byIp, rateLimited } from '../../http/rate-limit';
import { clearSessionCookies, requestMeta, setLocaleCookie } from '../../http/request-context';
import { remainingPages } from '../pages/pages-ledger.service';
import { presentAjaxUser, presentMe } from '../users';
import { checkPasswordReset, requestPasswordReset, resetPassword } from './password-reset.service';
import {
  changePassword,
  confirmEmail,
  registerUser,
  resendConfirmation,
  setUserLocale,
  signIn,
  signOut,
} from './auth.service';

import { sessionStateOf } from './session-state';
import { startSession as startSessionOf } from './start-session';

/** GET /ajax/user, polled by the phone app and the dashboard, through the poll cache. */
const AJAX_USER: TPollAnswerKind = {
  url: '/ajax/user',
  contentType: 'application/json; charset=utf-8',
  key: () => 'user',
  // Fields of the signed-in row it shows: a row refreshed by the session cache rebuilds it.
  fingerprint: (user) => `${user.is_premium}:${user.last_login_mobile?.getTime() ?? ''}`,
};

export function registerAuthRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const me = async (user: TUserRow) =>
    presentMe(user, await remainingPages(ctx.db, user.id, ctx.now()));
  const requireUser = (user: TUserRow | null): TUserRow => {
    if (!user) throw unauthorized();
    return user;
  };
  const startSession = (
    request: FastifyRequest,
    reply: FastifyReply,
    user: TUserRow,
    options: { isMobileApp?: boolean } = {},
  ) => startSessionOf(ctx, request, reply, user, options);
  const limits = ctx.config.rateLimits;
  const bodyEmail = (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' ? email.trim().toLowerCase() : null;
  };
  // Confirmation mails per address: sign-up sends one, each resend another.
  const confirmationMails = {
    bucket: 'confirmation_mail:address',
    rule: limits.confirmationMailPerAddress,
  };
  const signUpLimited = rateLimited(root, ctx, [
    { bucket: 'sign_up:ip', rule: limits.signUpPerIp, key: byIp },
    { ...confirmationMails, key: bodyEmail },
  ]);
  // Reset links per address asked for, known or not (the answer must not tell them apart), so
  // nobody floods a mailbox; per client address, so nobody sweeps through addresses.
  const passwordResetLimited = rateLimited(root, ctx, [
    { bucket: 'password_reset:ip', rule: limits.passwordResetPerIp, key: byIp },
    { bucket: 'password_reset:address', rule: limits.passwordResetPerAddress, key: bodyEmail },
  ]);
  // New passwords per client address: a made-up token is refused before any hashing, yet the
  // route stays open to anyone signed out, so nobody may hammer it (own bucket, same rule).
  const resetSubmitLimited = rateLimited(root, ctx, [
    { bucket: 'password_reset_submit:ip', rule: limits.passwordResetPerIp, key: byIp },
  ]);
  const resendLimited = rateLimited(root, ctx, [
    { ...confirmationMails, key: (request) => request.user?.email.toLowerCase() ?? null },
  ]);

  app.get(
    '/api/session',
    { schema: { tags: ['auth'], response: { 200: ZSessionState } } },
    async (request) => sessionStateOf(ctx, request),
  );

  app.get(
    '/ajax/csrf',
    { schema: { tags: ['phone app'], response: { 200: z.object({ csrf_token: z.string() }) } } },
    async (request) => ({ csrf_token: request.csrfToken }),
  );

  app.post(
    '/api/auth/register',
    {
      schema: { tags: ['auth'], body: ZRegisterInput, response: { 201: ZUserAnswer } },
      preHandler: signUpLimited,
    },
    async (request, reply) => {
      const user = await startSession(
        request,
        reply,
        await registerUser(ctx, request.body, requestMeta(request)),
      );
      return reply.status(201).send({ user: await me(user) });
    },
  );

  app.post(
    '/api/auth/confirm-email',
    {
      schema: {
        tags: ['auth'],
        body: ZConfirmEmailInput,
        response: { 200: z.object({ email: z.string() }) },
      },
    },
    async (request) => {
      const user = await confirmEmail(ctx, request.body.token);
      return { email: user.email };
    },
  );

  app.post(
    '/api/auth/resend-confirmation',
    { schema: { tags: ['auth'], response: { 200: ZOk } }, preHandler: resendLimited },
    async (request) => {
      await resendConfirmation(ctx, requireUser(request.user));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/sign-in',
    { schema: { tags: ['auth'], body: ZSignInInput, response: { 200: ZUserAnswer } } },
    async (request, reply) => {
      const user = await startSession(
        request,
        reply,
        await signIn(ctx, request.body, requestMeta(request)),
      );
      return { user: await me(user) };
    },
  );

  // Forgot password: the same answer whether the address has an account or not.
  app.post(
    '/api/auth/forgot-password',
    {
      schema: { tags: ['auth'], body: ZForgotPasswordInput, response: { 200: ZOk } },
      preHandler: passwordResetLimited,
    },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email, requestMeta(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/reset-password/check',
    {
      schema: {
        tags: ['auth'],
        body: ZResetTokenInput,
        response: { 200: z.object({ email: z.string() }) },
      },
    },
    async (request) => checkPasswordReset(ctx, request.body.token),
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: { tags: ['auth'], body: ZResetPasswordInput, response: { 200: ZUserAnswer } },
      preHandler: resetSubmitLimited,
    },
    async (request, reply) => {
      const user = await startSession(
        request,
        reply,
        await resetPassword(
          ctx,
          request.body,
          requestMeta(request),
          request.cookies[LOCALE_COOKIE],
        ),
      );
      return { user: await me(user) };
    },
  );

  app.post(
    '/api/auth/sign-out',
    { schema: { tags: ['auth'], response: { 200: ZOk } } },
    async (request, reply) => {
      if (request.sessionId) await signOut(ctx, request.sessionId);
      clearSessionCookies(ctx, reply);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/account/password',
    { schema: { tags: ['account'], body: ZChangePasswordInput, response: { 200: ZOk } } },
    async (request) => {
      const user = requireUser(request.user);
      await changePassword(ctx, user, request.sessionId ?? '', request.body, requestMeta(request));
      return { ok: true as const };
    },
  );

  app.put(
    '/api/account/locale',
    {
      schema: {
        tags: ['account'],
        body: ZLocaleInput,
        response: { 200: z.object({ locale: ZLocaleInput.shape.locale }) },
      },
    },
    async (request, reply) => {
      const { locale } = request.body;
      if (request.user) request.user = await setUserLocale(ctx, request.user, locale);
      setLocaleCookie(ctx, reply, locale);
      return { locale };
    },
  );

  // Phone apps (spec section 7 contract): JSON sign-in answering like GET /ajax/user.
  app.post(
    '/ajax/session',
    { schema: { tags: ['phone app'], body: ZSessionInput, response: { 200: ZAjaxUser } } },
    async (request, reply) => {
      const isMobileApp = request.body.is_mobile_app === true;
      const user = await startSession(
        request,
        reply,
        await signIn(ctx, request.body, requestMeta(request), { isMobileApp }),
        { isMobileApp },
      );
      return presentAjaxUser(user, await remainingPages(ctx.db, user.id, ctx.now()));
    },
  );

  app.delete(
    '/ajax/session',
    { schema: { tags: ['phone app'], response: { 200: ZOk } } },
    async (request, reply) => {
      if (request.sessionId) await signOut(ctx, request.sessionId);
      clearSessionCookies(ctx, reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/ajax/user',
    { schema: { tags: ['phone app'], response: { 200: ZAjaxUser } } },
    async (request, reply) => {
      const user = requireUser(request.user);
      const answer = await ctx.pollCache.answerFor(AJAX_USER, user, request.locale, async () =>
        JSON.stringify(
          ZAjaxUser.encode(presentAjaxUser(user, await remainingPages(ctx.db, user.id, ctx.now()))),
        ),
      );
      return sendPollAnswer(request, reply, answer, AJAX_USER.contentType);
    },
  );
}

import {
  ZAjaxUser,
  ZOk,
  ZSessionState,
  ZUserAnswer,
  type TAjaxUser,
  type TLocale,
  type TUserAnswer,
  type ZChangePasswordInput,
  type ZConfirmEmailInput,
  type ZForgotPasswordInput,
  type ZLocaleInput,
  type ZRegisterInput,
  type ZResetPasswordInput,
  type ZResetTokenInput,
  type ZSessionInput,
  type ZSignInInput,
} from '@printomat/shared';
import type { z } from 'zod';
import { api } from './client';

// Request bodies are the shared schemas' input types: the forms check them with the same schemas
// (forms/input-schemas.ts) and the server validates with them.
export type TRegisterPayload = z.input<typeof ZRegisterInput>;
export type TSignInPayload = z.input<typeof ZSignInInput>;
export type TChangePasswordPayload = z.input<typeof ZChangePasswordInput>;
export type TForgotPasswordPayload = z.input<typeof ZForgotPasswordInput>;
export type TResetPasswordPayload = z.input<typeof ZResetPasswordInput>;
export type TOkAnswer = z.infer<typeof ZOk>;

// Answers are checked against these in development and tests only (see TResponseSchema).
const RESPONSES = import.meta.env.DEV
  ? {
      user: ZUserAnswer,
      ok: ZOk,
      locale: ZSessionState.pick({ locale: true }),
      ajaxUser: ZAjaxUser,
    }
  : null;

export const SIGN_OUT_PATH = '/api/auth/sign-out';
export const FACEBOOK_SIGN_IN_PATH = '/auth/facebook';

export const registerAccount = (payload: TRegisterPayload) =>
  api.post<TUserAnswer>('/api/auth/register', payload, { schema: RESPONSES?.user });

export const signIn = (payload: TSignInPayload) =>
  api.post<TUserAnswer>('/api/auth/sign-in', payload, { schema: RESPONSES?.user });

/**
 * Signing in from the installed app (display-mode standalone, issue 16): the phone apps' sign-in,
 * which records `last_login_mobile` and marks the session as the app's.
 */
export const signInFromApp = (payload: TSignInPayload) =>
  api.post<TAjaxUser>(
    '/ajax/session',
    { ...payload, is_mobile_app: true } satisfies z.input<typeof ZSessionInput>,
    { schema: RESPONSES?.ajaxUser },
  );

export const confirmEmail = (token: string) =>
  api.post<unknown>('/api/auth/confirm-email', {
    token,
  } satisfies z.input<typeof ZConfirmEmailInput>);

export const resendConfirmation = () =>
  api.post<TOkAnswer>('/api/auth/resend-confirmation', {}, { schema: RESPONSES?.ok });

export const requestPasswordReset = (payload: TForgotPasswordPayload) =>
  api.post<TOkAnswer>('/api/auth/forgot-password', payload, { schema: RESPONSES?.ok });

/** Whether a reset link still works, and for which account (its page asks before the form). */
export const checkPasswordReset = (token: string) =>
  api.post<{ email: string }>('/api/auth/reset-password/check', {
    token,
  } satisfies z.input<typeof ZResetTokenInput>);

export const resetPassword = (payload: TResetPasswordPayload) =>
  api.post<TUserAnswer>('/api/auth/reset-password', payload, { schema: RESPONSES?.user });

export const changePassword = (payload: TChangePasswordPayload) =>
  api.put<TOkAnswer>('/api/account/password', payload, { schema: RESPONSES?.ok });

export const updateLocale = (locale: TLocale) =>
  api.put<unknown>('/api/account/locale', { locale } satisfies z.input<typeof ZLocaleInput>, {
    schema: RESPONSES?.locale,
  });

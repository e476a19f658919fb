import type { TLocale, TMe } from '@printomat/shared';
import { api } from './client';

export type TRegisterPayload = {
  email: string;
  email_confirmation: string;
  password: string;
  password_confirmation: string;
  locale: TLocale;
};

export type TSignInPayload = { email: string; password: string };

export type TChangePasswordPayload = {
  old_password: string;
  password: string;
  password_confirmation: string;
};

export type TUserAnswer = { user: TMe };
export type TOkAnswer = { ok: true };

export const SIGN_OUT_PATH = '/api/auth/sign-out';
export const FACEBOOK_SIGN_IN_PATH = '/auth/facebook';

export const registerAccount = (payload: TRegisterPayload) =>
  api.post<TUserAnswer>('/api/auth/register', payload);

export const signIn = (payload: TSignInPayload) =>
  api.post<TUserAnswer>('/api/auth/sign-in', payload);

export const confirmEmail = (token: string) =>
  api.post<unknown>('/api/auth/confirm-email', { token });

export const resendConfirmation = () => api.post<unknown>('/api/auth/resend-confirmation', {});

export const changePassword = (payload: TChangePasswordPayload) =>
  api.put<TOkAnswer>('/api/account/password', payload);

export const updateLocale = (locale: TLocale) =>
  api.put<unknown>('/api/account/locale', { locale });

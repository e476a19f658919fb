import type { QueryClient } from '@tanstack/react-query';
import {
  ZFreePages,
  ZPhoneState,
  type TFreePages,
  type TPhoneNumberInput,
  type TPhoneState,
  type TSmsCodeInput,
} from '@printomat/shared';
import { api } from '../api/client';
import { SESSION_QUERY_KEY } from '../api/session';
import { AJAX_USER_QUERY_KEY } from '../print/print-api';

export const FREE_PAGES_QUERY_KEY = ['free-pages'] as const;
export const PHONE_QUERY_KEY = ['phone'] as const;

// Answers are checked against these in development and tests only (see TResponseSchema).
const RESPONSES = import.meta.env.DEV ? { freePages: ZFreePages, phone: ZPhoneState } : null;

/** `GET /api/free-pages`: referral link and history, card bonus status. */
export const fetchFreePages = () =>
  api.get<TFreePages>('/api/free-pages', { schema: RESPONSES?.freePages });

/** `GET /api/phone`: the verified number, the code waiting to be typed in, the old-app rule. */
export const fetchPhone = () => api.get<TPhoneState>('/api/phone', { schema: RESPONSES?.phone });

/** `POST /api/phone`: checks the number and texts a code to it. */
export const addPhoneNumber = (input: TPhoneNumberInput) =>
  api.post<TPhoneState>('/api/phone', input, { schema: RESPONSES?.phone });

/** `POST /api/phone/verify`. */
export const verifyPhoneNumber = (input: TSmsCodeInput) =>
  api.post<TPhoneState>('/api/phone/verify', input, { schema: RESPONSES?.phone });

/** `POST /api/phone/resend`: 30 s apart ('Wait at least 30 seconds'). */
export const resendPhoneCode = () =>
  api.post<TPhoneState>('/api/phone/resend', undefined, { schema: RESPONSES?.phone });

/** Keeps the answer and, when pages were credited, makes the shown page counts fresh. */
export function storePhoneState(queryClient: QueryClient, state: TPhoneState): void {
  queryClient.setQueryData(PHONE_QUERY_KEY, state);
  if (state.credited_pages > 0) {
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: AJAX_USER_QUERY_KEY });
  }
}

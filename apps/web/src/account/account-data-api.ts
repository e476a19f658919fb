import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ZOk,
  ZPrintHistory,
  ZSavedCardList,
  type TPrintHistory,
  type TSavedCardList,
} from '@printomat/shared';
import { api, apiRequest } from '../api/client';

export const historyQueryKey = (page: number) => ['account-history', page] as const;
export const SAVED_CARDS_QUERY_KEY = ['saved-cards'] as const;
/** "Download my data": a plain GET the browser saves (the server names the file). */
export const ACCOUNT_EXPORT_PATH = '/api/account/export';

// Answers are checked against these in development and tests only (see TResponseSchema).
const RESPONSES = import.meta.env.DEV
  ? { history: ZPrintHistory, cards: ZSavedCardList, ok: ZOk }
  : null;

export function usePrintHistory(page: number) {
  return useQuery({
    queryKey: historyQueryKey(page),
    queryFn: () =>
      api.get<TPrintHistory>(`/api/account/history?page=${page}`, {
        schema: RESPONSES?.history,
      }),
    // Turning pages keeps the current one on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}

export function useSavedCards() {
  return useQuery({
    queryKey: SAVED_CARDS_QUERY_KEY,
    queryFn: () => api.get<TSavedCardList>('/api/account/cards', { schema: RESPONSES?.cards }),
  });
}

export const removeSavedCard = (id: number) =>
  api.delete<{ ok: true }>(`/api/account/cards/${id}`, { schema: RESPONSES?.ok });

/** Deletes the signed-in account; `confirmation` is the password, or the e-mail without one. */
export const deleteAccount = (confirmation: string) =>
  apiRequest<{ ok: true }>('DELETE', '/api/account', {
    json: { confirmation },
    schema: RESPONSES?.ok,
  });

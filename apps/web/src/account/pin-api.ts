import { useQuery } from '@tanstack/react-query';
import { ZPinState, type TPinInput, type TPinState } from '@printomat/shared';
import { api, apiRequest } from '../api/client';

export const PIN_QUERY_KEY = ['user-pin'] as const;
export const PIN_PATH = '/ajax/user/pin';

// Answers are checked against these in development and tests only (see TResponseSchema).
const RESPONSES = import.meta.env.DEV ? { state: ZPinState } : null;

/** The person's ID and whether a PIN for copying and scanning is set. */
export function usePinState() {
  return useQuery({
    queryKey: PIN_QUERY_KEY,
    queryFn: () => api.get<TPinState>(PIN_PATH, { schema: RESPONSES?.state }),
  });
}

/** Sets or changes the PIN; the answer is the new state (the first PIN gives the ID). */
export const savePin = (input: TPinInput) =>
  apiRequest<TPinState>('PUT', PIN_PATH, { json: input, schema: RESPONSES?.state });

/** Removes the PIN and gives a new ID. */
export const resetPin = () =>
  apiRequest<TPinState>('POST', `${PIN_PATH}/reset`, { schema: RESPONSES?.state });

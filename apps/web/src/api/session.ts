import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ZSessionState, type TSessionState } from '@printomat/shared';
import { api, setCsrfFallback } from './client';

export const SESSION_QUERY_KEY = ['session'] as const;

// Answers are checked against these in development and tests only (see TResponseSchema).
const RESPONSES = import.meta.env.DEV ? { session: ZSessionState } : null;

export async function fetchSession(): Promise<TSessionState> {
  const session = await api.get<TSessionState>('/api/session', {
    schema: RESPONSES?.session,
  });
  setCsrfFallback(session.csrf_token);
  return session;
}

export function useSession() {
  return useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession });
}

/** The signed-in person, or null for guests and while the session is loading. */
export function useCurrentUser() {
  return useSession().data?.user ?? null;
}

/** Re-reads the session and waits for it, so the next screen sees the new state. */
export function refreshSession(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

/** After sign-in/out: per-user data of the previous person must not leak to the next one. */
export async function resetAfterSessionChange(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  await refreshSession(queryClient);
}

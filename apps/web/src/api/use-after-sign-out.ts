import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { TSessionState } from '@printomat/shared';
import { SESSION_QUERY_KEY, resetAfterSessionChange } from './session';

/**
 * After the server ended the session: go home, forget the person at once (no signed-in screen
 * may linger), then re-read the session (new CSRF token, the guest's locale). RequireAuth sends a
 * page that loses its user to `/` as well, so the order of the two updates does not matter.
 */
export function useAfterSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    void navigate('/');
    queryClient.setQueryData<TSessionState>(SESSION_QUERY_KEY, (old) =>
      old ? { ...old, user: null } : old,
    );
    await resetAfterSessionChange(queryClient);
  }, [queryClient, navigate]);
}

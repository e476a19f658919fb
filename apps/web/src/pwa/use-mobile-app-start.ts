import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { refreshSession, useCurrentUser } from '../api/session';
import { DASHBOARD_PANEL_QUERY_KEY } from '../print/print-api';
import { recordMobileAppStart } from './mobile-app-api';
import { isStandalone } from './platform';

/** People this start of the app has already been recorded for (once per app start). */
const recorded = new Set<number>();

/**
 * In the installed app (display-mode standalone), a signed-in person's app start is recorded
 * once (POST /ajax/user/mobile_app): from then on the dashboard tells them to walk up to the
 * printer and start the app (spec section 6). Also after signing in within the app, when the
 * sign-in already said so (harmless: the time moves on by a few milliseconds).
 */
export function useMobileAppStart(): void {
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null || recorded.has(userId) || !isStandalone()) return;
    recorded.add(userId);
    recordMobileAppStart().then(
      () => {
        void refreshSession(queryClient);
        void queryClient.invalidateQueries({ queryKey: DASHBOARD_PANEL_QUERY_KEY });
      },
      // Offline or signed out meanwhile: try again at the next chance.
      () => recorded.delete(userId),
    );
  }, [userId, queryClient]);
}

/** For tests: a fresh app start. */
export function forgetMobileAppStarts(): void {
  recorded.clear();
}

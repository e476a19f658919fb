import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { LOCALE_COOKIE, type TLocale } from '@printomat/shared/i18n';
import type { TSessionState } from '@printomat/shared';
import { updateLocale } from '../api/auth-api';
import { SESSION_QUERY_KEY, refreshSession, useSession } from '../api/session';
import { I18nContext, type TI18nContext } from './i18n-context';
import { guessInitialLocale } from './initial-locale';
import {
  isLocaleReady,
  loadLocale,
  resolveLocale,
  subscribeMessages,
  translatorFor,
} from './messages-store';

/**
 * The session answer is the source of truth for the locale. Switching loads the new language's
 * messages (those the app uses so far), then updates the cached session at once
 * (optimistically), then tells the server, then re-reads the session. A language whose messages
 * are not loaded yet (the session answered with another one than guessed) is shown once they are.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useSession();
  // Kept for when the session is not available (still loading or the server is unreachable).
  const [localChoice, setLocalChoice] = useState<TLocale | null>(null);
  const [guessed] = useState(guessInitialLocale);
  const wanted = session.data?.locale ?? localChoice ?? guessed;
  const locale = resolveLocale(wanted);
  // A new `t` whenever texts arrive (a lazy screen's group), so translations render again.
  const t = useSyncExternalStore(
    subscribeMessages,
    () => translatorFor(locale),
    () => translatorFor(locale),
  );

  useEffect(() => {
    if (locale !== wanted) void loadLocale(wanted).catch(() => undefined);
  }, [locale, wanted]);

  const setLocale = useCallback(
    (next: TLocale) => {
      const apply = () => {
        setLocalChoice(next);
        // Remembered at once: a reload before the server's answer (which sets the same cookie, and
        // the profile when signed in) must not fall back to the old language.
        document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${365 * 86_400}; samesite=lax${
          window.location.protocol === 'https:' ? '; secure' : ''
        }`;
        // An in-flight session read would overwrite the optimistic locale with the old one.
        void queryClient.cancelQueries({ queryKey: SESSION_QUERY_KEY });
        queryClient.setQueryData<TSessionState>(SESSION_QUERY_KEY, (old) =>
          old
            ? { ...old, locale: next, user: old.user ? { ...old.user, locale: next } : null }
            : old,
        );
        updateLocale(next)
          .catch(() => {
            // The interface keeps the chosen language; the server keeps its own until the next try.
          })
          .finally(() => void refreshSession(queryClient));
      };
      // The new language's texts first, so the interface never shows keys while switching.
      if (isLocaleReady(next)) apply();
      else void loadLocale(next).then(apply, apply);
    },
    [queryClient],
  );

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const value = useMemo<TI18nContext>(() => ({ locale, t, setLocale }), [locale, t, setLocale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  isLocale,
  localeFromAcceptLanguage,
  type TLocale,
} from '@printomat/shared/i18n';
import { readCookie } from '../api/client';

/**
 * Used only until `GET /api/session` answers (or if it fails): the `lang` cookie when it is
 * readable, then the browser's languages, then the default.
 */
export function guessInitialLocale(): TLocale {
  const cookie = readCookie(LOCALE_COOKIE);
  if (isLocale(cookie)) return cookie;
  if (typeof navigator !== 'undefined') {
    const fromBrowser = localeFromAcceptLanguage(
      (navigator.languages ?? [navigator.language]).join(','),
    );
    if (fromBrowser) return fromBrowser;
  }
  return DEFAULT_LOCALE;
}

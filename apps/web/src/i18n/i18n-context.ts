import { createContext } from 'react';
import type { TLocale, TTranslate } from '@printomat/shared/i18n';

export type TI18nContext = {
  locale: TLocale;
  t: TTranslate;
  /** Switches the interface at once and stores the choice on the server (cookie, and profile when signed in). */
  setLocale: (locale: TLocale) => void;
};

export const I18nContext = createContext<TI18nContext | null>(null);

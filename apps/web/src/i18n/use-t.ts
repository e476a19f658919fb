import { useContext } from 'react';
import type { TLocale, TTranslate } from '@printomat/shared/i18n';
import { I18nContext, type TI18nContext } from './i18n-context';

function useI18n(): TI18nContext {
  const context = useContext(I18nContext);
  if (!context) throw new Error('useT/useLocale must be used inside <I18nProvider>');
  return context;
}

/** `t(key, values)` bound to the current locale. */
export function useT(): TTranslate {
  return useI18n().t;
}

export function useLocale(): { locale: TLocale; setLocale: (locale: TLocale) => void } {
  const { locale, setLocale } = useI18n();
  return { locale, setLocale };
}

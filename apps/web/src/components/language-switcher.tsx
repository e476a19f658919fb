import { useId } from 'react';
import { LOCALES, LOCALE_NAMES, isLocale } from '@printomat/shared/i18n';
import { useLocale, useT } from '../i18n/use-t';

/** A labelled select of the three interface languages; the change applies at once. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const t = useT();
  const { locale, setLocale } = useLocale();
  const id = useId();
  return (
    <div className={className ? `language-switcher ${className}` : 'language-switcher'}>
      <label htmlFor={id} className="language-switcher__label">
        {t('common.language')}
      </label>
      <select
        id={id}
        data-testid="language-switcher"
        className="language-switcher__select"
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) setLocale(event.target.value);
        }}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

import { LOCALES, LOCALE_NAMES } from '@printomat/shared/i18n';
import { useLocale, useT } from '../../i18n/use-t';
import type { TModalProps } from '../modal-types';

/** `users/language`: pick the interface language. */
export default function UsersLanguageModal({ titleId, close }: TModalProps) {
  const t = useT();
  const { locale, setLocale } = useLocale();
  return (
    <>
      <h2 id={titleId} className="modal__title">
        {t('common.language_modal.title')}
      </h2>
      <p className="modal__text">{t('common.language_modal.description')}</p>
      <div className="choice-list">
        {LOCALES.map((option) => (
          <button
            key={option}
            type="button"
            lang={option}
            className={option === locale ? 'choice choice--active' : 'choice'}
            aria-pressed={option === locale}
            onClick={() => {
              setLocale(option);
              close();
            }}
          >
            {LOCALE_NAMES[option]}
          </button>
        ))}
      </div>
    </>
  );
}

import { useCallback, useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { ZLocationSuggestionInput } from '@printomat/shared';
import { useCurrentUser } from '../../api/session';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import { checkInput } from '../../forms/check-input';
import { readFormValues } from '../../forms/form-values';
import { useSubmit } from '../../forms/use-submit';
import { useT } from '../../i18n/use-t';
import { fetchPrinterMap, PRINTER_MAP_QUERY_KEY, suggestLocation } from '../../map/map-api';
import type { TModalProps } from '../modal-types';
import '../../styles/map.css';

const FIELDS = ['place', 'address', 'city', 'comment', 'email'] as const;
type TValues = Record<(typeof FIELDS)[number], string>;

/** The city the map shows (`/map/:citySlug...`), to fill in the city field; '' elsewhere. */
function useShownCityName(): string {
  const { pathname } = useLocation();
  const slug = /^\/map\/([^/]+)/.exec(pathname)?.[1];
  // The map page's own query: already cached there, or still on its way on a direct visit.
  const map = useQuery({
    queryKey: PRINTER_MAP_QUERY_KEY,
    queryFn: fetchPrinterMap,
    enabled: slug !== undefined,
  });
  if (!slug) return '';
  return map.data?.cities.find((c) => c.slug === decodeURIComponent(slug))?.name ?? '';
}

/**
 * `mailings/report_location`: anyone suggests a place for a new printer; the team gets it by
 * e-mail. The server's field errors show under the fields; 429 (too many) comes as its message.
 */
export default function ReportLocationModal({ titleId, close }: TModalProps) {
  const t = useT();
  const user = useCurrentUser();
  const cityName = useShownCityName();
  const commentId = useId();
  const [sent, setSent] = useState(false);
  // null until the person types: until then the fields follow the city the map shows and the
  // signed-in person's address (both may arrive after the dialog opened, on a direct visit).
  const [city, setCity] = useState<string | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const action = useCallback(
    async (values: TValues) => {
      await suggestLocation(checkInput(ZLocationSuggestionInput, values, t));
      setSent(true);
    },
    [t],
  );
  const { submit, isPending, error, fieldErrors } = useSubmit(action);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(readFormValues(event.currentTarget, FIELDS));
  }

  if (sent) {
    return (
      <>
        <h2 id={titleId} className="modal__title">
          {t('map.suggestion.title')}
        </h2>
        <p className="alert alert--success" role="status" data-testid="suggestion-thanks">
          {t('map.suggestion.thanks')}
        </p>
        <div className="modal__actions">
          <button type="button" className="button" onClick={close}>
            {t('common.close')}
          </button>
        </div>
      </>
    );
  }

  const commentErrors = fieldErrors.comment ?? [];
  return (
    <>
      <h2 id={titleId} className="modal__title">
        {t('map.suggestion.title')}
      </h2>
      <p className="modal__text">{t('map.suggestion.text')}</p>
      <FormAlert error={error} shownFields={FIELDS} />
      <form className="form" onSubmit={onSubmit} noValidate data-testid="suggestion-form">
        <FormField
          name="place"
          label={t('map.suggestion.place')}
          hint={t('map.suggestion.place_hint')}
          required
          maxLength={200}
          errors={fieldErrors.place}
        />
        <FormField
          name="address"
          label={t('map.suggestion.address')}
          autoComplete="street-address"
          required
          maxLength={300}
          errors={fieldErrors.address}
        />
        <FormField
          name="city"
          label={t('map.suggestion.city')}
          autoComplete="address-level2"
          value={city ?? cityName}
          onChange={(event) => setCity(event.target.value)}
          required
          maxLength={100}
          errors={fieldErrors.city}
        />
        <div className={commentErrors.length > 0 ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor={commentId}>
            {t('map.suggestion.comment')}
          </label>
          <textarea
            id={commentId}
            name="comment"
            className="field__input field__textarea"
            rows={3}
            maxLength={2000}
            aria-invalid={commentErrors.length > 0 || undefined}
            aria-describedby={commentErrors.length > 0 ? `${commentId}-error` : undefined}
          />
          {commentErrors.length > 0 && (
            <ul className="field__errors" id={`${commentId}-error`}>
              {commentErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </div>
        <FormField
          name="email"
          type="email"
          label={t('map.suggestion.email')}
          hint={t('map.suggestion.email_hint')}
          autoComplete="email"
          inputMode="email"
          value={email ?? user?.email ?? ''}
          onChange={(event) => setEmail(event.target.value)}
          maxLength={254}
          errors={fieldErrors.email}
        />
        <button type="submit" className="button button--block" disabled={isPending}>
          {isPending ? t('common.please_wait') : t('map.suggestion.submit')}
        </button>
      </form>
    </>
  );
}

import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatDateTime, type TPinState } from '@printomat/shared';
import { FormAlert, SuccessNotice } from '../components/form-alert';
import { FormField } from '../components/form-field';
import { PageTitle } from '../components/page-title';
import { useFormSubmit } from '../forms/use-form-submit';
import { useSubmit } from '../forms/use-submit';
import { useLocale, useT } from '../i18n/use-t';
import { PIN_QUERY_KEY, resetPin, savePin, usePinState } from './pin-api';

const FIELDS = ['pin_code', 'pin_code_confirmation', 'old_password'] as const;

/** The PIN set page (/account/pin): the person's numeric ID, set / change / reset the PIN. */
export function PinPage() {
  const t = useT();
  const state = usePinState();
  const queryClient = useQueryClient();
  // What the last action did, said above everything else (its text names the new ID).
  const [notice, setNotice] = useState<string | null>(null);
  const update = useCallback(
    (next: TPinState, message: string) => {
      queryClient.setQueryData(PIN_QUERY_KEY, next);
      setNotice(message);
    },
    [queryClient],
  );

  return (
    <div className="account container">
      <PageTitle title={t('pin.title')} />
      <p>
        <Link to="/account">{t('account.title')}</Link>
      </p>
      <h1 className="page-title">{t('pin.title')}</h1>
      <p className="card__text">{t('pin.intro')}</p>
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      {state.isError && (
        <div className="alert alert--error" role="alert">
          <p>{t('pin.load_failed')}</p>
        </div>
      )}
      {state.data && (
        <div className="account__grid">
          <PinStatus state={state.data} />
          <PinForm
            state={state.data}
            onSaved={(next) => update(next, t('pin.form.saved', { uid: String(next.pin_uid) }))}
            onStart={() => setNotice(null)}
          />
          {(state.data.pin_set || state.data.pin_uid !== null) && (
            <ResetCard
              onReset={(next) => update(next, t('pin.reset.done', { uid: String(next.pin_uid) }))}
              onStart={() => setNotice(null)}
            />
          )}
        </div>
      )}
    </div>
  );
}

function PinStatus({ state }: { state: TPinState }) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <section className="card" aria-labelledby="pin-id-title" data-testid="pin-status">
      <h2
        id="pin-id-title"
        className="card__title"
        data-testid="pin-uid"
        style={{ fontSize: '2rem', fontVariantNumeric: 'tabular-nums' }}
      >
        {state.pin_uid !== null
          ? t('pin.id.label', { uid: String(state.pin_uid) })
          : t('pin.title')}
      </h2>
      {state.pin_uid === null && <p className="card__text">{t('pin.id.none')}</p>}
      <p className="card__text" data-testid="pin-set">
        {state.pin_set && state.pin_set_at
          ? t('pin.status.set', { date: formatDateTime(locale, state.pin_set_at) })
          : t('pin.status.not_set')}
      </p>
    </section>
  );
}

function PinForm({
  state,
  onSaved,
  onStart,
}: {
  state: TPinState;
  onSaved: (next: TPinState) => void;
  onStart: () => void;
}) {
  const t = useT();
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const action = useCallback(
    async (values: Record<(typeof FIELDS)[number], string>) => {
      onStart();
      const next = await savePin({
        pin_code: values.pin_code,
        pin_code_confirmation: values.pin_code_confirmation,
        ...(state.password_required ? { old_password: values.old_password } : {}),
      });
      form?.reset();
      onSaved(next);
    },
    [form, onSaved, onStart, state.password_required],
  );
  const { onSubmit, isPending, error, fieldErrors } = useFormSubmit(FIELDS, action);
  const titleKey = state.pin_set ? 'pin.form.title_change' : 'pin.form.title_set';

  return (
    <section className="card">
      <form ref={setForm} className="form" onSubmit={onSubmit} aria-labelledby="pin-form-title">
        <h2 id="pin-form-title" className="card__title">
          {t(titleKey)}
        </h2>
        <FormAlert error={error} shownFields={FIELDS} />
        <FormField
          name="pin_code"
          type="password"
          label={t('pin.fields.pin_code')}
          hint={t('pin.fields.pin_code_hint')}
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={64}
          errors={fieldErrors.pin_code}
        />
        <FormField
          name="pin_code_confirmation"
          type="password"
          label={t('pin.fields.pin_code_confirmation')}
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={64}
          errors={fieldErrors.pin_code_confirmation}
        />
        {state.password_required && (
          <FormField
            name="old_password"
            type="password"
            label={t('fields.old_password')}
            hint={t('pin.fields.old_password_hint')}
            autoComplete="current-password"
            errors={fieldErrors.old_password}
          />
        )}
        <button type="submit" className="button" disabled={isPending}>
          {isPending
            ? t('common.please_wait')
            : t(state.pin_set ? 'pin.form.submit_change' : 'pin.form.submit_set')}
        </button>
      </form>
    </section>
  );
}

/** Reset: a first click asks for confirmation; then the PIN is gone and the ID is a new one. */
function ResetCard({
  onReset,
  onStart,
}: {
  onReset: (next: TPinState) => void;
  onStart: () => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const action = useCallback(async () => {
    onStart();
    const next = await resetPin();
    setOpen(false);
    onReset(next);
  }, [onReset, onStart]);
  const { submit, isPending, error } = useSubmit(action);

  return (
    <section className="card" aria-labelledby="pin-reset-title">
      <h2 id="pin-reset-title" className="card__title">
        {t('pin.reset.title')}
      </h2>
      <p className="card__text">{t('pin.reset.text')}</p>
      <FormAlert error={error} />
      {!open ? (
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          {t('pin.reset.button')}
        </button>
      ) : (
        <div role="group" aria-label={t('pin.reset.confirm')}>
          <p className="card__text">{t('pin.reset.confirm')}</p>
          <button
            type="button"
            className="button"
            disabled={isPending}
            onClick={() => void submit()}
          >
            {isPending ? t('common.please_wait') : t('pin.reset.confirm_button')}
          </button>{' '}
          <button type="button" className="button button--link" onClick={() => setOpen(false)}>
            {t('pin.reset.cancel')}
          </button>
        </div>
      )}
    </section>
  );
}

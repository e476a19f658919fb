import { PASSWORD_MIN_LENGTH, ZChangePasswordInput } from '@printomat/shared';
import { useCallback, useState, type FormEvent } from 'react';
import { changePassword, type TChangePasswordPayload } from '../api/auth-api';
import { FormAlert, SuccessNotice } from '../components/form-alert';
import { FormField } from '../components/form-field';
import { checkInput } from '../forms/check-input';
import { readFormValues } from '../forms/form-values';
import { useSubmit } from '../forms/use-submit';
import { useT } from '../i18n/use-t';

const FIELDS = ['old_password', 'password', 'password_confirmation'] as const;

export function ChangePasswordForm() {
  const t = useT();
  const [isChanged, setChanged] = useState(false);
  const [form, setForm] = useState<HTMLFormElement | null>(null);

  const action = useCallback(
    async (payload: TChangePasswordPayload) => {
      setChanged(false);
      await changePassword(checkInput(ZChangePasswordInput, payload, t));
      setChanged(true);
      form?.reset();
    },
    [form, t],
  );
  const { submit, isPending, error, fieldErrors } = useSubmit(action);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(readFormValues(event.currentTarget, FIELDS));
  }

  return (
    <form
      ref={setForm}
      className="form"
      onSubmit={onSubmit}
      aria-labelledby="change-password-title"
    >
      <h2 id="change-password-title" className="card__title">
        {t('account.password.title')}
      </h2>
      {isChanged && <SuccessNotice>{t('account.password.changed')}</SuccessNotice>}
      <FormAlert error={error} shownFields={FIELDS} />
      <FormField
        name="old_password"
        type="password"
        label={t('fields.old_password')}
        autoComplete="current-password"
        required
        errors={fieldErrors.old_password}
      />
      <FormField
        name="password"
        type="password"
        label={t('fields.password')}
        autoComplete="new-password"
        hint={t('auth.password_hint', { count: PASSWORD_MIN_LENGTH })}
        required
        errors={fieldErrors.password}
      />
      <FormField
        name="password_confirmation"
        type="password"
        label={t('fields.password_confirmation')}
        autoComplete="new-password"
        required
        errors={fieldErrors.password_confirmation}
      />
      <button type="submit" className="button" disabled={isPending}>
        {isPending ? t('common.please_wait') : t('account.password.submit')}
      </button>
    </form>
  );
}

import { ZChangePasswordInput } from '@printomat/shared';
import { useCallback, useState } from 'react';
import { changePassword, type TChangePasswordPayload } from '../api/auth-api';
import { FormAlert, SuccessNotice } from '../components/form-alert';
import { FormField } from '../components/form-field';
import { checkInput } from '../forms/check-input';
import { NewPasswordFields, SubmitButton } from '../forms/auth-fields';
import { useFormSubmit } from '../forms/use-form-submit';
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
  const { onSubmit, isPending, error, fieldErrors } = useFormSubmit(FIELDS, action);

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
      <NewPasswordFields fieldErrors={fieldErrors} />
      <SubmitButton label={t('account.password.submit')} isPending={isPending} />
    </form>
  );
}

import { PASSWORD_MIN_LENGTH } from '@printomat/shared';
import { FormField } from '../components/form-field';
import { useT } from '../i18n/use-t';

type TFieldErrors = Record<string, string[] | undefined>;

/** An e-mail address field: the keyboard and autofill of an address. */
export function EmailField({
  name = 'email',
  label,
  errors,
}: {
  name?: string;
  label: string;
  errors: readonly string[] | undefined;
}) {
  return (
    <FormField
      name={name}
      type="email"
      label={label}
      autoComplete="email"
      inputMode="email"
      required
      errors={errors}
    />
  );
}

/**
 * A new password typed twice, with the length rule as a hint. `new-password` tells password
 * managers to offer a generated one rather than fill in the old.
 */
export function NewPasswordFields({ fieldErrors }: { fieldErrors: TFieldErrors }) {
  const t = useT();
  return (
    <>
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
    </>
  );
}

/** The form's submit button: disabled and saying so while the request runs. */
export function SubmitButton({
  label,
  isPending,
  block = false,
}: {
  label: string;
  isPending: boolean;
  block?: boolean;
}) {
  const t = useT();
  return (
    <button
      type="submit"
      className={block ? 'button button--block' : 'button'}
      disabled={isPending}
    >
      {isPending ? t('common.please_wait') : label}
    </button>
  );
}

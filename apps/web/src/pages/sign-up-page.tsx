import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { registerAccount } from '../api/auth-api';
import { resetAfterSessionChange, useCurrentUser } from '../api/session';
import { FacebookButton } from '../components/facebook-button';
import { FormAlert } from '../components/form-alert';
import { PageTitle } from '../components/page-title';
import { EmailField, NewPasswordFields, SubmitButton } from '../forms/auth-fields';
import { useFormSubmit } from '../forms/use-form-submit';
import { useLocale, useT } from '../i18n/use-t';

const FIELDS = ['email', 'email_confirmation', 'password', 'password_confirmation'] as const;
type TSignUpValues = Record<(typeof FIELDS)[number], string>;

export function SignUpPage() {
  const t = useT();
  const { locale } = useLocale();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const action = useCallback(
    async (values: TSignUpValues) => {
      const { checkRegister } = await import('../forms/auth-input-checks');
      await registerAccount(checkRegister({ ...values, locale }, t));
      await resetAfterSessionChange(queryClient);
      void navigate('/', { replace: true });
    },
    [locale, queryClient, navigate, t],
  );
  const { onSubmit, isPending, error, fieldErrors } = useFormSubmit(FIELDS, action);

  if (user && !isPending) return <Navigate to="/" replace />;

  return (
    <div className="auth-page container">
      <PageTitle title={t('auth.sign_up')} />
      <section className="card auth-card" aria-labelledby="sign-up-title">
        <h1 id="sign-up-title" className="auth-card__title">
          {t('auth.sign_up_page.title')}
        </h1>
        <p className="auth-card__lead">{t('auth.sign_up_page.lead')}</p>
        <FormAlert error={error} shownFields={FIELDS} />
        <FacebookButton />
        {/* POST: a submit before the page has hydrated must not put the password in the URL. */}
        <form className="form" method="post" onSubmit={onSubmit}>
          <EmailField label={t('fields.email')} errors={fieldErrors.email} />
          <EmailField
            name="email_confirmation"
            label={t('fields.email_confirmation')}
            errors={fieldErrors.email_confirmation}
          />
          <NewPasswordFields fieldErrors={fieldErrors} />
          <SubmitButton label={t('auth.sign_up_page.submit')} isPending={isPending} block />
        </form>
        <p className="auth-card__switch">
          {t('auth.sign_up_page.has_account')}{' '}
          <Link to="/sign-in">{t('auth.sign_up_page.sign_in_link')}</Link>
        </p>
      </section>
    </div>
  );
}

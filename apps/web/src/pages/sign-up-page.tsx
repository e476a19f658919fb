import { useQueryClient } from '@tanstack/react-query';
import { PASSWORD_MIN_LENGTH } from '@printomat/shared';
import { useCallback, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { registerAccount } from '../api/auth-api';
import { resetAfterSessionChange, useCurrentUser } from '../api/session';
import { FacebookButton } from '../components/facebook-button';
import { FormAlert } from '../components/form-alert';
import { FormField } from '../components/form-field';
import { PageTitle } from '../components/page-title';
import { readFormValues } from '../forms/form-values';
import { useSubmit } from '../forms/use-submit';
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
  const { submit, isPending, error, fieldErrors } = useSubmit(action);

  if (user && !isPending) return <Navigate to="/" replace />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(readFormValues(event.currentTarget, FIELDS));
  }

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
          <FormField
            name="email"
            type="email"
            label={t('fields.email')}
            autoComplete="email"
            inputMode="email"
            required
            errors={fieldErrors.email}
          />
          <FormField
            name="email_confirmation"
            type="email"
            label={t('fields.email_confirmation')}
            autoComplete="email"
            inputMode="email"
            required
            errors={fieldErrors.email_confirmation}
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
          <button type="submit" className="button button--block" disabled={isPending}>
            {isPending ? t('common.please_wait') : t('auth.sign_up_page.submit')}
          </button>
        </form>
        <p className="auth-card__switch">
          {t('auth.sign_up_page.has_account')}{' '}
          <Link to="/sign-in">{t('auth.sign_up_page.sign_in_link')}</Link>
        </p>
      </section>
    </div>
  );
}

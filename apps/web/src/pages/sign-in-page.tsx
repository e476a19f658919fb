import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { signIn, signInFromApp, type TSignInPayload } from '../api/auth-api';
import { resetAfterSessionChange, useCurrentUser } from '../api/session';
import { FacebookButton } from '../components/facebook-button';
import { FormAlert } from '../components/form-alert';
import { FormField } from '../components/form-field';
import { PageTitle } from '../components/page-title';
import { EmailField, SubmitButton } from '../forms/auth-fields';
import { useFormSubmit } from '../forms/use-form-submit';
import { useT } from '../i18n/use-t';
import { isStandalone } from '../pwa/platform';
import { safeNextPath } from './safe-next-path';

const FIELDS = ['email', 'password'] as const;

export function SignInPage() {
  const t = useT();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  // Errors a redirect brings back (the Facebook sign-in): only known ones are shown.
  const errorParam = params.get('error');
  const redirectError =
    errorParam === 'facebook_failed' || errorParam === 'account_blocked' ? errorParam : null;

  const action = useCallback(
    async (payload: TSignInPayload) => {
      const { checkSignIn } = await import('../forms/auth-input-checks');
      // From the installed app: the app's sign-in, which records last_login_mobile (issue 16).
      await (isStandalone() ? signInFromApp : signIn)(checkSignIn(payload, t));
      await resetAfterSessionChange(queryClient);
      void navigate(next, { replace: true });
    },
    [queryClient, navigate, next, t],
  );
  const { onSubmit, isPending, error, fieldErrors } = useFormSubmit(FIELDS, action);

  if (user && !isPending) return <Navigate to={next} replace />;

  return (
    <div className="auth-page container">
      <PageTitle title={t('auth.sign_in')} />
      <section className="card auth-card" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title" className="auth-card__title">
          {t('auth.sign_in_page.title')}
        </h1>
        <p className="auth-card__lead">{t('auth.sign_in_page.lead')}</p>
        {redirectError && !error && (
          <div className="alert alert--error" role="alert">
            <p>{t(`errors.${redirectError}`)}</p>
          </div>
        )}
        <FormAlert error={error} shownFields={FIELDS} />
        <FacebookButton />
        {/* POST: a submit before the page has hydrated must not put the password in the URL. */}
        <form className="form" method="post" onSubmit={onSubmit}>
          <EmailField label={t('fields.email')} errors={fieldErrors.email} />
          <FormField
            name="password"
            type="password"
            label={t('fields.password')}
            autoComplete="current-password"
            required
            errors={fieldErrors.password}
          />
          <SubmitButton label={t('auth.sign_in_page.submit')} isPending={isPending} block />
        </form>
        <p className="auth-card__switch">
          <Link to="/forgot-password">{t('auth.sign_in_page.forgot_password')}</Link>
        </p>
        <p className="auth-card__switch">
          {t('auth.sign_in_page.no_account')}{' '}
          <Link to="/sign-up">{t('auth.sign_in_page.sign_up_link')}</Link>
        </p>
      </section>
    </div>
  );
}

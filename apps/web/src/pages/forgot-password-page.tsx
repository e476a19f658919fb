import { ZForgotPasswordInput } from '@printomat/shared';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { requestPasswordReset, type TForgotPasswordPayload } from '../api/auth-api';
import { FormAlert, SuccessNotice } from '../components/form-alert';
import { PageTitle } from '../components/page-title';
import { checkInput } from '../forms/check-input';
import { EmailField, SubmitButton } from '../forms/auth-fields';
import { useFormSubmit } from '../forms/use-form-submit';
import { useT } from '../i18n/use-t';

const FIELDS = ['email'] as const;

/**
 * Asks for a reset link. The server answers the same whether the address has an account or not,
 * so the page says "if it belongs to an account" and never more.
 */
export function ForgotPasswordPage() {
  const t = useT();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const action = useCallback(
    async (payload: TForgotPasswordPayload) => {
      setSentTo(null);
      await requestPasswordReset(checkInput(ZForgotPasswordInput, payload, t));
      setSentTo(payload.email.trim());
    },
    [t],
  );
  const { onSubmit, isPending, error, fieldErrors } = useFormSubmit(FIELDS, action);

  return (
    <div className="auth-page container">
      <PageTitle title={t('auth.forgot_password_page.title')} />
      <section className="card auth-card" aria-labelledby="forgot-password-title">
        <h1 id="forgot-password-title" className="auth-card__title">
          {t('auth.forgot_password_page.title')}
        </h1>
        <p className="auth-card__lead">{t('auth.forgot_password_page.lead')}</p>
        {sentTo !== null && (
          <SuccessNotice>{t('auth.forgot_password_page.sent', { email: sentTo })}</SuccessNotice>
        )}
        <FormAlert error={error} shownFields={FIELDS} />
        {/* POST: a submit before the page has hydrated must not put the address in the URL. */}
        <form className="form" method="post" onSubmit={onSubmit}>
          <EmailField label={t('fields.email')} errors={fieldErrors.email} />
          <SubmitButton label={t('auth.forgot_password_page.submit')} isPending={isPending} block />
        </form>
        <p className="auth-card__switch">
          <Link to="/sign-in">{t('auth.forgot_password_page.back')}</Link>
        </p>
      </section>
    </div>
  );
}

import { ZResetPasswordInput } from '@printomat/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { checkPasswordReset, resetPassword } from '../api/auth-api';
import { ApiError } from '../api/client';
import { resetAfterSessionChange } from '../api/session';
import { FormAlert, SuccessNotice } from '../components/form-alert';
import { PageTitle } from '../components/page-title';
import { checkInput } from '../forms/check-input';
import { NewPasswordFields, SubmitButton } from '../forms/auth-fields';
import { useFormSubmit } from '../forms/use-form-submit';
import { useT } from '../i18n/use-t';

const FIELDS = ['password', 'password_confirmation'] as const;

type TState =
  | { status: 'checking' }
  | { status: 'ready'; email: string }
  /** The link does not work (unknown, used, expired): the server's message, or a generic one. */
  | { status: 'refused'; message: string | null }
  | { status: 'done' };

/** A refusal of the link itself (not of the password typed), which no retry on this page fixes. */
const isLinkRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code.startsWith('reset_link_');

/**
 * The page a reset link opens: asks the server whether the link still works (so a used or
 * expired link says so before anyone types a password), then takes the new password. On success
 * the server has ended every other session and signed this browser in.
 */
export function ResetPasswordPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<TState>(
    token ? { status: 'checking' } : { status: 'refused', message: null },
  );

  useEffect(() => {
    if (!token) return;
    let current = true;
    checkPasswordReset(token).then(
      ({ email }) => {
        if (current) setState({ status: 'ready', email });
      },
      (error: unknown) => {
        if (!current) return;
        setState({
          status: 'refused',
          message: error instanceof ApiError && error.message ? error.message : null,
        });
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  const action = useCallback(
    async (values: Record<(typeof FIELDS)[number], string>) => {
      try {
        await resetPassword(checkInput(ZResetPasswordInput, { ...values, token }, t));
      } catch (error) {
        if (!isLinkRefusal(error)) throw error;
        setState({ status: 'refused', message: error.message || null });
        return;
      }
      await resetAfterSessionChange(queryClient);
      setState({ status: 'done' });
    },
    [queryClient, token, t],
  );
  const { onSubmit, isPending, error, fieldErrors } = useFormSubmit(FIELDS, action);

  return (
    <div className="auth-page container">
      <PageTitle title={t('auth.reset_password_page.title')} />
      <section className="card auth-card" aria-labelledby="reset-password-title">
        <h1 id="reset-password-title" className="auth-card__title">
          {t('auth.reset_password_page.title')}
        </h1>
        {state.status === 'checking' && (
          <p className="page-loading" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('auth.reset_password_page.checking')}
          </p>
        )}
        {state.status === 'refused' && (
          <>
            <div className="alert alert--error" role="alert">
              <p>{state.message ?? t('errors.reset_link_invalid')}</p>
            </div>
            <Link to="/forgot-password" className="button">
              {t('auth.reset_password_page.ask_again')}
            </Link>
          </>
        )}
        {state.status === 'done' && (
          <>
            <SuccessNotice>{t('auth.reset_password_page.done')}</SuccessNotice>
            <Link to="/print" className="button">
              {t('auth.reset_password_page.continue')}
            </Link>
          </>
        )}
        {state.status === 'ready' && (
          <>
            <p className="auth-card__lead">
              {t('auth.reset_password_page.lead', { email: state.email })}
            </p>
            <FormAlert error={error} shownFields={FIELDS} />
            {/* POST: a submit before the page has hydrated must not put the password in the URL. */}
            <form className="form" method="post" onSubmit={onSubmit}>
              {/* For password managers: the account the new password belongs to. */}
              <input
                type="email"
                name="username"
                autoComplete="username"
                value={state.email}
                readOnly
                hidden
              />
              <NewPasswordFields fieldErrors={fieldErrors} />
              <SubmitButton
                label={t('auth.reset_password_page.submit')}
                isPending={isPending}
                block
              />
            </form>
          </>
        )}
      </section>
    </div>
  );
}

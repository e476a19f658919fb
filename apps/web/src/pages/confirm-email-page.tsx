import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { confirmEmail } from '../api/auth-api';
import { ApiError } from '../api/client';
import { refreshSession } from '../api/session';
import { PageTitle } from '../components/page-title';
import { useT } from '../i18n/use-t';

type TState =
  | { status: 'pending' }
  | { status: 'confirmed' }
  | { status: 'failed'; message: string | null }
  | { status: 'missing_token' };

export function ConfirmEmailPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<TState>(
    token ? { status: 'pending' } : { status: 'missing_token' },
  );
  // A token is single-use: StrictMode's second effect run (and any re-render) must not post it again.
  const postedToken = useRef<string | null>(null);

  useEffect(() => {
    if (!token || postedToken.current === token) return;
    postedToken.current = token;
    confirmEmail(token).then(
      () => {
        setState({ status: 'confirmed' });
        void refreshSession(queryClient);
      },
      (error: unknown) => {
        setState({
          status: 'failed',
          message: error instanceof ApiError && error.message ? error.message : null,
        });
      },
    );
  }, [token, queryClient]);

  return (
    <div className="auth-page container">
      <PageTitle title={t('auth.confirm.title')} />
      <section className="card auth-card auth-card--center" aria-labelledby="confirm-title">
        <h1 id="confirm-title" className="auth-card__title">
          {t('auth.confirm.title')}
        </h1>
        {state.status === 'pending' && (
          <p className="page-loading" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('auth.confirm.pending')}
          </p>
        )}
        {state.status === 'confirmed' && (
          <div className="alert alert--success" role="status">
            <p>{t('auth.confirm.success')}</p>
          </div>
        )}
        {state.status === 'failed' && (
          <div className="alert alert--error" role="alert">
            <p>{state.message ?? t('common.errors.generic')}</p>
          </div>
        )}
        {state.status === 'missing_token' && (
          <div className="alert alert--error" role="alert">
            <p>{t('errors.confirmation_link_invalid')}</p>
          </div>
        )}
        {state.status !== 'pending' && (
          <Link to="/" className="button">
            {t('auth.confirm.home')}
          </Link>
        )}
      </section>
    </div>
  );
}

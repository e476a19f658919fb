import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import {
  ZBusinessDetailsInput,
  ZBusinessSignUpInput,
  type TBusinessCountry,
  type TMe,
} from '@printomat/shared';
import { refreshSession, resetAfterSessionChange, useCurrentUser } from '../api/session';
import { FormAlert } from '../components/form-alert';
import { PageTitle } from '../components/page-title';
import { EmailField, NewPasswordFields, SubmitButton } from '../forms/auth-fields';
import { checkInput } from '../forms/check-input';
import { useFormSubmit } from '../forms/use-form-submit';
import { useLocale, useT } from '../i18n/use-t';
import {
  BUSINESS_PROFILE_QUERY_KEY,
  convertToBusiness,
  signUpBusiness,
  type TBusinessDetailsPayload,
} from './business-api';
import { COMPANY_FIELDS, CompanyFields } from './company-form';
import './business.css';

export const BUSINESS_ACCOUNT_PATH = '/business/account';
const BUSINESS_SIGN_UP_PATH = '/business/sign-up';

const SIGN_UP_FIELDS = [
  'email',
  'email_confirmation',
  'password',
  'password_confirmation',
  ...COMPANY_FIELDS,
] as const;

/**
 * `/business/sign-up`: a new account with its company at once (from the business landing page).
 * A signed-in personal account is offered to become a business one instead; a business account
 * goes to its page.
 */
export function BusinessSignUpPage() {
  const t = useT();
  const user = useCurrentUser();
  return (
    <div className="auth-page business-sign-up container">
      <PageTitle title={t('business_account.sign_up.title')} />
      {user === null ? <SignUpCard /> : <SignedInCard user={user} />}
    </div>
  );
}

function SignedInCard({ user }: { user: TMe }) {
  const t = useT();
  if (user.role === 'business') return <Navigate to={BUSINESS_ACCOUNT_PATH} replace />;
  if (user.role !== 'user')
    return (
      <section className="card auth-card">
        <h1 className="auth-card__title">{t('business_account.sign_up.title')}</h1>
        <p className="card__text" data-testid="business-admin-note">
          {t('business_account.sign_up.admin')}
        </p>
      </section>
    );
  return <ConvertCard user={user} />;
}

function SignUpCard() {
  const t = useT();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const action = useCallback(
    async (values: Record<(typeof SIGN_UP_FIELDS)[number], string>) => {
      const payload = { ...values, country: values.country as TBusinessCountry, locale };
      await signUpBusiness(checkInput(ZBusinessSignUpInput, payload, t));
      await resetAfterSessionChange(queryClient);
      void navigate(BUSINESS_ACCOUNT_PATH, { replace: true });
    },
    [locale, queryClient, navigate, t],
  );
  const { onSubmit, isPending, error, fieldErrors } = useFormSubmit(SIGN_UP_FIELDS, action);

  return (
    <section className="card auth-card business-card" aria-labelledby="business-sign-up-title">
      <h1 id="business-sign-up-title" className="auth-card__title">
        {t('business_account.sign_up.title')}
      </h1>
      <p className="auth-card__lead">{t('business_account.sign_up.lead')}</p>
      <FormAlert error={error} shownFields={SIGN_UP_FIELDS} />
      {fieldErrors.email?.includes(t('errors.taken')) && (
        <p className="alert business-notice" data-testid="business-sign-up-taken">
          {t('business_account.sign_up.taken_hint')}{' '}
          <Link to={`/sign-in?next=${BUSINESS_SIGN_UP_PATH}`}>
            {t('business_account.sign_up.taken_link')}
          </Link>
        </p>
      )}
      {/* POST: a submit before the page has hydrated must not put the password in the URL. */}
      <form
        className="form"
        method="post"
        onSubmit={onSubmit}
        noValidate
        data-testid="business-sign-up-form"
      >
        <fieldset className="business-form__group">
          <legend>{t('business_account.sign_up.account')}</legend>
          <EmailField label={t('fields.email')} errors={fieldErrors.email} />
          <EmailField
            name="email_confirmation"
            label={t('fields.email_confirmation')}
            errors={fieldErrors.email_confirmation}
          />
          <NewPasswordFields fieldErrors={fieldErrors} />
        </fieldset>
        <fieldset className="business-form__group">
          <legend>{t('business_account.sign_up.company')}</legend>
          <CompanyFields fieldErrors={fieldErrors} />
        </fieldset>
        <SubmitButton label={t('business_account.sign_up.submit')} isPending={isPending} block />
      </form>
      <p className="auth-card__switch">
        {t('business_account.sign_up.has_account')}{' '}
        <Link to={`/sign-in?next=${BUSINESS_ACCOUNT_PATH}`}>
          {t('business_account.sign_up.sign_in_link')}
        </Link>
      </p>
    </section>
  );
}

/** A personal account becomes a business one (`POST /api/business/convert`). */
export function ConvertCard({ user }: { user: TMe }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const action = useCallback(
    async (values: Record<(typeof COMPANY_FIELDS)[number], string>) => {
      const payload = { ...values, country: values.country as TBusinessCountry };
      const profile = await convertToBusiness(
        checkInput<TBusinessDetailsPayload>(ZBusinessDetailsInput, payload, t),
      );
      queryClient.setQueryData(BUSINESS_PROFILE_QUERY_KEY, profile);
      // The role (and the trial pages) changed: the header and the pages read them anew.
      await refreshSession(queryClient);
      void navigate(BUSINESS_ACCOUNT_PATH, { replace: true });
    },
    [queryClient, navigate, t],
  );
  const { onSubmit, isPending, error, fieldErrors } = useFormSubmit(COMPANY_FIELDS, action);

  return (
    <section className="card auth-card business-card" aria-labelledby="business-convert-title">
      <h1 id="business-convert-title" className="auth-card__title">
        {t('business_account.convert.title')}
      </h1>
      <p className="auth-card__lead">{t('business_account.convert.lead', { email: user.email })}</p>
      <FormAlert error={error} shownFields={COMPANY_FIELDS} />
      <form
        className="form"
        method="post"
        onSubmit={onSubmit}
        noValidate
        data-testid="business-convert-form"
      >
        <CompanyFields fieldErrors={fieldErrors} />
        <SubmitButton label={t('business_account.convert.submit')} isPending={isPending} block />
      </form>
    </section>
  );
}

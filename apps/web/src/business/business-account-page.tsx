import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import {
  formatDate,
  ZBusinessDetailsInput,
  type TBusinessCountry,
  type TBusinessProfile,
} from '@printomat/shared';
import { resendConfirmation } from '../api/auth-api';
import { useCurrentUser } from '../api/session';
import { FormAlert, SuccessNotice } from '../components/form-alert';
import { PageTitle } from '../components/page-title';
import { SubmitButton } from '../forms/auth-fields';
import { checkInput } from '../forms/check-input';
import { useFormSubmit } from '../forms/use-form-submit';
import { useSubmit } from '../forms/use-submit';
import { useLocale, useT } from '../i18n/use-t';
import { usePageScroll } from '../pages/public/public-layout';
import {
  BUSINESS_PROFILE_QUERY_KEY,
  updateBusinessProfile,
  useBusinessProfile,
} from './business-api';
import { BusinessPackages } from './business-packages';
import { ConvertCard } from './business-sign-up-page';
import { COMPANY_FIELDS, CompanyFields } from './company-form';
import { InvoicesTable } from './invoices-table';
import { PurchasesTable } from './purchases-table';
import './business.css';

/**
 * `/business/account`: the company's page (spec 6: own page and invoices). A personal account
 * is offered to become a business one; an administrator is pointed to the administration.
 */
export function BusinessAccountPage() {
  const t = useT();
  usePageScroll();
  const user = useCurrentUser();
  if (!user) return null; // RequireAuth redirects guests before this renders.
  if (user.role === 'user')
    return (
      <div className="auth-page business-sign-up container">
        <PageTitle title={t('business_account.convert.title')} />
        <ConvertCard user={user} />
      </div>
    );
  return (
    <div className="business-account container" data-testid="business-account">
      <PageTitle title={t('business_account.page.title')} />
      <h1 className="page-title">{t('business_account.page.title')}</h1>
      {user.role === 'business' ? (
        <BusinessSections />
      ) : (
        <section className="card">
          <p className="card__text" data-testid="business-admin-note">
            {t('business_account.page.admin_note')}
          </p>
          {user.role === 'admin' && (
            <Link to="/admin/invoices">{t('business_account.page.admin_link')}</Link>
          )}
        </section>
      )}
    </div>
  );
}

function BusinessSections() {
  const t = useT();
  const profile = useBusinessProfile();
  return (
    <div className="business-account__grid">
      {profile.isError && (
        <p className="alert alert--error" role="alert">
          {t('common.errors.generic')}
        </p>
      )}
      {profile.isPending && <p className="card__text">{t('business_account.page.loading')}</p>}
      {profile.data && (
        <>
          <CompanyCard profile={profile.data} />
          <TrialCard profile={profile.data} />
        </>
      )}
      <BusinessPackages />
      <PurchasesTable />
      <InvoicesTable />
    </div>
  );
}

function CompanyCard({ profile }: { profile: TBusinessProfile }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <section
      className="card business-section"
      aria-labelledby="business-company-title"
      data-testid="business-company"
    >
      <div className="business-section__head">
        <h2 id="business-company-title" className="card__title">
          {t('business_account.profile.title')}
        </h2>
        {!editing && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
            data-testid="business-company-edit"
          >
            {t('business_account.profile.edit')}
          </button>
        )}
      </div>
      {saved && <SuccessNotice>{t('business_account.profile.saved')}</SuccessNotice>}
      {editing ? (
        <CompanyEditForm
          profile={profile}
          onDone={(didSave) => {
            setSaved(didSave);
            setEditing(false);
          }}
        />
      ) : (
        <CompanyDetails profile={profile} />
      )}
    </section>
  );
}

function CompanyDetails({ profile }: { profile: TBusinessProfile }) {
  const t = useT();
  const { locale } = useLocale();
  const country = new Intl.DisplayNames([locale], { type: 'region' }).of(profile.country);
  return (
    <dl className="details">
      <div className="details__row">
        <dt>{t('business_account.fields.business_name')}</dt>
        <dd data-testid="business-company-name">{profile.business_name}</dd>
      </div>
      <div className="details__row">
        <dt>{t('business_account.fields.address')}</dt>
        <dd>
          {profile.address}
          <span className="details__sub">
            {profile.postcode} {profile.city}, {country ?? profile.country}
          </span>
        </dd>
      </div>
      <div className="details__row">
        <dt>{t('business_account.fields.nip_number')}</dt>
        <dd data-testid="business-company-nip">{profile.nip_number}</dd>
      </div>
    </dl>
  );
}

function CompanyEditForm({
  profile,
  onDone,
}: {
  profile: TBusinessProfile;
  onDone: (saved: boolean) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const action = useCallback(
    async (values: Record<(typeof COMPANY_FIELDS)[number], string>) => {
      const payload = { ...values, country: values.country as TBusinessCountry };
      const updated = await updateBusinessProfile(checkInput(ZBusinessDetailsInput, payload, t));
      queryClient.setQueryData(BUSINESS_PROFILE_QUERY_KEY, updated);
      onDone(true);
    },
    [queryClient, onDone, t],
  );
  const { onSubmit, isPending, error, fieldErrors } = useFormSubmit(COMPANY_FIELDS, action);
  return (
    <form
      className="form"
      method="post"
      onSubmit={onSubmit}
      noValidate
      data-testid="business-company-form"
    >
      <FormAlert error={error} shownFields={COMPANY_FIELDS} />
      <CompanyFields fieldErrors={fieldErrors} initial={profile} />
      <p className="field__hint">{t('business_account.profile.nip_note')}</p>
      <div className="business-form__actions">
        <SubmitButton label={t('business_account.profile.save')} isPending={isPending} />
        <button type="button" className="button button--secondary" onClick={() => onDone(false)}>
          {t('business_account.profile.cancel')}
        </button>
      </div>
    </form>
  );
}

function TrialCard({ profile }: { profile: TBusinessProfile }) {
  const t = useT();
  const { locale } = useLocale();
  const { trial, trial_status: status } = profile;
  // No trial in this shop, or none for this account for another reason: nothing to say.
  if (status === 'none' || (status === 'granted' && trial === null)) return null;
  return (
    <section
      className="card business-section"
      aria-labelledby="business-trial-title"
      data-testid="business-trial"
      data-status={status}
    >
      <h2 id="business-trial-title" className="card__title">
        {t('business_account.trial.title')}
      </h2>
      {status === 'granted' && trial && (
        <p className="card__text" data-testid="business-trial-text">
          {trial.expires_at
            ? t('business_account.trial.pages', {
                count: trial.pages,
                date: formatDate(locale, trial.expires_at),
              })
            : t('business_account.trial.pages_no_date', { count: trial.pages })}
        </p>
      )}
      {status === 'tax_number_used' && (
        <p className="card__text" data-testid="business-trial-text">
          {t('business_account.trial.tax_number_used')}
        </p>
      )}
      {status === 'awaiting_confirmation' && <AwaitingConfirmation />}
    </section>
  );
}

/** The test pages wait for the e-mail confirmation: the link can be sent again from here. */
function AwaitingConfirmation() {
  const t = useT();
  const [isSent, setSent] = useState(false);
  const action = useCallback(async () => {
    setSent(false);
    await resendConfirmation();
    setSent(true);
  }, []);
  const { submit, isPending, error } = useSubmit(action);
  return (
    <>
      <p className="card__text" data-testid="business-trial-text">
        {t('business_account.trial.awaiting')}
      </p>
      {isSent ? (
        <p className="card__text" role="status" data-testid="business-trial-resent">
          {t('business_account.trial.resent')}
        </p>
      ) : (
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={isPending}
          onClick={() => void submit()}
          data-testid="business-trial-resend"
        >
          {isPending ? t('common.please_wait') : t('business_account.trial.resend')}
        </button>
      )}
      <FormAlert error={error} />
    </>
  );
}

import { useCallback } from 'react';
import type { TMe } from '@printomat/shared';
import { SIGN_OUT_PATH } from '../api/auth-api';
import { submitWithMethod } from '../api/method-request';
import { useCurrentUser } from '../api/session';
import { useAfterSignOut } from '../api/use-after-sign-out';
import { FormAlert } from '../components/form-alert';
import { LanguageSwitcher } from '../components/language-switcher';
import { PageTitle } from '../components/page-title';
import { useSubmit } from '../forms/use-submit';
import { useT } from '../i18n/use-t';
import { useModal } from '../modal/modal-context';
import { ChangePasswordForm } from './change-password-form';
import { PhoneCard } from '../free-pages/phone-card';
import { PurchaseHistory } from '../payments/purchase-history';
import { DeleteAccountCard, DownloadDataCard } from '../account/account-data-cards';
import { PrintHistory } from '../account/print-history';
import { PinCard } from '../account/pin-card';
import { SavedCards } from '../account/saved-cards';
import { ScansCard } from '../account/scans-card';

export function AccountPage() {
  const t = useT();
  const user = useCurrentUser();
  if (!user) return null; // RequireAuth redirects guests before this renders.
  return (
    <div className="account container">
      <PageTitle title={t('account.title')} />
      <h1 className="page-title">{t('account.title')}</h1>
      <div className="account__grid">
        <AccountDetails user={user} />
        <section className="card">
          {user.has_password ? (
            <ChangePasswordForm />
          ) : (
            <>
              <h2 className="card__title">{t('account.password.title')}</h2>
              <p className="card__text">{t('account.password.facebook_only')}</p>
            </>
          )}
        </section>
        <PhoneCard />
        <PinCard />
        <PrintHistory />
        <ScansCard />
        <PurchaseHistory />
        <SavedCards />
        <LanguageCard />
        <SignOutCard />
        <DownloadDataCard />
        <DeleteAccountCard user={user} />
      </div>
    </div>
  );
}

function AccountDetails({ user }: { user: TMe }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="account-details-title">
      <h2 id="account-details-title" className="card__title">
        {t('account.details.title')}
      </h2>
      <dl className="details">
        <div className="details__row">
          <dt>{t('fields.email')}</dt>
          <dd>{user.email}</dd>
        </div>
        <div className="details__row">
          <dt>{t('account.details.role')}</dt>
          <dd>{t(`account.roles.${user.role}`)}</dd>
        </div>
        <div className="details__row">
          <dt>{t('account.details.remaining')}</dt>
          <dd>
            {t('account.pages', { count: user.remaining_page_limit })}
            <span className="details__sub">
              {t('account.color_pages', { count: user.remaining_color_pages })}
            </span>
          </dd>
        </div>
        <div className="details__row">
          <dt>{t('account.details.email_status')}</dt>
          <dd>
            {user.email_confirmed
              ? t('account.details.confirmed')
              : t('account.details.not_confirmed')}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function LanguageCard() {
  const t = useT();
  const { openModal } = useModal();
  return (
    <section className="card" aria-labelledby="account-language-title">
      <h2 id="account-language-title" className="card__title">
        {t('account.language.title')}
      </h2>
      <p className="card__text">{t('account.language.text')}</p>
      <LanguageSwitcher className="language-switcher--stacked" />
      <button
        type="button"
        className="button button--link"
        onClick={() => openModal('users/language')}
      >
        {t('account.language.more')}
      </button>
    </section>
  );
}

function SignOutCard() {
  const t = useT();
  const afterSignOut = useAfterSignOut();
  const action = useCallback(async () => {
    await submitWithMethod(SIGN_OUT_PATH, 'post');
    await afterSignOut();
  }, [afterSignOut]);
  const { submit, isPending, error } = useSubmit(action);

  return (
    <section className="card" aria-labelledby="account-sign-out-title">
      <h2 id="account-sign-out-title" className="card__title">
        {t('auth.sign_out')}
      </h2>
      <p className="card__text">{t('account.sign_out_text')}</p>
      <FormAlert error={error} />
      <button
        type="button"
        className="button button--secondary"
        disabled={isPending}
        onClick={() => void submit()}
      >
        {t('auth.sign_out')}
      </button>
    </section>
  );
}

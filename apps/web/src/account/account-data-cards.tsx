import { useCallback, useState, type FormEvent } from 'react';
import type { TMe } from '@printomat/shared';
import { useAfterSignOut } from '../api/use-after-sign-out';
import { FormAlert } from '../components/form-alert';
import { FormField } from '../components/form-field';
import { useSubmit } from '../forms/use-submit';
import { useT } from '../i18n/use-t';
import { ACCOUNT_EXPORT_PATH, deleteAccount } from './account-data-api';

/** "Download my data": the server answers a JSON file the browser saves. */
export function DownloadDataCard() {
  const t = useT();
  return (
    <section className="card" aria-labelledby="download-data-title">
      <h2 id="download-data-title" className="card__title">
        {t('account_data.download.title')}
      </h2>
      <p className="card__text">{t('account_data.download.text')}</p>
      <a className="button button--secondary" href={ACCOUNT_EXPORT_PATH} download>
        {t('account_data.download.button')}
      </a>
    </section>
  );
}

/**
 * Deleting the account: a first click opens the confirmation, which asks for the password (or,
 * for an account without one, the e-mail address typed out); then the person is signed out.
 */
export function DeleteAccountCard({ user }: { user: TMe }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const afterSignOut = useAfterSignOut();
  const action = useCallback(
    async (confirmation: string) => {
      await deleteAccount(confirmation);
      await afterSignOut();
    },
    [afterSignOut],
  );
  const { submit, isPending, error, fieldErrors } = useSubmit(action);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('confirmation');
    void submit(typeof value === 'string' ? value : '');
  }

  return (
    <section className="card" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="card__title">
        {t('account_data.delete.title')}
      </h2>
      <p className="card__text">{t('account_data.delete.text')}</p>
      {!open ? (
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          {t('account_data.delete.start')}
        </button>
      ) : (
        <form className="form" onSubmit={onSubmit}>
          <FormAlert error={error} shownFields={['confirmation']} />
          <FormField
            name="confirmation"
            type={user.has_password ? 'password' : 'email'}
            label={
              user.has_password
                ? t('account_data.delete.password')
                : t('account_data.delete.email', { email: user.email })
            }
            autoComplete={user.has_password ? 'current-password' : 'off'}
            required
            errors={fieldErrors.confirmation}
          />
          <button type="submit" className="button" disabled={isPending}>
            {isPending ? t('common.please_wait') : t('account_data.delete.confirm')}
          </button>{' '}
          <button type="button" className="button button--link" onClick={() => setOpen(false)}>
            {t('account_data.delete.cancel')}
          </button>
        </form>
      )}
    </section>
  );
}

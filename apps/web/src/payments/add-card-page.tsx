import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ADD_CARD_BONUS_DAYS, ADD_CARD_BONUS_PAGES, formatDateTime } from '@printomat/shared';
import { ApiError } from '../api/client';
import { FormAlert } from '../components/form-alert';
import { PageTitle } from '../components/page-title';
import { useSubmit } from '../forms/use-submit';
import { useLocale, useT } from '../i18n/use-t';
import { useModal } from '../modal/modal-context';
import { goToProvider, startCardSetup, useCardSetup } from './payments-api';

/**
 * `/cards/add`: adding a card on the provider's hosted form earns the add-card bonus
 * (12 pages for 7 days, once per person and per card). The provider sends the person back
 * here with `?setup=<reference>`, and the result is read (never decided) here.
 */
export function AddCardPage() {
  const t = useT();
  const [params] = useSearchParams();
  const reference = params.get('setup');
  return (
    <div className="container payment-page" data-testid="add-card-page">
      <PageTitle title={t('payments.cards.title')} />
      <section className="card" aria-labelledby="add-card-title">
        <h1 id="add-card-title" className="card__title">
          {t('payments.cards.title')}
        </h1>
        {reference ? <CardResult reference={reference} /> : <StartCard />}
      </section>
    </div>
  );
}

function StartCard() {
  const t = useT();
  const { openModal } = useModal();
  const action = useCallback(async () => {
    try {
      goToProvider((await startCardSetup()).redirect_url);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'email_required')
        openModal('payments/email_required');
      throw error;
    }
  }, [openModal]);
  const { submit, isPending, error } = useSubmit(action);
  return (
    <>
      <p className="card__text">
        {t('payments.cards.lead', { pages: ADD_CARD_BONUS_PAGES, days: ADD_CARD_BONUS_DAYS })}
      </p>
      <FormAlert error={error?.code === 'email_required' ? null : error} />
      <button
        type="button"
        className="button"
        disabled={isPending}
        onClick={() => void submit()}
        data-testid="add-card"
      >
        {t('payments.cards.add')}
      </button>
    </>
  );
}

function CardResult({ reference }: { reference: string }) {
  const t = useT();
  const { locale } = useLocale();
  const setup = useCardSetup(reference);
  if (setup.isError)
    return (
      <p className="alert alert--error" role="alert" data-testid="card-result" data-status="error">
        {t('payments.cards.failure')}
      </p>
    );
  const data = setup.data;
  if (!data || data.status === 'pending')
    return (
      <p className="card__text" data-testid="card-result" data-status="pending" aria-live="polite">
        {t('payments.cards.pending')}
      </p>
    );
  if (data.status === 'failed')
    return (
      <div data-testid="card-result" data-status="failed">
        <p className="alert alert--error" role="alert">
          {t('payments.cards.failure')}
        </p>
        <Link to="/cards/add" className="button">
          {t('payments.cards.add')}
        </Link>
      </div>
    );
  return (
    <div data-testid="card-result" data-status="added" aria-live="polite">
      <p className="alert alert--success" role="status">
        {t('payments.cards.success')}
        {data.card && <> {t('payments.cards.card_label', data.card)}</>}
      </p>
      {data.bonus_pages > 0 && data.bonus_expires_at ? (
        <p className="card__text" data-testid="card-bonus">
          {t('payments.cards.bonus', {
            count: data.bonus_pages,
            date: formatDateTime(locale, data.bonus_expires_at),
          })}
        </p>
      ) : (
        <p className="card__text" data-testid="card-no-bonus">
          {t('payments.cards.no_bonus')}
        </p>
      )}
      <div className="payment-status__actions">
        <Link to="/print" className="button">
          {t('payments.status.print_now')}
        </Link>{' '}
        <Link to="/cards/add" className="button button--secondary">
          {t('payments.cards.again')}
        </Link>
      </div>
    </div>
  );
}

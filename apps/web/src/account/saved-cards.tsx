import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatDate, type TSavedCard } from '@printomat/shared';
import { FormAlert, SuccessNotice } from '../components/form-alert';
import { useSubmit } from '../forms/use-submit';
import { useLocale, useT } from '../i18n/use-t';
import { SAVED_CARDS_QUERY_KEY, removeSavedCard, useSavedCards } from './account-data-api';

/** The account page's saved cards, each removable. */
export function SavedCards() {
  const t = useT();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const cards = useSavedCards();
  const [removed, setRemoved] = useState(false);
  const action = useCallback(
    async (card: TSavedCard) => {
      setRemoved(false);
      await removeSavedCard(card.id);
      setRemoved(true);
      await queryClient.invalidateQueries({ queryKey: SAVED_CARDS_QUERY_KEY });
    },
    [queryClient],
  );
  const { submit, isPending, error } = useSubmit(action);
  const list = cards.data?.cards ?? [];
  return (
    <section className="card" aria-labelledby="saved-cards-title" data-testid="saved-cards">
      <h2 id="saved-cards-title" className="card__title">
        {t('account_data.cards.title')}
      </h2>
      {removed && <SuccessNotice>{t('account_data.cards.removed')}</SuccessNotice>}
      <FormAlert error={error} />
      {cards.isError && <p className="card__text">{t('common.errors.generic')}</p>}
      {cards.isSuccess && list.length === 0 && (
        <p className="card__text">{t('account_data.cards.empty')}</p>
      )}
      {list.length > 0 && (
        <ul className="details">
          {list.map((card) => (
            <li key={card.id} className="details__row" data-testid="saved-card">
              <span>
                {t('account_data.cards.card', { brand: card.brand, last4: card.last4 })}
                <span className="details__sub">
                  {t('account_data.cards.added', { date: formatDate(locale, card.added_at) })}
                </span>
              </span>
              <button
                type="button"
                className="button button--link"
                disabled={isPending}
                aria-label={t('account_data.cards.remove_label', {
                  brand: card.brand,
                  last4: card.last4,
                })}
                onClick={() => void submit(card)}
              >
                {t('account_data.cards.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

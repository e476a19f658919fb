import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ADD_CARD_BONUS_DAYS, formatDate, type TFreePages } from '@printomat/shared';
import { useLocale, useT } from '../i18n/use-t';
import { FREE_PAGES_QUERY_KEY, fetchFreePages } from './free-pages-api';
import '../styles/free-pages.css';

/**
 * The signed-in part of `/zdobadz-strony`: the person's referral link with a copy button, the
 * people who signed up with it, and whether the add-a-card bonus was received. Loaded after
 * hydration (guests get the pre-rendered page without it).
 */
export default function FreePagesPanel() {
  const t = useT();
  const query = useQuery({ queryKey: FREE_PAGES_QUERY_KEY, queryFn: fetchFreePages });
  return (
    <section
      className="free-pages card"
      aria-labelledby="free-pages-title"
      data-testid="free-pages-panel"
    >
      <h2 id="free-pages-title" className="card__title">
        {t('free_pages.title')}
      </h2>
      {query.isPending ? (
        <p className="card__text" role="status">
          {t('free_pages.loading')}
        </p>
      ) : query.isError ? (
        <p className="alert alert--error" role="alert">
          {t('free_pages.load_failed')}
        </p>
      ) : (
        <div className="free-pages__grid">
          <ReferralPart data={query.data} />
          <CardBonusPart data={query.data} />
        </div>
      )}
    </section>
  );
}

function ReferralPart({ data }: { data: TFreePages }) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <div className="free-pages__referral" id="referral">
      <h3 className="free-pages__heading">{t('free_pages.referral.title')}</h3>
      <p className="card__text">
        {t('free_pages.referral.text', {
          pages: data.referral_bonus_pages,
          days: data.referral_bonus_days,
        })}
      </p>
      <CopyLink link={data.referral_link} />
      {data.referral_pages_total > 0 && (
        <p className="card__text" data-testid="referral-earned">
          {t('free_pages.referral.earned', { count: data.referral_pages_total })}
        </p>
      )}
      <h3 className="free-pages__heading">{t('free_pages.history.title')}</h3>
      {data.referrals.length === 0 ? (
        <p className="card__text" data-testid="referral-history-empty">
          {t('free_pages.history.empty')}
        </p>
      ) : (
        <table className="free-pages__table" data-testid="referral-history">
          <thead>
            <tr>
              <th scope="col">{t('free_pages.history.person')}</th>
              <th scope="col">{t('free_pages.history.signed_up')}</th>
              <th scope="col">{t('free_pages.history.status')}</th>
            </tr>
          </thead>
          <tbody>
            {data.referrals.map((referral, index) => (
              <tr
                key={`${referral.email}-${referral.signed_up_at}-${index}`}
                data-testid="referral-row"
              >
                <td>{referral.email}</td>
                <td>{formatDate(locale, referral.signed_up_at)}</td>
                <td data-status={referral.status}>
                  {referral.status === 'credited'
                    ? t('free_pages.history.statuses.credited', { count: referral.pages ?? 0 })
                    : t(`free_pages.history.statuses.${referral.status}`)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

type TCopyState = 'idle' | 'copied' | 'failed';

function CopyLink({ link }: { link: string }) {
  const t = useT();
  const [state, setState] = useState<TCopyState>('idle');
  function copy() {
    // The Clipboard API needs a secure context; elsewhere the person copies by hand.
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) {
      setState('failed');
      return;
    }
    clipboard.writeText(link).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  }
  return (
    <div className="free-pages__link">
      <label className="field__label" htmlFor="referral-link">
        {t('free_pages.referral.link_label')}
      </label>
      <div className="free-pages__link-row">
        <input
          id="referral-link"
          className="field__input"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="referral-link"
        />
        <button
          type="button"
          className="button button--secondary"
          onClick={copy}
          data-testid="copy-referral-link"
        >
          {t('free_pages.referral.copy')}
        </button>
      </div>
      <p className="free-pages__copy-note" role="status" aria-live="polite">
        {state === 'copied'
          ? t('free_pages.referral.copied')
          : state === 'failed'
            ? t('free_pages.referral.copy_failed')
            : ''}
      </p>
    </div>
  );
}

function CardBonusPart({ data }: { data: TFreePages }) {
  const t = useT();
  const { locale } = useLocale();
  const bonus = data.card_bonus;
  const [now] = useState(() => Date.now());
  const expiresAt = bonus.expires_at ? new Date(bonus.expires_at) : null;
  return (
    <div className="free-pages__card-bonus" data-testid="card-bonus" data-received={bonus.received}>
      <h3 className="free-pages__heading">{t('free_pages.card.title')}</h3>
      {bonus.received ? (
        <>
          <p className="card__text">
            {t('free_pages.card.received', { count: bonus.pages, remaining: bonus.remaining })}
          </p>
          {expiresAt && (
            <p className="card__text">
              {expiresAt.getTime() > now
                ? t('free_pages.card.expires', { date: formatDate(locale, expiresAt) })
                : t('free_pages.card.expired', { date: formatDate(locale, expiresAt) })}
            </p>
          )}
        </>
      ) : (
        <>
          <p className="card__text">
            {t('free_pages.card.offer', { count: bonus.pages, days: ADD_CARD_BONUS_DAYS })}
          </p>
          <Link to="/cards/add" className="button" data-testid="add-card-link">
            {t('free_pages.card.cta')}
          </Link>
        </>
      )}
    </div>
  );
}

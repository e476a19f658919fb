import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import {
  ADD_CARD_BONUS_DAYS,
  ADD_CARD_BONUS_PAGES,
  PACKAGE_M_PROMO_PERCENT,
} from '@printomat/shared';
import { useCurrentUser } from '../../api/session';
import { withMessages } from '../../i18n/messages-store';
import { useT } from '../../i18n/use-t';
import { Icon } from './icons';
import { PublicPageHead } from './public-page-head';
import { ArrowLink, PublicHero, usePageScroll } from './public-layout';
import '../../styles/public/packages.css';
import '../../styles/public/get-pages.css';

const BONUS = { pages: ADD_CARD_BONUS_PAGES, days: ADD_CARD_BONUS_DAYS };

// The signed-in part (referral link, history, card bonus) is its own chunk: guests, who get this
// page pre-rendered, never load it.
const FreePagesPanel = lazy(
  withMessages(['app'], () => import('../../free-pages/free-pages-panel')),
);

/** `/zdobadz-strony` ("get pages"): invite friends, add a card (12 pages for 7 days), packages. */
export function GetPagesPage() {
  const t = useT();
  const user = useCurrentUser();
  usePageScroll();
  return (
    <div className="public-page" data-testid="get-pages-page">
      <PublicPageHead path="/zdobadz-strony" />
      <PublicHero
        icon="gift"
        eyebrow={t('packages.get.eyebrow')}
        title={t('packages.get.title')}
        lead={t('packages.get.lead')}
      />
      <div className="public-page__body container">
        {user && (
          <Suspense fallback={null}>
            <FreePagesPanel />
          </Suspense>
        )}
        <ul className="way-grid">
          <li className="way-card" data-testid="get-pages-invite">
            <span className="way-card__icon">
              <Icon name="users" size={30} />
            </span>
            <h2 className="way-card__title">{t('packages.get.invite.title')}</h2>
            <p className="way-card__text">{t('packages.get.invite.text')}</p>
            {user ? (
              <ArrowLink to="#referral">{t('free_pages.referral.link_label')}</ArrowLink>
            ) : (
              <ArrowLink to="/recommend">{t('packages.get.invite.cta')}</ArrowLink>
            )}
          </li>
          <li className="way-card way-card--highlight" data-testid="get-pages-card">
            <span className="way-card__icon">
              <Icon name="card" size={30} />
            </span>
            <h2 className="way-card__title">{t('packages.get.card.title', BONUS)}</h2>
            <p className="way-card__text">{t('packages.get.card.text', BONUS)}</p>
            {user ? (
              <Link to="/cards/add" className="button">
                {t('free_pages.card.cta')}
              </Link>
            ) : (
              <Link to="/sign-up" className="button">
                {t('packages.get.card.cta')}
              </Link>
            )}
          </li>
          <li className="way-card" data-testid="get-pages-packages">
            <span className="way-card__icon">
              <Icon name="tag" size={30} />
            </span>
            <h2 className="way-card__title">{t('packages.get.packages.title')}</h2>
            <p className="way-card__text">
              {t('packages.get.packages.text', { percent: PACKAGE_M_PROMO_PERCENT })}
            </p>
            <ArrowLink to="/kup-pakiet">{t('packages.get.packages.cta')}</ArrowLink>
          </li>
        </ul>
        <p className="package-note package-note--center">
          <Icon name="palette" size={18} />
          {t('packages.get.color_note')}
        </p>
      </div>
    </div>
  );
}

import { Link } from 'react-router';
import { useCurrentUser } from '../../api/session';
import { useT } from '../../i18n/use-t';
import { Icon } from './icons';
import { PublicPageHead } from './public-page-head';
import { EMAIL_SLOT, MailtoText, PublicHero, usePageScroll } from './public-layout';
import { SITE_EMAILS, mailto } from './site-contact';

/** `/recommend`: the referral (free pages for inviting friends) and recommending a business. */
export function RecommendPage() {
  const t = useT();
  const user = useCurrentUser();
  usePageScroll();
  const subject = t('content.recommend.business.subject');
  return (
    <div className="public-page" data-testid="recommend-page">
      <PublicPageHead path="/recommend" />
      <PublicHero
        icon="gift"
        eyebrow={t('content.recommend.eyebrow')}
        title={t('content.recommend.title')}
        lead={t('content.recommend.lead')}
      />
      <div className="public-page__body container">
        <section className="card prose-card prose-card--wide" aria-labelledby="recommend-friends">
          <h2 id="recommend-friends" className="prose-card__title">
            <Icon name="gift" size={26} />
            {t('content.recommend.friends.title')}
          </h2>
          <p>{t('content.recommend.friends.text')}</p>
          <ol className="step-row">
            {(['step1', 'step2', 'step3'] as const).map((step, index) => (
              <li key={step} className="step-row__item">
                <span className="step-row__number" aria-hidden="true">
                  {index + 1}
                </span>
                {t(`content.recommend.friends.${step}`)}
              </li>
            ))}
          </ol>
          {user ? (
            <Link to="/account" className="button">
              {t('home.panel.account')}
            </Link>
          ) : (
            <Link to="/sign-up" className="button">
              {t('content.recommend.friends.cta')}
            </Link>
          )}
        </section>
        <div className="split">
          <section className="card prose-card" aria-labelledby="recommend-business">
            <h2 id="recommend-business" className="prose-card__title">
              <Icon name="building" size={26} />
              {t('content.recommend.business.title')}
            </h2>
            <p>
              <MailtoText
                text={t('content.recommend.business.text', { email: EMAIL_SLOT })}
                email={SITE_EMAILS.business}
                subject={subject}
              />
            </p>
            <p className="link-row">
              <a href={mailto(SITE_EMAILS.business, subject)} className="button button--secondary">
                <Icon name="mail" size={18} />
                {t('content.recommend.business.button')}
              </a>
              <Link to="/business" className="arrow-link">
                {t('content.recommend.business.more')}
                <Icon name="arrow" size={18} />
              </Link>
            </p>
          </section>
          <section className="card prose-card" aria-labelledby="recommend-venue">
            <h2 id="recommend-venue" className="prose-card__title">
              <Icon name="pin" size={26} />
              {t('content.recommend.venue.title')}
            </h2>
            <p>{t('content.recommend.venue.text')}</p>
            <Link to="/partner" className="arrow-link">
              {t('content.recommend.venue.link')}
              <Icon name="arrow" size={18} />
            </Link>
          </section>
        </div>
      </div>
    </div>
  );
}

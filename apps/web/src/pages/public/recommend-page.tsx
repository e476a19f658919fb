import { Link } from 'react-router';
import { useCurrentUser } from '../../api/session';
import { useT } from '../../i18n/use-t';
import { Icon } from './icons';
import { PublicPageHead } from './public-page-head';
import {
  ArrowLink,
  EMAIL_SLOT,
  MailtoText,
  ProseCard,
  PublicHero,
  usePageScroll,
} from './public-layout';
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
        <ProseCard
          id="recommend-friends"
          icon="gift"
          wide
          title={t('content.recommend.friends.title')}
        >
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
            <Link to="/zdobadz-strony#referral" className="button">
              {t('free_pages.referral.link_label')}
            </Link>
          ) : (
            <Link to="/sign-up" className="button">
              {t('content.recommend.friends.cta')}
            </Link>
          )}
        </ProseCard>
        <div className="split">
          <ProseCard
            id="recommend-business"
            icon="building"
            title={t('content.recommend.business.title')}
          >
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
              <ArrowLink to="/business">{t('content.recommend.business.more')}</ArrowLink>
            </p>
          </ProseCard>
          <ProseCard id="recommend-venue" icon="pin" title={t('content.recommend.venue.title')}>
            <p>{t('content.recommend.venue.text')}</p>
            <ArrowLink to="/partner">{t('content.recommend.venue.link')}</ArrowLink>
          </ProseCard>
        </div>
      </div>
    </div>
  );
}

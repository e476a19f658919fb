import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import { Icon } from './icons';
import { PublicPageHead } from './public-page-head';
import { EMAIL_SLOT, MailtoText, PublicHero, usePageScroll } from './public-layout';
import { SITE_EMAILS, mailto } from './site-contact';

/** `/opinion`: how to send us an opinion (by e-mail; no form). */
export function OpinionPage() {
  const t = useT();
  usePageScroll();
  const subject = t('content.opinion.subject');
  return (
    <div className="public-page" data-testid="opinion-page">
      <PublicPageHead path="/opinion" />
      <PublicHero
        icon="chat"
        eyebrow={t('content.opinion.eyebrow')}
        title={t('content.opinion.title')}
        lead={t('content.opinion.lead')}
      />
      <div className="public-page__body container split">
        <section className="card prose-card" aria-labelledby="opinion-how">
          <h2 id="opinion-how" className="prose-card__title">
            {t('content.opinion.how.title')}
          </h2>
          <p>
            <MailtoText
              text={t('content.opinion.how.text', { email: EMAIL_SLOT })}
              email={SITE_EMAILS.feedback}
              subject={subject}
            />
          </p>
          <ul className="check-list">
            {(['what', 'where', 'when'] as const).map((item) => (
              <li key={item}>
                <Icon name="check" size={18} />
                {t(`content.opinion.how.${item}`)}
              </li>
            ))}
          </ul>
          <a
            href={mailto(SITE_EMAILS.feedback, subject)}
            className="button button--large"
            data-testid="opinion-mailto"
          >
            <Icon name="mail" size={20} />
            {t('content.opinion.button')}
          </a>
        </section>
        <div className="stack">
          <section className="card prose-card" aria-labelledby="opinion-location">
            <h2 id="opinion-location" className="prose-card__title">
              {t('content.opinion.location.title')}
            </h2>
            <p>{t('content.opinion.location.text')}</p>
            <p className="link-row">
              <Link to="/map" className="arrow-link">
                {t('content.opinion.location.map')}
                <Icon name="arrow" size={18} />
              </Link>
              <Link to="/partner" className="arrow-link">
                {t('content.opinion.location.partner')}
                <Icon name="arrow" size={18} />
              </Link>
            </p>
          </section>
          <section className="card prose-card" aria-labelledby="opinion-problem">
            <h2 id="opinion-problem" className="prose-card__title">
              {t('content.opinion.problem.title')}
            </h2>
            <p>{t('content.opinion.problem.text')}</p>
            <Link to="/contact" className="arrow-link">
              {t('content.opinion.problem.link')}
              <Icon name="arrow" size={18} />
            </Link>
          </section>
        </div>
      </div>
    </div>
  );
}

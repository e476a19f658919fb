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
        <ProseCard id="opinion-how" title={t('content.opinion.how.title')}>
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
        </ProseCard>
        <div className="stack">
          <ProseCard id="opinion-location" title={t('content.opinion.location.title')}>
            <p>{t('content.opinion.location.text')}</p>
            <p className="link-row">
              <ArrowLink to="/map">{t('content.opinion.location.map')}</ArrowLink>
              <ArrowLink to="/partner">{t('content.opinion.location.partner')}</ArrowLink>
            </p>
          </ProseCard>
          <ProseCard id="opinion-problem" title={t('content.opinion.problem.title')}>
            <p>{t('content.opinion.problem.text')}</p>
            <ArrowLink to="/contact">{t('content.opinion.problem.link')}</ArrowLink>
          </ProseCard>
        </div>
      </div>
    </div>
  );
}

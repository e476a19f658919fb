import { useT } from '../../i18n/use-t';
import { Icon, type TIconName } from './icons';
import { PublicPageHead } from './public-page-head';
import {
  EMAIL_SLOT,
  FeatureCard,
  MailtoText,
  ProseCard,
  PublicHero,
  usePageScroll,
} from './public-layout';
import { SITE_EMAILS, mailto } from './site-contact';
import '../../styles/public/landing.css';

const BENEFITS = [
  { id: 'visitors', icon: 'users' },
  { id: 'no_work', icon: 'sparkle' },
  { id: 'terms', icon: 'handshake' },
] as const satisfies ReadonlyArray<{ id: string; icon: TIconName }>;

const STEPS = ['write', 'visit', 'install'] as const;

/** `/partner`: for venues that want a Printomat printer. */
export function PartnerPage() {
  const t = useT();
  usePageScroll();
  const href = mailto(SITE_EMAILS.partners, t('content.partner.cta.subject'));
  return (
    <div className="public-page" data-testid="partner-page">
      <PublicPageHead path="/partner" />
      <PublicHero
        icon="handshake"
        eyebrow={t('content.partner.eyebrow')}
        title={t('content.partner.title')}
        lead={t('content.partner.lead')}
      >
        <a href={href} className="button button--large button--accent">
          <Icon name="mail" size={20} />
          {t('content.partner.cta.button')}
        </a>
      </PublicHero>
      <div className="public-page__body container">
        <section className="split split--center" aria-labelledby="partner-venues">
          <div>
            <h2 id="partner-venues" className="landing-section__title">
              {t('content.partner.venues.title')}
            </h2>
            <p className="landing-section__lead">{t('content.partner.venues.text')}</p>
          </div>
          <ul className="venue-icons" aria-hidden="true">
            {(['building', 'school', 'users', 'book', 'bed', 'tag'] as const).map((icon) => (
              <li key={icon}>
                <Icon name={icon} size={30} />
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="partner-benefits">
          <h2
            id="partner-benefits"
            className="landing-section__title landing-section__title--center"
          >
            {t('content.partner.benefits.title')}
          </h2>
          <div className="feature-grid feature-grid--three">
            {BENEFITS.map((benefit) => (
              <FeatureCard
                key={benefit.id}
                icon={benefit.icon}
                title={t(`content.partner.benefits.${benefit.id}.title`)}
              >
                <p>{t(`content.partner.benefits.${benefit.id}.text`)}</p>
              </FeatureCard>
            ))}
          </div>
        </section>
        <div className="split">
          <ProseCard id="partner-needs" title={t('content.partner.needs.title')}>
            <p>{t('content.partner.needs.text')}</p>
          </ProseCard>
          <ProseCard id="partner-steps" title={t('content.partner.steps.title')}>
            <ol className="number-list">
              {STEPS.map((step) => (
                <li key={step}>{t(`content.partner.steps.${step}`)}</li>
              ))}
            </ol>
          </ProseCard>
        </div>
        <aside className="callout callout--brand" aria-labelledby="partner-cta">
          <Icon name="handshake" size={32} />
          <div>
            <h2 id="partner-cta" className="callout__title">
              {t('content.partner.cta.title')}
            </h2>
            <p className="callout__text">
              <MailtoText
                text={t('content.partner.cta.text', { email: EMAIL_SLOT })}
                email={SITE_EMAILS.partners}
                subject={t('content.partner.cta.subject')}
              />
            </p>
          </div>
          <a href={href} className="button" data-testid="partner-mailto">
            {t('content.partner.cta.button')}
          </a>
        </aside>
      </div>
    </div>
  );
}

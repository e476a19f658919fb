import { useT } from '../../i18n/use-t';
import { Icon, type TIconName } from './icons';
import { PublicPageHead } from './public-page-head';
import { ArrowLink, FeatureCard, PublicHero, usePageScroll } from './public-layout';
import { SITE_EMAILS, mailto } from './site-contact';

const CHANNELS = [
  { id: 'support', icon: 'chat', email: SITE_EMAILS.help },
  { id: 'business', icon: 'building', email: SITE_EMAILS.business },
  { id: 'partners', icon: 'handshake', email: SITE_EMAILS.partners },
  { id: 'privacy', icon: 'shield', email: SITE_EMAILS.privacy },
] as const satisfies ReadonlyArray<{ id: string; icon: TIconName; email: string }>;

/** `/contact` */
export function ContactPage() {
  const t = useT();
  usePageScroll();
  return (
    <div className="public-page" data-testid="contact-page">
      <PublicPageHead path="/contact" />
      <PublicHero
        icon="mail"
        eyebrow={t('content.contact.eyebrow')}
        title={t('content.contact.title')}
        lead={t('content.contact.lead')}
      />
      <div className="public-page__body container">
        <div className="feature-grid feature-grid--two">
          {CHANNELS.map((channel) => (
            <FeatureCard
              key={channel.id}
              icon={channel.icon}
              title={t(`content.contact.${channel.id}.title`)}
              headingLevel={2}
              testId={`contact-${channel.id}`}
            >
              <p>{t(`content.contact.${channel.id}.text`)}</p>
              <p>
                <a href={mailto(channel.email)} className="contact-email">
                  <Icon name="mail" size={18} />
                  {channel.email}
                </a>
              </p>
            </FeatureCard>
          ))}
        </div>
        <aside className="callout">
          <Icon name="printer" size={28} />
          <div>
            <h2 className="callout__title">{t('content.contact.printer.title')}</h2>
            <p className="callout__text">{t('content.contact.printer.text')}</p>
          </div>
        </aside>
        <p className="public-page__more">
          {t('content.contact.faq')}{' '}
          <ArrowLink to="/faq">{t('content.contact.faq_link')}</ArrowLink>
        </p>
      </div>
    </div>
  );
}

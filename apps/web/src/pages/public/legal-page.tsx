import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { PublicPageHead } from './public-page-head';
import { EMAIL_SLOT, MailtoText, PublicHero, usePageScroll } from './public-layout';
import { SITE_EMAILS } from './site-contact';
import '../../styles/public/legal.css';

const PRIVACY_SECTIONS = [
  'controller',
  'data',
  'documents',
  'payments',
  'purposes',
  'retention',
  'recipients',
  'rights',
  'cookies',
  'contact',
] as const;

const TERMS_SECTIONS = [
  'service',
  'account',
  'pages',
  'printing',
  'payments',
  'business',
  'complaints',
  'conduct',
  'liability',
  'changes',
] as const;

type TSection = { id: string; title: string; text: string };

/** `/privacy` */
export function PrivacyPage() {
  const t = useT();
  const sections = PRIVACY_SECTIONS.map((id) => ({
    id,
    title: t(`legal.privacy.${id}.title`),
    text: t(`legal.privacy.${id}.text`, { email: EMAIL_SLOT }),
  }));
  return (
    <LegalDocument
      testId="privacy-page"
      head={<PublicPageHead path="/privacy" />}
      eyebrow={t('legal.privacy.eyebrow')}
      title={t('legal.privacy.title')}
      lead={t('legal.privacy.lead')}
      sections={sections}
      email={SITE_EMAILS.privacy}
    />
  );
}

/** `/terms` */
export function TermsPage() {
  const t = useT();
  const sections = TERMS_SECTIONS.map((id) => ({
    id,
    title: t(`legal.terms.${id}.title`),
    text: t(`legal.terms.${id}.text`, { email: EMAIL_SLOT }),
  }));
  return (
    <LegalDocument
      testId="terms-page"
      head={<PublicPageHead path="/terms" />}
      eyebrow={t('legal.terms.eyebrow')}
      title={t('legal.terms.title')}
      lead={t('legal.terms.lead')}
      sections={sections}
      email={SITE_EMAILS.help}
    />
  );
}

function LegalDocument({
  testId,
  head,
  eyebrow,
  title,
  lead,
  sections,
  email,
}: {
  testId: string;
  head: ReactNode;
  eyebrow: string;
  title: string;
  lead: string;
  sections: TSection[];
  email: string;
}) {
  const t = useT();
  usePageScroll();
  return (
    <div className="public-page" data-testid={testId}>
      {head}
      <PublicHero icon="shield" eyebrow={eyebrow} title={title} lead={lead} />
      <div className="public-page__body legal container">
        <aside className="legal__toc" aria-labelledby={`${testId}-toc`}>
          <h2 id={`${testId}-toc`} className="legal__toc-title">
            {t('legal.toc')}
          </h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </aside>
        <div className="legal__text">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} className="legal__section">
              <h2 className="legal__title">
                <span className="legal__number">{index + 1}.</span> {section.title}
              </h2>
              <p>
                {section.text.includes(EMAIL_SLOT) ? (
                  <MailtoText text={section.text} email={email} />
                ) : (
                  section.text
                )}
              </p>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}

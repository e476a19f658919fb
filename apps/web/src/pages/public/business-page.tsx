import { Link } from 'react-router';
import { useCurrentUser } from '../../api/session';
import { useBusinessPackages } from '../../business/business-api';
import { businessOffer, GrossPrice } from '../../business/business-offer';
import { useLocale, useT } from '../../i18n/use-t';
import { Icon, type TIconName } from './icons';
import { PackageCard } from './package-card';
import { printerCountPhrase } from './printer-count';
import { usePrinterMap } from './printer-map-query';
import { PublicPageHead } from './public-page-head';
import { EMAIL_SLOT, FeatureCard, FinalCta, MailtoText, usePageScroll } from './public-layout';
import { SITE_EMAILS } from './site-contact';
import '../../styles/public/landing.css';
import '../../styles/public/business.css';

const BENEFITS = [
  { id: 'test', icon: 'gift' },
  { id: 'invoices', icon: 'invoice' },
  { id: 'payment', icon: 'card' },
  { id: 'network', icon: 'pin' },
  { id: 'devices', icon: 'printer' },
  { id: 'costs', icon: 'chart' },
] as const satisfies ReadonlyArray<{ id: string; icon: TIconName }>;

const STEPS = ['account', 'package', 'print'] as const;

/** The business sign-up and the business page's packages (issue 15). */
const SIGN_UP_PATH = '/business/sign-up';
/** A company that has an account signs in and lands on its business page. */
const SIGN_IN_PATH = '/sign-in?next=/business/account';
const ACCOUNT_PACKAGES_PATH = '/business/account#packages';

const AUDIENCES = [
  { id: 'copy_shops', icon: 'copy' },
  { id: 'hotels', icon: 'bed' },
  { id: 'libraries', icon: 'book' },
  { id: 'schools', icon: 'school' },
] as const satisfies ReadonlyArray<{ id: string; icon: TIconName }>;

/** `/business`: the business landing page. */
export function BusinessPage() {
  const t = useT();
  usePageScroll();
  const map = usePrinterMap();
  const printerCount = map.data?.printers.length ?? 0;
  // Until the count is known (or when there is none), the texts speak of the network in general.
  const printers = printerCount > 0 ? printerCountPhrase(t, printerCount) : null;
  // Where they are, from the same answer: only what the map shows is claimed (issue 17).
  const { locale } = useLocale();
  const cities = (map.data?.cities ?? []).filter((c) => c.printer_count > 0).map((c) => c.name);
  const cityList = new Intl.ListFormat(locale, { type: 'conjunction' }).format(cities);
  // The packages on sale with net and gross prices; "choose" signs a company up, or takes a
  // business account to its page's packages.
  const packages = useBusinessPackages();
  const user = useCurrentUser();
  const choosePath = user?.role === 'business' ? ACCOUNT_PACKAGES_PATH : SIGN_UP_PATH;

  return (
    <div className="business" data-testid="business-page">
      <PublicPageHead path="/business" />

      <section className="business-hero" aria-labelledby="business-title">
        <div className="business-hero__inner container">
          <div className="business-hero__copy">
            <p className="landing-hero__eyebrow">
              <Icon name="building" size={18} />
              {t('business.hero.eyebrow')}
            </p>
            <h1 id="business-title" className="landing-hero__title">
              {t('business.hero.title')}
            </h1>
            <p className="landing-hero__lead">{t('business.hero.lead')}</p>
            <div className="landing-hero__actions">
              <Link
                to={SIGN_UP_PATH}
                className="button button--large button--accent"
                data-testid="business-sign-up"
              >
                {t('business.hero.sign_up')}
              </Link>
              <Link
                to={SIGN_IN_PATH}
                className="button button--large button--ghost"
                data-testid="business-sign-in"
              >
                {t('business.hero.sign_in')}
              </Link>
            </div>
          </div>
          <div className="business-hero__stat" aria-live="polite">
            <Icon name="printer" size={36} />
            {printers ? (
              <>
                <strong className="business-hero__count" data-testid="business-printer-count">
                  {printers}
                </strong>
                <span data-testid="business-printer-cities">
                  {t('business.hero.network', { count: cities.length, cities: cityList })}
                </span>
              </>
            ) : (
              <strong className="business-hero__count">{t('business.hero.network_loading')}</strong>
            )}
          </div>
        </div>
      </section>

      <ul className="fact-strip container" aria-label={t('business.facts.label')}>
        {(['test', 'invoices', 'payment'] as const).map((fact) => (
          <li key={fact} className="fact-strip__item">
            <Icon name="check" size={20} />
            {t(`business.facts.${fact}`)}
          </li>
        ))}
      </ul>

      <section
        className="landing-section container"
        data-testid="business-benefits"
        aria-labelledby="business-benefits-title"
      >
        <h2
          id="business-benefits-title"
          className="landing-section__title landing-section__title--center"
        >
          {t('business.benefits.title')}
        </h2>
        <div className="feature-grid">
          {BENEFITS.map((benefit) => (
            <FeatureCard
              key={benefit.id}
              icon={benefit.icon}
              title={t(`business.benefits.${benefit.id}.title`)}
            >
              <p>
                {benefit.id !== 'network'
                  ? t(`business.benefits.${benefit.id}.text`)
                  : printers
                    ? t('business.benefits.network.text', { printers })
                    : t('business.benefits.network.text_loading')}
              </p>
            </FeatureCard>
          ))}
        </div>
      </section>

      <section
        className="landing-section business-steps"
        data-testid="business-steps"
        aria-labelledby="business-steps-title"
      >
        <div className="container">
          <h2
            id="business-steps-title"
            className="landing-section__title landing-section__title--center"
          >
            {t('business.steps.title')}
          </h2>
          <p className="landing-section__lead landing-section__lead--center">
            {t('business.steps.lead')}
          </p>
          <ol className="how-steps">
            {STEPS.map((step, index) => (
              <li key={step} className="how-step">
                <span className="how-step__icon how-step__icon--number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className="how-step__title">{t(`business.steps.${step}.title`)}</h3>
                <p className="how-step__text">{t(`business.steps.${step}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section
        className="landing-section container"
        id="pricing"
        data-testid="business-pricing"
        aria-labelledby="business-pricing-title"
      >
        <h2
          id="business-pricing-title"
          className="landing-section__title landing-section__title--center"
        >
          {t('business.pricing.title')}
        </h2>
        <p className="landing-section__lead landing-section__lead--center">
          {t('business.pricing.lead')}
        </p>
        {packages.isPending && (
          <p className="package-note package-note--center">{t('business.pricing.loading')}</p>
        )}
        {packages.isError && (
          <p className="alert alert--error" role="alert">
            {t('common.errors.generic')}
          </p>
        )}
        <ul className="package-grid" aria-label={t('business.pricing.list_label')}>
          {(packages.data?.packages ?? []).map((pkg) => (
            <li key={pkg.id}>
              <PackageCard
                offer={businessOffer(pkg)}
                name={t('packages.card.name', { name: pkg.code })}
                net
              >
                <GrossPrice pkg={pkg} />
                <Link
                  to={choosePath}
                  className={
                    pkg.is_popular
                      ? 'button button--block'
                      : 'button button--secondary button--block'
                  }
                  data-testid="business-package-choose"
                >
                  {t('business.pricing.choose', { name: pkg.code })}
                </Link>
              </PackageCard>
            </li>
          ))}
        </ul>
        <p className="package-note">{t('business.pricing.vat_note')}</p>
        <p className="package-note">
          <MailtoText
            text={t('business.pricing.more', { email: EMAIL_SLOT })}
            email={SITE_EMAILS.business}
          />
        </p>
      </section>

      <section
        className="landing-section business-audiences"
        data-testid="business-audiences"
        aria-labelledby="business-audiences-title"
      >
        <div className="container">
          <h2
            id="business-audiences-title"
            className="landing-section__title landing-section__title--center"
          >
            {t('business.audiences.title')}
          </h2>
          <div className="audience-grid">
            {AUDIENCES.map((audience) => (
              <FeatureCard
                key={audience.id}
                icon={audience.icon}
                title={t(`business.audiences.${audience.id}.title`)}
                testId={`audience-${audience.id}`}
              >
                <p>{t(`business.audiences.${audience.id}.text`)}</p>
              </FeatureCard>
            ))}
          </div>
        </div>
      </section>

      <FinalCta
        id="business-trial-title"
        testId="business-trial"
        title={t('business.trial.title')}
        text={t('business.trial.text')}
      >
        <div className="final-cta__actions">
          <Link to={SIGN_UP_PATH} className="button button--large button--accent">
            {t('business.trial.sign_up')}
          </Link>
          <Link to={SIGN_IN_PATH} className="button button--large button--ghost">
            {t('business.trial.sign_in')}
          </Link>
        </div>
        <p className="final-cta__aside">
          {t('business.trial.partner')}{' '}
          <Link to="/partner">{t('business.trial.partner_link')}</Link>
        </p>
      </FinalCta>
    </div>
  );
}

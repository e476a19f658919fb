import { Link } from 'react-router';
import {
  ADD_CARD_BONUS_DAYS,
  ADD_CARD_BONUS_PAGES,
  PACKAGE_M_PROMO_PERCENT,
} from '@printomat/shared';
import { FacebookButton } from '../../components/facebook-button';
import { useT } from '../../i18n/use-t';
import { Icon, type TIconName } from './icons';
import { LandingMapSlot } from './landing-map-slot';
import { PublicPageHead } from './public-page-head';
import { ArrowLink, FeatureCard, FinalCta, usePageScroll } from './public-layout';
import '../../styles/public/landing.css';

const HOW_STEPS = [
  { id: 'upload', icon: 'upload' },
  { id: 'price', icon: 'tag' },
  { id: 'start', icon: 'phone' },
] as const satisfies ReadonlyArray<{ id: string; icon: TIconName }>;

const PRINTER_ABILITIES = [
  { id: 'color', icon: 'palette' },
  { id: 'copy', icon: 'copy' },
  { id: 'scan', icon: 'scan' },
  { id: 'code', icon: 'keypad' },
] as const satisfies ReadonlyArray<{ id: string; icon: TIconName }>;

const FEATURES = [
  { id: 'anywhere', icon: 'globe' },
  { id: 'pages', icon: 'tag' },
  { id: 'pay', icon: 'card' },
  { id: 'free', icon: 'gift' },
  { id: 'private', icon: 'shield' },
  { id: 'languages', icon: 'chat' },
] as const satisfies ReadonlyArray<{ id: string; icon: TIconName }>;

const BONUS = { pages: ADD_CARD_BONUS_PAGES, days: ADD_CARD_BONUS_DAYS };

/** `/` for guests: what Printomat is, how to print, where the printers are, and sign-up. */
export function LandingPage() {
  const t = useT();
  // The header's "Locations" link is /#printers.
  usePageScroll();

  return (
    <div className="landing" data-testid="landing-page">
      <PublicPageHead path="/" />

      <section className="landing-hero" data-testid="landing-hero" aria-labelledby="landing-title">
        <div className="landing-hero__inner container">
          <div className="landing-hero__copy">
            <p className="landing-hero__eyebrow">{t('landing.hero.eyebrow')}</p>
            <h1 id="landing-title" className="landing-hero__title">
              {t('landing.hero.title')}
            </h1>
            <p className="landing-hero__lead">{t('landing.hero.lead')}</p>
            <div className="landing-hero__actions">
              <Link
                to="/print"
                className="button button--large button--accent"
                data-testid="landing-print-now"
              >
                <Icon name="printer" size={20} />
                {t('landing.hero.print_now')}
              </Link>
              <Link to="/map" className="button button--large button--ghost">
                <Icon name="pin" size={20} />
                {t('landing.hero.find_printer')}
              </Link>
            </div>
            <p className="landing-hero__note">{t('landing.hero.note')}</p>
          </div>
          <JobPreview />
        </div>
      </section>

      <section
        className="landing-register container"
        data-testid="landing-register"
        aria-labelledby="landing-register-title"
      >
        <div className="landing-register__copy">
          <h2 id="landing-register-title" className="landing-section__title">
            {t('landing.register.title')}
          </h2>
          <p className="landing-section__lead">{t('landing.register.text', BONUS)}</p>
        </div>
        <div className="card landing-register__card">
          <FacebookButton />
          <Link
            to="/sign-up"
            className="button button--block button--large"
            data-testid="landing-sign-up-email"
          >
            <Icon name="mail" size={20} />
            {t('landing.register.email')}
          </Link>
          <p className="landing-register__switch">
            {t('landing.register.has_account')}{' '}
            <Link to="/sign-in">{t('landing.register.sign_in')}</Link>
          </p>
        </div>
      </section>

      <section
        className="landing-section container"
        id="how-to-print"
        data-testid="landing-how"
        aria-labelledby="landing-how-title"
      >
        <h2
          id="landing-how-title"
          className="landing-section__title landing-section__title--center"
        >
          {t('landing.how.title')}
        </h2>
        <p className="landing-section__lead landing-section__lead--center">
          {t('landing.how.lead')}
        </p>
        <ol className="how-steps">
          {HOW_STEPS.map((step, index) => (
            <li key={step.id} className="how-step">
              <span className="how-step__icon">
                <Icon name={step.icon} size={28} />
                <span className="how-step__number" aria-hidden="true">
                  {index + 1}
                </span>
              </span>
              <h3 className="how-step__title">{t(`landing.how.${step.id}.title`)}</h3>
              <p className="how-step__text">{t(`landing.how.${step.id}.text`)}</p>
            </li>
          ))}
        </ol>
        <p className="landing-section__more">
          <ArrowLink to="/tutorial">{t('landing.how.tutorial')}</ArrowLink>
        </p>
      </section>

      <section
        className="landing-where"
        id="printers"
        data-testid="landing-printers"
        aria-labelledby="landing-where-title"
      >
        <div className="landing-where__inner container">
          <div className="landing-where__copy">
            <h2 id="landing-where-title" className="landing-section__title">
              {t('landing.where.title')}
            </h2>
            <p className="landing-section__lead">{t('landing.where.lead')}</p>
          </div>
          <LandingMapSlot />
        </div>
      </section>

      <section
        className="landing-section landing-printer container"
        id="printer"
        data-testid="landing-printer"
        aria-labelledby="landing-printer-title"
      >
        <KioskArt />
        <div className="landing-printer__copy">
          <h2 id="landing-printer-title" className="landing-section__title">
            {t('landing.printer.title')}
          </h2>
          <p className="landing-section__lead">{t('landing.printer.lead')}</p>
          <ul className="ability-list">
            {PRINTER_ABILITIES.map((ability) => (
              <li key={ability.id} className="ability">
                <span className="ability__icon">
                  <Icon name={ability.icon} />
                </span>
                <div>
                  <h3 className="ability__title">{t(`landing.printer.${ability.id}.title`)}</h3>
                  <p className="ability__text">{t(`landing.printer.${ability.id}.text`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        className="landing-section landing-features"
        id="features"
        data-testid="landing-features"
        aria-labelledby="landing-features-title"
      >
        <div className="container">
          <h2
            id="landing-features-title"
            className="landing-section__title landing-section__title--center"
          >
            {t('landing.features.title')}
          </h2>
          <div className="feature-grid">
            {FEATURES.map((feature) => (
              <FeatureCard
                key={feature.id}
                icon={feature.icon}
                title={t(`landing.features.${feature.id}.title`)}
              >
                <p>
                  {feature.id === 'free'
                    ? t('landing.features.free.text', BONUS)
                    : t(`landing.features.${feature.id}.text`)}
                </p>
              </FeatureCard>
            ))}
          </div>
        </div>
      </section>

      <section className="container landing-offers" aria-label={t('landing.promo.cta')}>
        <div className="promo-band" data-testid="landing-promo">
          <span className="promo-band__badge" aria-hidden="true">
            {t('landing.promo.badge', { percent: PACKAGE_M_PROMO_PERCENT })}
          </span>
          <div className="promo-band__copy">
            <h2 className="promo-band__title">
              {t('landing.promo.title', { percent: PACKAGE_M_PROMO_PERCENT })}
            </h2>
            <p className="promo-band__text">{t('landing.promo.text')}</p>
          </div>
          <Link to="/kup-pakiet" className="button button--accent">
            {t('landing.promo.cta')}
          </Link>
        </div>
        <div className="business-teaser" data-testid="landing-business">
          <span className="business-teaser__icon">
            <Icon name="building" size={28} />
          </span>
          <div>
            <h2 className="business-teaser__title">{t('landing.business.title')}</h2>
            <p className="business-teaser__text">{t('landing.business.text')}</p>
          </div>
          <ArrowLink to="/business">{t('landing.business.cta')}</ArrowLink>
        </div>
      </section>

      <FinalCta
        id="final-cta-title"
        testId="landing-final-cta"
        title={t('landing.cta.title')}
        text={t('landing.cta.text')}
      >
        <div className="final-cta__actions">
          <Link to="/sign-up" className="button button--large button--accent">
            {t('landing.cta.sign_up')}
          </Link>
          <Link to="/kup-pakiet" className="button button--large button--ghost">
            {t('landing.cta.packages')}
          </Link>
        </div>
      </FinalCta>
    </div>
  );
}

/** The hero's picture: a print job as the phone shows it. Text is translated, but decorative. */
function JobPreview() {
  const t = useT();
  const pages = 12;
  return (
    <figure className="job-preview" aria-label={t('landing.hero.demo.label')} role="img">
      <div className="job-preview__phone" aria-hidden="true">
        <div className="job-preview__notch" />
        <div className="job-preview__file">
          <span className="job-preview__file-icon">
            <Icon name="document" size={22} />
          </span>
          <span>
            <strong>{t('landing.hero.demo.file')}</strong>
            <span className="job-preview__muted">
              {t('landing.hero.demo.pages', { count: pages })}
            </span>
          </span>
        </div>
        <p className="job-preview__mode">{t('landing.hero.demo.mode')}</p>
        <div className="job-preview__row">
          <span>{t('landing.hero.demo.price')}</span>
          <strong>{t('landing.hero.demo.pages', { count: pages })}</strong>
        </div>
        <div className="job-preview__row">
          <span>{t('landing.hero.demo.code')}</span>
          <strong className="job-preview__code">418 273</strong>
        </div>
        <span className="job-preview__ready">
          <Icon name="check" size={18} />
          {t('landing.hero.demo.ready')}
        </span>
      </div>
    </figure>
  );
}

/** The printer section's picture: a kiosk with its screen showing the code. */
function KioskArt() {
  const t = useT();
  return (
    <figure className="kiosk-art" role="img" aria-label={t('landing.printer.screen.label')}>
      <div className="kiosk-art__body" aria-hidden="true">
        <div className="kiosk-art__screen">
          <p className="kiosk-art__welcome">{t('landing.printer.screen.welcome')}</p>
          <p className="kiosk-art__label">{t('landing.printer.screen.code')}</p>
          <p className="kiosk-art__code">418 273</p>
          <p className="kiosk-art__hint">{t('landing.printer.screen.hint')}</p>
        </div>
        <div className="kiosk-art__slot" />
        <div className="kiosk-art__paper" />
        <div className="kiosk-art__badges">
          <span className="kiosk-art__dot kiosk-art__dot--c" />
          <span className="kiosk-art__dot kiosk-art__dot--m" />
          <span className="kiosk-art__dot kiosk-art__dot--y" />
          <span className="kiosk-art__dot kiosk-art__dot--k" />
        </div>
      </div>
    </figure>
  );
}

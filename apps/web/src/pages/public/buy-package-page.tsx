import { useId } from 'react';
import { Link } from 'react-router';
import { COLOR_PAGE_MULTIPLIER, PACKAGE_M_PROMO_PERCENT } from '@printomat/shared';
import { useLocale, useT } from '../../i18n/use-t';
import { Icon } from './icons';
import { PackageCard } from './package-card';
import { PERSONAL_PACKAGES, formatPrice, packagePrice } from './package-data';
import { PublicPageHead } from './public-page-head';
import { ArrowLink, ProseCard, PublicHero, usePageScroll } from './public-layout';

/**
 * `/kup-pakiet` ("buy a package"): the packages with pages, validity and price in the
 * language's currency, colour vs mono, the package M offer. Checkout comes with the payments
 * issue; until then the buttons are disabled and say why.
 */
export function BuyPackagePage() {
  const t = useT();
  const { locale } = useLocale();
  usePageScroll();
  const soonId = useId();
  const promoOffer = PERSONAL_PACKAGES.find((offer) => offer.promoPercent);
  const promo = promoOffer ? packagePrice(promoOffer, locale) : null;

  return (
    <div className="public-page" data-testid="buy-package-page">
      <PublicPageHead path="/kup-pakiet" />
      <PublicHero
        icon="tag"
        eyebrow={t('packages.buy.eyebrow')}
        title={t('packages.buy.title')}
        lead={t('packages.buy.lead')}
      />
      <div className="public-page__body container">
        {promo && promo.regular !== null && (
          <div className="promo-band promo-band--compact" data-testid="package-promo">
            <span className="promo-band__badge" aria-hidden="true">
              {t('packages.card.promo', { percent: PACKAGE_M_PROMO_PERCENT })}
            </span>
            <div className="promo-band__copy">
              <h2 className="promo-band__title">
                {t('packages.buy.promo.title', { percent: PACKAGE_M_PROMO_PERCENT })}
              </h2>
              <p className="promo-band__text">
                {t('packages.buy.promo.text', {
                  price: formatPrice(locale, promo.amount, promo.currency),
                  regular: formatPrice(locale, promo.regular, promo.currency),
                })}
              </p>
            </div>
          </div>
        )}

        <ul className="package-grid" aria-label={t('packages.buy.list_label')}>
          {PERSONAL_PACKAGES.map((offer) => (
            <li key={offer.id}>
              <PackageCard offer={offer} name={t('packages.card.name', { name: offer.id })}>
                <button
                  type="button"
                  className="button button--block"
                  disabled
                  aria-describedby={soonId}
                  data-testid="package-buy"
                >
                  {t('packages.buy.soon_button')}
                </button>
              </PackageCard>
            </li>
          ))}
        </ul>
        <p className="package-note package-note--center">{t('packages.buy.prices_note')}</p>

        <aside className="callout" id={soonId} data-testid="checkout-soon">
          <Icon name="clock" size={28} />
          <div>
            <h2 className="callout__title">{t('packages.buy.soon.title')}</h2>
            <p className="callout__text">
              {t('packages.buy.soon.text')}{' '}
              <Link to="/zdobadz-strony">{t('packages.buy.soon.link')}</Link>
            </p>
          </div>
        </aside>

        <div className="info-grid">
          <section
            className="card prose-card"
            data-testid="package-colour"
            aria-labelledby="package-colour-title"
          >
            <h2 id="package-colour-title" className="prose-card__title">
              <Icon name="palette" size={26} />
              {t('packages.buy.color.title')}
            </h2>
            <p>{t('packages.buy.color.text', { multiplier: COLOR_PAGE_MULTIPLIER })}</p>
            <div
              className="colour-equation"
              role="img"
              aria-label={t('packages.buy.color.equals', { multiplier: COLOR_PAGE_MULTIPLIER })}
            >
              <span className="sheet sheet--colour" title={t('packages.buy.color.color_label')} />
              <span className="colour-equation__sign">=</span>
              {Array.from({ length: COLOR_PAGE_MULTIPLIER }, (_, index) => (
                <span key={index} className="sheet" title={t('packages.buy.color.mono_label')} />
              ))}
            </div>
            <p className="prose-card__muted">{t('packages.buy.color.example')}</p>
          </section>
          <ProseCard
            id="package-validity-title"
            icon="clock"
            title={t('packages.buy.validity.title')}
          >
            <p>{t('packages.buy.validity.text')}</p>
          </ProseCard>
          <ProseCard id="package-payment-title" icon="card" title={t('packages.buy.payment.title')}>
            <p>{t('packages.buy.payment.text')}</p>
            <ArrowLink to="/business#pricing">{t('packages.buy.payment.business')}</ArrowLink>
          </ProseCard>
        </div>
      </div>
    </div>
  );
}

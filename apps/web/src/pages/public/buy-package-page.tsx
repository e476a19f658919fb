import { Link, useNavigate, useSearchParams } from 'react-router';
import { COLOR_PAGE_MULTIPLIER } from '@printomat/shared';
import { useCurrentUser } from '../../api/session';
import { signInPathFor } from '../../components/require-auth';
import { useLocale, useT } from '../../i18n/use-t';
import { CheckoutPanel } from '../../payments/checkout-panel';
import { usePackages } from '../../payments/payments-api';
import { Icon } from './icons';
import { PackageCard } from './package-card';
import { formatPrice, shopOffer } from './package-data';
import { PublicPageHead } from './public-page-head';
import { ArrowLink, ProseCard, PublicHero, usePageScroll } from './public-layout';
import '../../styles/public/landing.css';
import '../../styles/public/packages.css';

/**
 * `/kup-pakiet` ("buy a package"): the personal packages on sale (from the database, also in
 * the pre-rendered HTML) with pages, colour equivalent, validity and price, the package M
 * offer, and checkout: `?package=M` opens the checkout of that package (the paid-package
 * modal links here), guests are asked to sign in first.
 */
export function BuyPackagePage() {
  const t = useT();
  const { locale } = useLocale();
  usePageScroll();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const packages = usePackages();
  const personal = (packages.data?.packages ?? []).filter((p) => p.audience === 'personal');
  const promo = personal.find((p) => p.promo_percent > 0);
  const methods = packages.data?.payment_methods ?? [];
  const chosenCode = params.get('package');
  const chosen = user ? personal.find((p) => p.code === chosenCode) : undefined;

  const choose = (code: string) => {
    const next = `/kup-pakiet?package=${encodeURIComponent(code)}`;
    if (!user) {
      void navigate(signInPathFor(next));
      return;
    }
    setParams({ package: code }, { replace: true });
  };

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
        {promo && (
          <div className="promo-band promo-band--compact" data-testid="package-promo">
            <span className="promo-band__badge" aria-hidden="true">
              {t('packages.card.promo', { percent: promo.promo_percent })}
            </span>
            <div className="promo-band__copy">
              <h2 className="promo-band__title">
                {t('packages.buy.promo.title', { percent: promo.promo_percent })}
              </h2>
              <p className="promo-band__text">
                {t('packages.buy.promo.text', {
                  price: formatPrice(locale, promo.price_minor, promo.currency),
                  regular: formatPrice(locale, promo.regular_price_minor, promo.currency),
                })}
              </p>
            </div>
          </div>
        )}

        {packages.isError && (
          <p className="alert alert--error" role="alert">
            {t('common.errors.generic')}
          </p>
        )}
        <ul className="package-grid" aria-label={t('packages.buy.list_label')}>
          {personal.map((pkg) => (
            <li key={pkg.id}>
              <PackageCard
                offer={shopOffer(pkg)}
                name={t('packages.card.name', { name: pkg.code })}
              >
                <button
                  type="button"
                  className={
                    pkg.is_popular || pkg.promo_percent > 0
                      ? 'button button--block'
                      : 'button button--secondary button--block'
                  }
                  onClick={() => choose(pkg.code)}
                  aria-pressed={chosen?.id === pkg.id}
                  data-testid="package-buy"
                >
                  {user ? t('payments.checkout.buy') : t('payments.checkout.sign_in')}
                </button>
              </PackageCard>
            </li>
          ))}
        </ul>
        <p className="package-note package-note--center">{t('packages.buy.prices_note')}</p>

        {chosen && (
          <CheckoutPanel
            key={chosen.id}
            pkg={chosen}
            methods={methods}
            onCancel={() => setParams({}, { replace: true })}
          />
        )}

        <aside className="callout" data-testid="free-pages-callout">
          <Icon name="gift" size={28} />
          <div>
            <h2 className="callout__title">{t('packages.buy.free.title')}</h2>
            <p className="callout__text">
              {t('packages.buy.free.text')}{' '}
              <Link to="/zdobadz-strony">{t('packages.buy.free.link')}</Link>
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
            {packages.data && (
              <p data-testid="payment-methods">
                {methods.length > 0
                  ? t('packages.buy.payment.text', {
                      methods: new Intl.ListFormat(locale, { style: 'long', type: 'unit' }).format(
                        methods.map((m) => t(`packages.buy.payment.method.${m}`)),
                      ),
                    })
                  : t('payments.errors.unavailable')}
              </p>
            )}
            <ArrowLink to="/business#pricing">{t('packages.buy.payment.business')}</ArrowLink>
          </ProseCard>
        </div>
      </div>
    </div>
  );
}

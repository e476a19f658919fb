import type { ReactNode } from 'react';
import { useLocale, useT } from '../../i18n/use-t';
import { Icon } from './icons';
import { colorPagesOf, formatPrice, type TShopOffer } from './package-data';
import '../../styles/public/packages.css';

/** One package: pages, what they are worth in colour, validity, price (and the promotion). */
export function PackageCard({
  offer,
  name,
  net = false,
  children,
}: {
  offer: TShopOffer;
  name: string;
  /** Business prices: "net" after the price. */
  net?: boolean;
  /** The card's action(s). */
  children?: ReactNode;
}) {
  const t = useT();
  const { locale } = useLocale();
  const price = offer.price;
  const perPage = formatPrice(locale, price.amount / offer.pages, price.currency);
  const headingId = `package-${offer.id}-name`;
  const classes = ['package-card'];
  if (offer.popular) classes.push('package-card--popular');
  if (price.regular !== null) classes.push('package-card--promo');
  return (
    <article
      className={classes.join(' ')}
      data-testid={`package-${offer.id}`}
      aria-labelledby={headingId}
    >
      <div className="package-card__head">
        <h3 id={headingId} className="package-card__name">
          {name}
        </h3>
        {price.regular !== null ? (
          <span className="package-card__badge package-card__badge--promo">
            {t('packages.card.promo', { percent: offer.promoPercent })}
          </span>
        ) : (
          offer.popular && <span className="package-card__badge">{t('packages.card.popular')}</span>
        )}
      </div>
      <p className="package-card__pages" data-testid="package-pages">
        {t('packages.card.pages', { count: offer.pages })}
      </p>
      <ul className="package-card__facts">
        <li>
          <Icon name="palette" size={18} />
          {t('packages.card.color', { count: colorPagesOf(offer) })}
        </li>
        <li data-testid="package-validity">
          <Icon name="clock" size={18} />
          {t('packages.card.validity', { days: offer.days })}
        </li>
      </ul>
      <div className="package-card__price">
        {price.regular !== null && (
          <p className="package-card__regular">
            <span className="visually-hidden">{t('packages.card.regular')}: </span>
            <del data-testid="package-regular-price">
              {formatPrice(locale, price.regular, price.currency)}
            </del>
          </p>
        )}
        <p className="package-card__amount">
          {price.regular !== null && (
            <span className="visually-hidden">{t('packages.card.now')}: </span>
          )}
          <strong data-testid="package-price">
            {formatPrice(locale, price.amount, price.currency)}
          </strong>
          {net && <span className="package-card__net"> {t('business.pricing.net')}</span>}
        </p>
        <p className="package-card__per-page">{t('packages.card.per_page', { price: perPage })}</p>
      </div>
      {children && <div className="package-card__actions">{children}</div>}
    </article>
  );
}

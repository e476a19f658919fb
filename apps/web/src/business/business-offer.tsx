import type { TBusinessPackage } from '@printomat/shared';
import { useLocale, useT } from '../i18n/use-t';
import { formatPrice, type TShopOffer } from '../pages/public/package-data';

/** A business package as a package card shows it: the net price (business prices are net). */
export function businessOffer(pkg: TBusinessPackage): TShopOffer {
  return {
    id: pkg.code,
    pages: pkg.pages,
    days: pkg.validity_days,
    price: { currency: pkg.currency, amount: pkg.net_minor, regular: null },
    promoPercent: 0,
    popular: pkg.is_popular,
  };
}

/** "gross PLN 121.77 (incl. 23 % VAT)": what is charged, under the card's net price. */
export function GrossPrice({ pkg }: { pkg: TBusinessPackage }) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <p className="package-card__gross" data-testid="package-gross">
      {t('business.pricing.gross', {
        price: formatPrice(locale, pkg.gross_minor, pkg.currency),
        rate: pkg.vat_rate,
      })}
    </p>
  );
}

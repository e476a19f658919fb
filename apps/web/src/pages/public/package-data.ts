import { colorPagesFrom, formatMoney, type TLocale, type TPackage } from '@printomat/shared';

// Page packages as the public pages show them, from the database: the personal ones on
// /kup-pakiet (`GET /api/packages`, see `shopOffer`), the business ones on /business
// (`GET /api/business/packages`, see business/business-offer.ts). Prices are in minor units
// (grosze, cents); personal prices include VAT, business ones are net.

export type TPackagePrice = {
  currency: string;
  /** What is paid now, in minor units (after the promotion, if any). */
  amount: number;
  /** The price before the promotion; null without one. */
  regular: number | null;
};

/** With the currency symbol and 2 decimals, in the locale's style: "9,90 zł", "2,90 €", "PLN 9.90". */
export function formatPrice(locale: TLocale, amount: number, currency: string): string {
  return formatMoney(locale, amount, currency);
}

/** How many colour pages the package's mono pages are worth (1 colour = 3 mono, rounded down). */
export function colorPagesOf(offer: { pages: number }): number {
  return colorPagesFrom(offer.pages);
}

/** A package from the database as a card shows it: its own currency, price after promotion. */
export type TShopOffer = {
  id: string;
  pages: number;
  days: number;
  price: TPackagePrice;
  promoPercent: number;
  popular: boolean;
};

export function shopOffer(pkg: TPackage): TShopOffer {
  return {
    id: pkg.code,
    pages: pkg.pages,
    days: pkg.validity_days,
    price: {
      currency: pkg.currency,
      amount: pkg.price_minor,
      regular: pkg.promo_percent > 0 ? pkg.regular_price_minor : null,
    },
    promoPercent: pkg.promo_percent,
    popular: pkg.is_popular,
  };
}

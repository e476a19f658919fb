import { colorPagesFrom, formatMoney, type TLocale, type TPackage } from '@printomat/shared';

/**
 * Page packages as the public pages show them. The personal packages on /kup-pakiet come from
 * the database (`GET /api/packages`, see `shopOffer`); the business page's offers below are
 * still the shop's static list. Prices are in minor units (grosze, cents); personal prices
 * include VAT, business ones are net.
 */
export type TCurrency = 'PLN' | 'EUR';
export type TPackageOffer = {
  id: string;
  pages: number;
  days: number;
  price: Record<TCurrency, number>;
  promoPercent?: number;
  popular?: boolean;
};

/** Złoty for Polish and English, euro for German. */
export const LOCALE_CURRENCY: Record<TLocale, TCurrency> = { pl: 'PLN', en: 'PLN', de: 'EUR' };

export const BUSINESS_PACKAGES = [
  { id: 'start', pages: 500, days: 30, price: { PLN: 9900, EUR: 2490 } },
  { id: 'team', pages: 2000, days: 90, price: { PLN: 34900, EUR: 8490 }, popular: true },
  { id: 'campus', pages: 6000, days: 365, price: { PLN: 89900, EUR: 21900 } },
] as const satisfies readonly TPackageOffer[];

export type TPackagePrice = {
  currency: string;
  /** What is paid now, in minor units (after the promotion, if any). */
  amount: number;
  /** The price before the promotion; null without one. */
  regular: number | null;
};

export function packagePrice(offer: TPackageOffer, locale: TLocale): TPackagePrice {
  const currency = LOCALE_CURRENCY[locale];
  const regular = offer.price[currency];
  if (!offer.promoPercent) return { currency, amount: regular, regular: null };
  return {
    currency,
    amount: Math.round((regular * (100 - offer.promoPercent)) / 100),
    regular,
  };
}

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

/** Either kind of offer, priced for `locale`. */
export function offerPrice(offer: TPackageOffer | TShopOffer, locale: TLocale): TPackagePrice {
  return 'amount' in offer.price ? offer.price : packagePrice(offer as TPackageOffer, locale);
}

import {
  PACKAGE_M_PROMO_PERCENT,
  colorPagesFrom,
  formatMoney,
  type TLocale,
} from '@printomat/shared';

/**
 * Page packages as the public pages show them. Sizes and prices are not in the spec: these
 * are the shop's list until the payments issue serves the packages from the database.
 * Prices are in minor units (grosze, cents); personal prices include VAT, business ones are net.
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

export const PERSONAL_PACKAGES: readonly TPackageOffer[] = [
  { id: 'S', pages: 30, days: 30, price: { PLN: 990, EUR: 290 } },
  {
    id: 'M',
    pages: 90,
    days: 60,
    price: { PLN: 2700, EUR: 700 },
    promoPercent: PACKAGE_M_PROMO_PERCENT,
    popular: true,
  },
  { id: 'L', pages: 200, days: 90, price: { PLN: 4990, EUR: 1290 } },
  { id: 'XL', pages: 500, days: 180, price: { PLN: 9990, EUR: 2490 } },
];

export const BUSINESS_PACKAGES = [
  { id: 'start', pages: 500, days: 30, price: { PLN: 9900, EUR: 2490 } },
  { id: 'team', pages: 2000, days: 90, price: { PLN: 34900, EUR: 8490 }, popular: true },
  { id: 'campus', pages: 6000, days: 365, price: { PLN: 89900, EUR: 21900 } },
] as const satisfies readonly TPackageOffer[];

export type TPackagePrice = {
  currency: TCurrency;
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
export function formatPrice(locale: TLocale, amount: number, currency: TCurrency): string {
  return formatMoney(locale, amount, currency);
}

/** How many colour pages the package's mono pages are worth (1 colour = 3 mono, rounded down). */
export function colorPagesOf(offer: TPackageOffer): number {
  return colorPagesFrom(offer.pages);
}

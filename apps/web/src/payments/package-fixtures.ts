import type { TPackage, TPackageList } from '@printomat/shared';

/** The seeded personal ladder, as `GET /api/packages` answers it (for component tests). */
export const PERSONAL_PACKAGES_FIXTURE: TPackage[] = [
  {
    id: 1,
    code: 'S',
    pages: 30,
    validity_days: 30,
    price_minor: 990,
    regular_price_minor: 990,
    promo_percent: 0,
    is_popular: false,
  },
  {
    id: 2,
    code: 'M',
    pages: 90,
    validity_days: 60,
    price_minor: 1890,
    regular_price_minor: 2700,
    promo_percent: 30,
    is_popular: true,
  },
  {
    id: 3,
    code: 'L',
    pages: 200,
    validity_days: 90,
    price_minor: 4990,
    regular_price_minor: 4990,
    promo_percent: 0,
    is_popular: false,
  },
  {
    id: 4,
    code: 'XL',
    pages: 500,
    validity_days: 180,
    price_minor: 9990,
    regular_price_minor: 9990,
    promo_percent: 0,
    is_popular: false,
  },
].map((p) => ({
  ...p,
  audience: 'personal' as const,
  currency: 'PLN',
  color_pages: Math.floor(p.pages / 3),
}));

export const PACKAGE_LIST_FIXTURE: TPackageList = {
  payment_methods: ['card', 'transfer', 'blik', 'sms'],
  packages: [
    ...PERSONAL_PACKAGES_FIXTURE,
    {
      id: 9,
      code: 'S',
      audience: 'business',
      pages: 500,
      color_pages: 166,
      validity_days: 30,
      price_minor: 9900,
      regular_price_minor: 9900,
      promo_percent: 0,
      currency: 'PLN',
      is_popular: false,
    },
  ],
};

import { PACKAGE_M_PROMO_PERCENT, promoPrice } from '@printomat/shared';
import type { TDb } from '../db/database';
import type { TPackageAudience } from '../db/schema';

type TSeedPackage = {
  code: string;
  audience: TPackageAudience;
  pages: number;
  validity_days: number;
  regular_price_minor: number;
  promo_percent?: number;
  is_popular?: boolean;
};

/**
 * The shop's ladder in złoty (grosze). Personal prices include VAT, business ones are net.
 * A larger package costs less per page and stays valid longer; M carries the spec's 30 % offer.
 */
export const SEED_PACKAGES: readonly TSeedPackage[] = [
  { code: 'S', audience: 'personal', pages: 30, validity_days: 30, regular_price_minor: 990 },
  {
    code: 'M',
    audience: 'personal',
    pages: 90,
    validity_days: 60,
    regular_price_minor: 2700,
    promo_percent: PACKAGE_M_PROMO_PERCENT,
    is_popular: true,
  },
  { code: 'L', audience: 'personal', pages: 200, validity_days: 90, regular_price_minor: 4990 },
  { code: 'XL', audience: 'personal', pages: 500, validity_days: 180, regular_price_minor: 9990 },
  { code: 'S', audience: 'business', pages: 500, validity_days: 30, regular_price_minor: 9900 },
  {
    code: 'M',
    audience: 'business',
    pages: 2000,
    validity_days: 90,
    regular_price_minor: 34900,
    is_popular: true,
  },
  { code: 'L', audience: 'business', pages: 6000, validity_days: 365, regular_price_minor: 89900 },
  {
    code: 'XL',
    audience: 'business',
    pages: 15000,
    validity_days: 365,
    regular_price_minor: 199000,
  },
];

/** Adds the packages when the shop has none (an administrator's later changes are kept). */
export async function seedPackages(db: TDb): Promise<void> {
  const existing = await db
    .selectFrom('packages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return;
  await db
    .insertInto('packages')
    .values(
      SEED_PACKAGES.map((p, index) => ({
        code: p.code,
        audience: p.audience,
        pages: p.pages,
        validity_days: p.validity_days,
        regular_price_minor: p.regular_price_minor,
        promo_percent: p.promo_percent ?? 0,
        price_minor: promoPrice(p.regular_price_minor, p.promo_percent ?? 0),
        currency: 'PLN',
        is_popular: p.is_popular ?? false,
        sort_order: index % 4,
      })),
    )
    .execute();
}

import { colorPagesFrom, type TAdminPackage, type TPackage } from '@printomat/shared';
import type { TPackageRow } from './packages.repo';

export function presentPackage(row: TPackageRow): TPackage {
  return {
    id: row.id,
    code: row.code,
    audience: row.audience,
    pages: row.pages,
    color_pages: colorPagesFrom(row.pages),
    validity_days: row.validity_days,
    price_minor: row.price_minor,
    regular_price_minor: row.regular_price_minor,
    promo_percent: row.promo_percent,
    currency: row.currency,
    is_popular: row.is_popular,
  };
}

export function presentAdminPackage(row: TPackageRow): TAdminPackage {
  return {
    ...presentPackage(row),
    is_active: row.is_active,
    sort_order: row.sort_order,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

import type { Selectable } from 'kysely';
import {
  colorPagesFrom,
  formatTaxId,
  grossFromNet,
  vatOnNet,
  type TBusinessPackage,
  type TBusinessProfile,
} from '@printomat/shared';
import type { TBusinessProfileRow, TPackagesTable } from '../../db/schema';

export function presentBusinessProfile(
  row: TBusinessProfileRow,
  trial: Pick<TBusinessProfile, 'trial' | 'trial_status'>,
): TBusinessProfile {
  return {
    business_name: row.business_name,
    address: row.address,
    city: row.city,
    postcode: row.postcode,
    country: row.country,
    nip_number: formatTaxId({ taxCountry: row.tax_country, taxId: row.tax_id }),
    trial: trial.trial,
    trial_status: trial.trial_status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Business prices are net: the package's price is the net, VAT is added on top of it. */
export function presentBusinessPackage(
  row: Selectable<TPackagesTable>,
  vatRatePercent: number,
): TBusinessPackage {
  const vat = vatOnNet(row.price_minor, vatRatePercent);
  return {
    id: row.id,
    code: row.code,
    pages: row.pages,
    color_pages: colorPagesFrom(row.pages),
    validity_days: row.validity_days,
    net_minor: row.price_minor,
    vat_minor: vat,
    gross_minor: grossFromNet(row.price_minor, vatRatePercent),
    vat_rate: vatRatePercent,
    currency: row.currency,
    is_popular: row.is_popular,
  };
}

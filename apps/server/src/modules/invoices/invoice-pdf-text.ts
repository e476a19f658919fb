import { translate, type TLocale } from '@printomat/shared';
import type { TInvoiceParty } from '../../db/schema';

// The words and numbers of the invoice PDF: Polish always, the customer's language beside it.

export type TLabels = {
  /** "Data wystawienia / Date of issue" (Polish only for Polish customers). */
  both: (key: string, values?: Record<string, string | number>) => string;
  pl: (key: string, values?: Record<string, string | number>) => string;
  /** The customer's language, or null for Polish customers. */
  other: ((key: string, values?: Record<string, string | number>) => string) | null;
};

export function labelsFor(locale: TLocale): TLabels {
  const pl = (key: string, values?: Record<string, string | number>) =>
    translate('pl', `invoices.pdf.${key}`, values);
  const other =
    locale === 'pl'
      ? null
      : (key: string, values?: Record<string, string | number>) =>
          translate(locale, `invoices.pdf.${key}`, values);
  return {
    pl,
    other,
    both: (key, values) => {
      const polish = pl(key, values);
      const foreign = other?.(key, values);
      return foreign && foreign !== polish ? `${polish} / ${foreign}` : polish;
    },
  };
}

/** Grosze the Polish way: "1 234,56" (a space between thousands, a decimal comma). */
export function formatPlNumber(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const zloty = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${zloty},${String(abs % 100).padStart(2, '0')}`;
}

/** "1 234,56 zł" (other currencies by their code). */
export function formatPlMoney(minor: number, currency: string): string {
  return `${formatPlNumber(minor)} ${currency === 'PLN' ? 'zł' : currency}`;
}

/** The party's lines as printed in its block: name first, then address and tax number. */
export function partyLines(
  party: TInvoiceParty,
  labels: TLabels,
): { name: string; details: string[] } {
  const details = [party.address, `${party.postcode} ${party.city}`.trim()];
  if (party.country !== 'PL') details.push(party.country);
  details.push(
    party.taxCountry === 'PL'
      ? `${labels.both('nip')}: ${party.taxId}`
      : `${labels.both('vat_number')}: ${party.taxCountry}${party.taxId}`,
  );
  if (party.email) details.push(party.email);
  if (party.bankAccount) details.push(`${labels.both('bank_account')}: ${party.bankAccount}`);
  return { name: party.name, details: details.filter((line) => line.trim() !== '') };
}

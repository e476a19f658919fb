import type { TLocale } from './locales';

const INTL_LOCALE: Record<TLocale, string> = { de: 'de-DE', en: 'en-GB', pl: 'pl-PL' };

/** Money is kept in integer minor units; shown with the unit symbol and 2 decimals (spec section 9). */
export function formatMoney(locale: TLocale, minorUnits: number, currency: string): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], {
    style: 'currency',
    currency,
    currencyDisplay: 'symbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(minorUnits / 100);
}

/** "50 MB": an upload limit as people read it. */
export function formatMegabytes(locale: TLocale, bytes: number): string {
  const value = new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 1 }).format(
    bytes / (1024 * 1024),
  );
  return `${value} MB`;
}

export function formatDateTime(locale: TLocale, value: Date | string, timeZone?: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(typeof value === 'string' ? new Date(value) : value);
}

export function formatDate(locale: TLocale, value: Date | string, timeZone?: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    dateStyle: 'medium',
    ...(timeZone ? { timeZone } : {}),
  }).format(typeof value === 'string' ? new Date(value) : value);
}

/** A month written YYYY-MM ("2026-11") as words: "November 2026", "listopad 2026". */
export function formatMonth(locale: TLocale, period: string): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
}

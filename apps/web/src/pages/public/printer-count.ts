import type { TTranslate } from '@printomat/shared/i18n';

/** Above this many printers the pages say "over 50 printers" rather than the exact number. */
export const PRINTER_COUNT_ROUNDED_ABOVE = 50;

/** "14 printers", or "over 50 printers" once there are more than 50 (spec section 1). */
export function printerCountPhrase(t: TTranslate, count: number): string {
  return count > PRINTER_COUNT_ROUNDED_ABOVE
    ? t('site.printers.over', { limit: PRINTER_COUNT_ROUNDED_ABOVE })
    : t('site.printers.count', { count });
}

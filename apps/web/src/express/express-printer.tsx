import { formatMoney, type TExpressPrinter } from '@printomat/shared';
import type { TTranslate } from '@printomat/shared/i18n';
import { useLocale, useT } from '../i18n/use-t';

/** Why the printer cannot print now, in the person's language (null: it can). */
export function unavailableText(
  t: TTranslate,
  reason: TExpressPrinter['unavailable_reason'],
): string | null {
  if (reason === null) return null;
  if (reason === 'closed') return t('express_page.printer.closed');
  return t(`printers.errors.${reason}`);
}

/** A printer that refuses jobs now cannot be paid for: the money would only go back. */
export function refusesJobs(printer: TExpressPrinter): boolean {
  return printer.unavailable_reason === 'disabled' || printer.unavailable_reason === 'maintenance';
}

/** Where the guest prints: the printer's name, address, colour, prices and whether it can print. */
export function ExpressPrinterCard({ printer }: { printer: TExpressPrinter }) {
  const t = useT();
  const { locale } = useLocale();
  const money = (minor: number) => formatMoney(locale, minor, printer.prices.currency);
  const unavailable = unavailableText(t, printer.unavailable_reason);
  return (
    <section className="card express-printer" data-testid="express-printer">
      <p className="express-printer__name" data-testid="express-printer-name">
        {printer.full_name && printer.full_name !== printer.name
          ? `${printer.name} · ${printer.full_name}`
          : printer.name}
      </p>
      <p className="express-printer__address" data-testid="express-printer-address">
        {printer.address}, {printer.city}
      </p>
      <p className="express-printer__meta">
        {printer.is_color
          ? t('express_page.printer.colour')
          : t('express_page.printer.black_white')}
        {' · '}
        <span data-testid="express-printer-prices">
          {t('express_page.printer.prices', {
            mono: money(printer.prices.mono_minor),
            colour: money(printer.prices.color_minor),
          })}
        </span>
      </p>
      {unavailable && (
        <p
          className={`banner ${refusesJobs(printer) ? 'banner--danger' : 'banner--warning'}`}
          role="alert"
          data-testid="express-printer-unavailable"
          data-reason={printer.unavailable_reason}
        >
          {unavailable}
        </p>
      )}
    </section>
  );
}

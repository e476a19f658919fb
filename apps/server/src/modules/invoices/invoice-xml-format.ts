import type { TInvoiceLineModel } from './invoice-model';

// Small text and number helpers shared by the FA(3) XML and the PDF of an invoice.

/** Dates in KSeF documents (payment days) are Polish calendar days. */
export const INVOICE_DOCUMENT_TIMEZONE = 'Europe/Warsaw';

/** Grosze as FA(3) writes amounts (TKwotowy): "1234.56", "-0.01", "0.00". */
export function formatAmount(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`amount is not whole grosze: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const zloty = Math.floor(abs / 100);
  const grosze = String(abs % 100).padStart(2, '0');
  return `${sign}${zloty}.${grosze}`;
}

/** The calendar day (YYYY-MM-DD) of a moment in the invoice time zone. */
export function dayInInvoiceZone(moment: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: INVOICE_DOCUMENT_TIMEZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(moment);
}

/**
 * The day a line was sold: each purchase is prepaid, so it is sold on the day it was paid
 * (art. 19a ust. 8), as a Polish calendar day. A correction's rows keep their purchase's day.
 */
export function saleDayOf(line: TInvoiceLineModel): string {
  // new Date(): a driver that hands timestamps over as strings must not break the documents.
  return dayInInvoiceZone(new Date(line.paidAt));
}

/**
 * The one sale day all lines share (FA(3) P_6, one "Data sprzedaży" on the PDF), or null when
 * their days differ or there are no lines: then each line carries its own day (FaWiersz P_6A).
 */
export function commonSaleDay(lines: TInvoiceLineModel[]): string | null {
  const days = new Set(lines.map(saleDayOf));
  const [only] = days;
  return days.size === 1 && only ? only : null;
}

// XML 1.0 forbids most control characters even when escaped; a pasted company name may carry one.
function isXmlChar(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
  if (code >= 0xd800 && code <= 0xdfff) return false; // a lone surrogate half
  return code !== 0xfffe && code !== 0xffff;
}

/** Text content or attribute value, escaped; whitespace collapsed as the schema's token types do. */
export function escapeXml(text: string): string {
  return Array.from(text)
    .filter(isXmlChar)
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** At most `max` characters (code points), so a long text never breaks a schema length limit. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : chars.slice(0, max).join('');
}

export type TPaymentPart<K extends string> = { day: string; key: K | null; grossMinor: number };

/** The lines' gross summed per payment day (in the invoice time zone) and key, oldest first. */
export function groupPayments<K extends string>(
  lines: TInvoiceLineModel[],
  keyOf: (line: TInvoiceLineModel) => K | null,
): TPaymentPart<K>[] {
  const parts = new Map<string, TPaymentPart<K>>();
  for (const line of lines) {
    const day = dayInInvoiceZone(line.paidAt);
    const key = keyOf(line);
    const id = `${day}|${key ?? ''}`;
    const part = parts.get(id) ?? { day, key, grossMinor: 0 };
    part.grossMinor += line.grossMinor;
    parts.set(id, part);
  }
  return [...parts.values()].sort(
    (a, b) => a.day.localeCompare(b.day) || (a.key ?? '').localeCompare(b.key ?? ''),
  );
}

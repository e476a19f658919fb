import { createHash, randomBytes } from 'node:crypto';

// The identifiers KSeF hands out (KSeF 2.0 docs, numer-ksef.md and the OpenAPI's patterns): the
// KSeF number of an accepted invoice and the reference numbers of sessions and invoices. The
// sandbox client makes them in the same format, so what admins and the PDF show looks alike.

/** `NNNNNNNNNN-YYYYMMDD-XXXXXXXXXXXX-CC`: seller NIP, date, 12 upper hex, CRC-8 of the rest. */
export const KSEF_NUMBER_PATTERN = /^[1-9]\d{9}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/;

/** CRC-8 (polynomial 0x07, initial value 0x00) of ASCII text, as 2 upper-case hex digits. */
export function crc8Hex(text: string): string {
  let crc = 0;
  for (const byte of Buffer.from(text, 'ascii')) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc.toString(16).toUpperCase().padStart(2, '0');
}

/** YYYYMMDD of a moment in the given time zone. */
export function compactDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(at)
    .replaceAll('-', '');
}

/** A KSeF number: `<seller NIP>-<YYYYMMDD>-<12 hex>-<CRC-8>`, the hex given (12 upper hex). */
export function ksefNumber(sellerNip: string, date: string, hex12: string): string {
  const head = `${sellerNip}-${date}-${hex12.toUpperCase()}`;
  return `${head}-${crc8Hex(head)}`;
}

/** The 12 hex digits of a KSeF number derived from a document (stable for the same bytes). */
export function hexOfDocument(xml: string): string {
  return createHash('sha256').update(xml, 'utf8').digest('hex').slice(0, 12).toUpperCase();
}

/**
 * A reference number: `YYYYMMDD-TT-XXXXXXXXXX-XXXXXXXXXX-XX` (36 characters; TT: SO online
 * session, EE invoice, CR challenge, AU authentication). Random unless `seed` is given.
 */
export function referenceNumber(date: string, type: string, seed?: string): string {
  const hex = (
    seed === undefined
      ? randomBytes(10).toString('hex')
      : createHash('sha256').update(`${type}:${seed}`).digest('hex').slice(0, 20)
  ).toUpperCase();
  const head = `${date}-${type}-${hex.slice(0, 10)}-${hex.slice(10, 20)}`;
  return `${head}-${crc8Hex(head)}`;
}

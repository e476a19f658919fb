/**
 * A small E.164 parser for the numbers we send codes to. Written here instead of pulling in a
 * full numbering-plan library: we only need "is it a plausible number of a country we send SMS
 * to", and which Polish numbers are mobile (the old-app rule).
 */

type TCountry = { iso: string; code: string; nationalLengths: readonly number[] };

/** Countries we send SMS to. Others are "not supported". */
export const SUPPORTED_COUNTRIES: readonly TCountry[] = [
  { iso: 'PL', code: '48', nationalLengths: [9] },
  { iso: 'DE', code: '49', nationalLengths: [10, 11] },
  { iso: 'AT', code: '43', nationalLengths: [10, 11, 12, 13] },
  { iso: 'CH', code: '41', nationalLengths: [9] },
  { iso: 'GB', code: '44', nationalLengths: [10] },
  { iso: 'CZ', code: '420', nationalLengths: [9] },
  { iso: 'SK', code: '421', nationalLengths: [9] },
];

/** Polish mobile operators' number ranges (first two national digits, UKE numbering plan). */
const POLISH_MOBILE_PREFIXES = new Set([
  '45',
  '50',
  '51',
  '53',
  '57',
  '60',
  '66',
  '69',
  '72',
  '73',
  '78',
  '79',
  '88',
]);

export type TParsedPhone = {
  /** +48501234567 */
  e164: string;
  country: string;
  national: string;
};

export type TParseResult =
  { ok: true; phone: TParsedPhone } | { ok: false; reason: 'invalid' | 'not_supported' };

/** E.164 allows at most 15 digits; shorter than 8 is no real subscriber number. */
const MIN_DIGITS = 8;
const MAX_DIGITS = 15;

/**
 * Accepts `+48 501 234 567`, `0048501234567`, `(+48) 501-234-567`, and 9 digits without a
 * country code as a Polish number (the service's home market).
 */
export function parsePhoneNumber(input: string): TParseResult {
  const compact = input.trim().replace(/[\s\-./()]/g, '');
  let digits: string;
  if (/^\+\d+$/.test(compact)) digits = compact.slice(1);
  else if (/^00\d+$/.test(compact)) digits = compact.slice(2);
  else if (/^\d{9}$/.test(compact)) digits = `48${compact}`;
  else return { ok: false, reason: 'invalid' };
  if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS || digits.startsWith('0')) {
    return { ok: false, reason: 'invalid' };
  }
  const country = SUPPORTED_COUNTRIES.find((c) => digits.startsWith(c.code));
  if (!country) return { ok: false, reason: 'not_supported' };
  let national = digits.slice(country.code.length);
  // People often keep the trunk zero after the country code: +49 (0)151...
  if (national.startsWith('0') && country.iso !== 'PL') national = national.slice(1);
  if (!country.nationalLengths.includes(national.length) || national.startsWith('0')) {
    return { ok: false, reason: 'invalid' };
  }
  return {
    ok: true,
    phone: { e164: `+${country.code}${national}`, country: country.iso, national },
  };
}

export function isPolishMobile(phone: TParsedPhone): boolean {
  return phone.country === 'PL' && POLISH_MOBILE_PREFIXES.has(phone.national.slice(0, 2));
}

/** A blacklist entry is a whole number or a prefix, both in E.164 (`+48700`). */
export function isBlacklisted(e164: string, blacklist: readonly string[]): boolean {
  return blacklist.some((entry) => {
    const normalised = entry.startsWith('+') ? entry : `+${entry.replace(/^00/, '')}`;
    return e164.startsWith(normalised);
  });
}

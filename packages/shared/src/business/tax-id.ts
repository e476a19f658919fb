// Tax numbers of business accounts (issue 15; spec 5 "nip_number … invalid"): the Polish NIP with
// its checksum, and EU VAT numbers of foreign companies by their country's format.

export type TTaxId = {
  /** 'PL' for a NIP, else the EU VAT prefix (EL is Greece). */
  taxCountry: string;
  /** Digits (and letters where a country uses them), no prefix, no spaces or dashes. */
  taxId: string;
};

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;

/** A 10-digit NIP (dashes and spaces allowed) whose check digit is right. */
export function isValidNip(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{10}$/.test(digits)) return false;
  if (digits.startsWith('0')) return false;
  const sum = NIP_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(digits[i]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(digits[9]);
}

/**
 * What a person typed as a tax number, normalised: a NIP ("526-104-00-01", "PL5261040001") or an
 * EU VAT number ("DE123456789"). Undefined when it is not valid.
 */
export function parseTaxId(value: string): TTaxId | undefined {
  const compact = value.replace(/[\s.-]/g, '').toUpperCase();
  const nip = compact.startsWith('PL') ? compact.slice(2) : compact;
  if (/^\d{10}$/.test(nip)) return isValidNip(nip) ? { taxCountry: 'PL', taxId: nip } : undefined;
  const match = /^([A-Z]{2})([0-9A-Z+*]{2,12})$/.exec(compact);
  if (!match) return undefined;
  const [, prefix, number] = match as unknown as [string, string, string];
  return isValidEuVatNumber(prefix, number) ? { taxCountry: prefix, taxId: number } : undefined;
}

/** The tax number as printed: "5261040001" for a NIP, "DE123456789" for an EU VAT number. */
export function formatTaxId(taxId: TTaxId): string {
  return taxId.taxCountry === 'PL' ? taxId.taxId : `${taxId.taxCountry}${taxId.taxId}`;
}

/** EU VAT number formats by prefix (without the prefix). */
export const EU_VAT_PATTERNS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[0-9A-Z]\d{7}[0-9A-Z]$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[0-9A-Z+*]\d{5}[A-Z]{1,2}$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

const digitsOf = (number: string): number[] => [...number].map(Number);

/** The Luhn sum (every second digit from the right doubled) is a multiple of 10. */
function luhnValid(number: string): boolean {
  const sum = digitsOf(number)
    .reverse()
    .reduce((acc, digit, i) => {
      const value = i % 2 === 1 ? digit * 2 : digit;
      return acc + (value > 9 ? value - 9 : value);
    }, 0);
  return sum % 10 === 0;
}

/** ISO 7064 MOD 11,10 over every digit, check digit included. */
function mod11and10Valid(number: string): boolean {
  let check = 5;
  for (const digit of digitsOf(number)) check = ((((check || 10) * 2) % 11) + digit) % 10;
  return check === 1;
}

/**
 * Check digits of the member states whose rule is public and simple (the tax offices' own
 * descriptions; the same rules python-stdnum and the VIES format notes use). The other states
 * are checked by format only: VIES, not a formula, is the authority for them.
 */
const EU_VAT_CHECKSUMS: Record<string, (number: string) => boolean> = {
  // Austria: U + 7 digits + check digit; weights 1 2 1 2 1 2 1 (cross sums of the products),
  // check = (10 - (sum + 4) mod 10) mod 10.
  AT: (n) => {
    const sum = digitsOf(n.slice(1, 8)).reduce((acc, digit, i) => {
      const value = i % 2 === 1 ? digit * 2 : digit;
      return acc + (value > 9 ? value - 9 : value);
    }, 0);
    return (10 - ((sum + 4) % 10)) % 10 === Number(n[8]);
  },
  // Belgium: the first 8 digits mod 97 plus the last 2 make 97.
  BE: (n) => (Number(n.slice(0, 8)) + Number(n.slice(8))) % 97 === 0,
  // Germany: ISO 7064 MOD 11,10; never starts with 0.
  DE: (n) => !n.startsWith('0') && mod11and10Valid(n),
  // Denmark (CVR): weights 2 7 6 5 4 3 2 1, the sum divisible by 11.
  DK: (n) => [2, 7, 6, 5, 4, 3, 2, 1].reduce((acc, w, i) => acc + w * Number(n[i]), 0) % 11 === 0,
  // Italy (partita IVA): Luhn over all 11 digits.
  IT: (n) => luhnValid(n),
};

/** An EU VAT number of another member state: its country's format (and checksum where known). */
export function isValidEuVatNumber(prefix: string, number: string): boolean {
  const pattern = EU_VAT_PATTERNS[prefix];
  if (pattern === undefined || !pattern.test(number)) return false;
  const checksum = EU_VAT_CHECKSUMS[prefix];
  return checksum === undefined || checksum(number);
}

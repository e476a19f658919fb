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

/** An EU VAT number of another member state: its country's format (and checksum where known). */
export function isValidEuVatNumber(prefix: string, number: string): boolean {
  const pattern = EU_VAT_PATTERNS[prefix];
  return pattern !== undefined && pattern.test(number);
}

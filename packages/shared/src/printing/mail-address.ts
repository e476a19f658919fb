// Print by e-mail (issue 14): every printer has an address at the inbound mail domain, derived
// from its name so people can guess and remember it ("Złote Tarasy" → zlote-tarasy@…).

/** Letters NFD would not reduce to a plain one (ł, ß) or reduces wrongly for German (ä → a). */
const TRANSLITERATION: Record<string, string> = {
  ą: 'a',
  ć: 'c',
  ę: 'e',
  ł: 'l',
  ń: 'n',
  ó: 'o',
  ś: 's',
  ź: 'z',
  ż: 'z',
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ß: 'ss',
  Ą: 'A',
  Ć: 'C',
  Ę: 'E',
  Ł: 'L',
  Ń: 'N',
  Ó: 'O',
  Ś: 'S',
  Ź: 'Z',
  Ż: 'Z',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ẞ: 'SS',
};
const TRANSLITERATED = new RegExp(`[${Object.keys(TRANSLITERATION).join('')}]`, 'g');

/** The longest local part mail allows (RFC 5321 section 4.5.3.1.1). */
export const MAX_MAIL_LOCAL_PART = 64;

/**
 * What a printer address's local part may hold (admins may type dots and underscores too): a
 * dot-atom (RFC 5321), so a dot is never first, last or next to another; mail servers refuse
 * such addresses or rewrite them.
 */
export const PRINTER_MAIL_LOCAL_PART = /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/;

/**
 * The local part of a printer's address made from its name: Polish and German letters
 * transliterated, other accents dropped, lower case, anything else a single '-', at most 64
 * characters; 'printer' when nothing is left.
 */
export function printerMailLocalPart(name: string): string {
  const local = name
    .normalize('NFC')
    .replace(TRANSLITERATED, (letter) => TRANSLITERATION[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, MAX_MAIL_LOCAL_PART)
    .replace(/-$/, '');
  return local || 'printer';
}

/**
 * The `n`th candidate for a derived address (1: the local part itself, then `-2`, `-3`, …),
 * shortened so the suffix still fits in 64 characters.
 */
export function numberedMailLocalPart(local: string, n: number): string {
  if (n <= 1) return local;
  const suffix = `-${n}`;
  const base = local.slice(0, MAX_MAIL_LOCAL_PART - suffix.length).replace(/-+$/, '');
  return `${base}${suffix}`;
}

/**
 * The local part an earlier release made of a printer's name: every letter outside a–z (ł, ß,
 * ä, …) became '-' ("Złote Tarasy" → z-ote-tarasy). Addresses made so are renewed at start-up.
 */
export function legacyMailLocalParts(name: string): string[] {
  const slug = (value: string) =>
    value
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  const plain = slug(name);
  const accentsDropped = slug(name.normalize('NFD').replace(/\p{M}/gu, ''));
  return [...new Set([plain, accentsDropped])].filter(Boolean);
}

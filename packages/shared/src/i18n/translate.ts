import { IntlMessageFormat } from 'intl-messageformat';
import { catalogFor, type TMessageKey } from './catalog';
import type { TMessageTree } from './define';
import { LOCALES, type TLocale } from './locales';

export type TMessageValues = Record<string, string | number | Date>;
export type TTranslate = (key: TMessageKey, values?: TMessageValues) => string;

const formatters = new Map<string, IntlMessageFormat>();
const catalogs = new Map<TLocale, TMessageTree>(LOCALES.map((l) => [l, catalogFor(l)]));

export function lookupMessage(locale: TLocale, key: string): string | undefined {
  let node: string | TMessageTree | undefined = catalogs.get(locale);
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Formats one ICU message. Unknown keys come back as the key itself, so a gap is visible, never blank. */
/** `key` is usually a TMessageKey; plain strings are accepted for keys built at run time. */
export function translate(locale: TLocale, key: string, values?: TMessageValues): string {
  const source = lookupMessage(locale, key);
  if (source === undefined) return key;
  const cacheKey = `${locale}\u0000${key}`;
  let formatter = formatters.get(cacheKey);
  if (!formatter) {
    formatter = new IntlMessageFormat(source, locale);
    formatters.set(cacheKey, formatter);
  }
  const result = formatter.format(values);
  return typeof result === 'string' ? result : String(result);
}

export function createTranslator(locale: TLocale): TTranslate {
  return (key, values) => translate(locale, key, values);
}

import { catalogFor, type TMessageKey } from './catalog';
import type { TMessageTree } from './define';
import { LOCALES, type TLocale } from './locales';
import { formatMessage, lookupInTree, type TMessageValues } from './tree-translator';

export type TTranslate = (key: TMessageKey, values?: TMessageValues) => string;

// Every namespace in every language (the server, tests). The web app loads its messages per
// language and page instead (apps/web/src/i18n/messages-store.ts) and never imports this file.
const catalogs = new Map<TLocale, TMessageTree>(LOCALES.map((l) => [l, catalogFor(l)]));

export function lookupMessage(locale: TLocale, key: string): string | undefined {
  return lookupInTree(catalogs.get(locale), key);
}

/** Formats one ICU message. Unknown keys come back as the key itself, so a gap is visible, never blank. */
/** `key` is usually a TMessageKey; plain strings are accepted for keys built at run time. */
export function translate(locale: TLocale, key: string, values?: TMessageValues): string {
  const source = lookupMessage(locale, key);
  return source === undefined ? key : formatMessage(locale, key, source, values);
}

export function createTranslator(locale: TLocale): TTranslate {
  return (key, values) => translate(locale, key, values);
}

import { IntlMessageFormat } from 'intl-messageformat';
import type { TMessageTree } from './define';
import type { TLocale } from './locales';

export type TMessageValues = Record<string, string | number | Date>;

/** The text at a dotted key in a (possibly partial) catalog tree, or undefined. */
export function lookupInTree(tree: TMessageTree | undefined, key: string): string | undefined {
  let node: string | TMessageTree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const formatters = new Map<string, IntlMessageFormat>();

/**
 * Formats one ICU message `source` (the text of `key` in `locale`). Formatters are cached by
 * locale and key: a key has one text per language.
 */
export function formatMessage(
  locale: TLocale,
  key: string,
  source: string,
  values?: TMessageValues,
): string {
  const cacheKey = `${locale}\u0000${key}`;
  let formatter = formatters.get(cacheKey);
  if (!formatter) {
    formatter = new IntlMessageFormat(source, locale);
    formatters.set(cacheKey, formatter);
  }
  const result = formatter.format(values);
  return typeof result === 'string' ? result : String(result);
}

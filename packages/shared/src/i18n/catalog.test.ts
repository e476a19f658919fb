import { describe, expect, it } from 'vitest';
import {
  isArgumentElement,
  isDateElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  isTimeElement,
  parse,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { NAMESPACES } from './catalog';
import type { TMessageTree } from './define';
import { LOCALES, type TLocale } from './locales';
import { translate } from './translate';

/** Every message of a tree as dotted key -> text. */
function flatten(tree: TMessageTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

type TArgKind = 'argument' | 'number' | 'date' | 'time' | 'select' | 'plural' | 'tag';

/** Walks the parsed message, including plural/select branches and rich-text tags. */
function visit(
  elements: MessageFormatElement[],
  onArgument: (name: string, kind: TArgKind, element: MessageFormatElement) => void,
): void {
  for (const el of elements) {
    if (isArgumentElement(el)) onArgument(el.value, 'argument', el);
    else if (isNumberElement(el)) onArgument(el.value, 'number', el);
    else if (isDateElement(el)) onArgument(el.value, 'date', el);
    else if (isTimeElement(el)) onArgument(el.value, 'time', el);
    else if (isSelectElement(el) || isPluralElement(el)) {
      onArgument(el.value, isPluralElement(el) ? 'plural' : 'select', el);
      for (const option of Object.values(el.options)) visit(option.value, onArgument);
    } else if (isTagElement(el)) {
      onArgument(el.value, 'tag', el);
      visit(el.children, onArgument);
    }
  }
}

function argumentsOf(message: string): Map<string, TArgKind> {
  const args = new Map<string, TArgKind>();
  visit(parse(message), (name, kind) => {
    if (!args.has(name) || args.get(name) === 'argument') args.set(name, kind);
  });
  return args;
}

/** A value of the right sort for each argument, so every message can be formatted. */
function sampleValues(
  args: Map<string, TArgKind>,
): Record<string, string | number | Date | ((chunks: unknown[]) => string)> {
  const values: Record<string, string | number | Date | ((chunks: unknown[]) => string)> = {};
  for (const [name, kind] of args) {
    values[name] =
      kind === 'tag'
        ? (chunks) => chunks.join('')
        : kind === 'plural' || kind === 'number'
          ? 3
          : kind === 'date' || kind === 'time'
            ? new Date(Date.UTC(2026, 0, 15, 12))
            : kind === 'select'
              ? 'other'
              : `«${name}»`;
  }
  return values;
}

const namespaces = Object.entries(NAMESPACES) as Array<[string, Record<TLocale, TMessageTree>]>;

describe('message catalog', () => {
  it('has namespaces to check', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    expect(LOCALES).toContain('en');
  });

  describe.each(namespaces)('namespace %s', (name, messages) => {
    const en = flatten(messages.en);

    it('has English messages, none empty', () => {
      expect(en.size).toBeGreaterThan(0);
      const empty = [...en].filter(([, text]) => text.trim() === '').map(([key]) => key);
      expect(empty).toEqual([]);
    });

    it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the English keys', (locale) => {
      const other = flatten(messages[locale]);
      const missing = [...en.keys()].filter((k) => !other.has(k)).map((k) => `${name}.${k}`);
      const extra = [...other.keys()].filter((k) => !en.has(k)).map((k) => `${name}.${k}`);
      expect({ locale, missing, extra }).toEqual({ locale, missing: [], extra: [] });
    });

    it('every message is valid ICU and formats with sample values', () => {
      const problems: string[] = [];
      for (const locale of LOCALES) {
        for (const [key, text] of flatten(messages[locale])) {
          try {
            const args = argumentsOf(text);
            const formatted = new IntlMessageFormat(text, locale).format(sampleValues(args));
            if (typeof formatted !== 'string' || formatted.trim() === '')
              problems.push(`${locale} ${name}.${key}: formats to nothing`);
          } catch (err) {
            problems.push(`${locale} ${name}.${key}: ${(err as Error).message}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });

    it('uses the same ICU arguments in every language', () => {
      const mismatches: string[] = [];
      for (const [key, text] of en) {
        const expected = [...argumentsOf(text).keys()].sort();
        for (const locale of LOCALES) {
          const other = flatten(messages[locale]).get(key);
          if (other === undefined) continue; // reported by the key check
          let actual: string[];
          try {
            actual = [...argumentsOf(other).keys()].sort();
          } catch {
            continue; // reported by the syntax check
          }
          if (actual.join(',') !== expected.join(','))
            mismatches.push(
              `${locale} ${name}.${key}: {${actual.join(', ')}} but English has {${expected.join(', ')}}`,
            );
        }
      }
      expect(mismatches).toEqual([]);
    });

    it('gives every Polish plural the one, few, many and other forms', () => {
      const incomplete: string[] = [];
      for (const [key, text] of flatten(messages.pl)) {
        let elements: MessageFormatElement[];
        try {
          elements = parse(text);
        } catch {
          continue; // reported by the syntax check
        }
        visit(elements, (arg, kind, el) => {
          if (kind !== 'plural' || !isPluralElement(el) || el.pluralType === 'ordinal') return;
          const missing = ['one', 'few', 'many', 'other'].filter((form) => !(form in el.options));
          if (missing.length)
            incomplete.push(`pl ${name}.${key} {${arg}}: missing ${missing.join(', ')}`);
        });
      }
      expect(incomplete).toEqual([]);
    });
  });
});

describe('Polish page counts', () => {
  const word = (n: number) => {
    const text = translate('pl', 'account.pages', { count: n });
    expect(text).not.toBe('account.pages');
    const match = text.match(new RegExp(`(?:^|\\s)${n}\\s+(\\p{L}+)`, 'u'));
    return match?.[1];
  };

  it.each([1])('%i strona', (n) => expect(word(n)).toBe('strona'));
  it.each([2, 3, 4, 22])('%i strony', (n) => expect(word(n)).toBe('strony'));
  it.each([5, 12, 25])('%i stron', (n) => expect(word(n)).toBe('stron'));
});

import {
  formatMessage,
  lookupInTree,
  type TLocale,
  type TMessageKey,
  type TMessageTree,
  type TTranslate,
} from '@printomat/shared/i18n';
import { MESSAGE_GROUPS, groupOfNamespace, type TMessageGroup } from './message-groups';

/** Loads one group's namespaces in one language (the browser: a chunk per group and language). */
export type TMessageSource = (
  group: TMessageGroup,
  locale: TLocale,
) => Promise<Record<string, TMessageTree>>;

const ALL_GROUPS = Object.keys(MESSAGE_GROUPS) as TMessageGroup[];

let source: TMessageSource | null = null;
const trees = new Map<TLocale, Record<string, TMessageTree>>();
const loaded = new Map<TLocale, Set<TMessageGroup>>();
const pending = new Map<string, Promise<void>>();
/** Groups the app has needed so far, in any language: a language switch loads them all first. */
const inUse = new Set<TMessageGroup>(['public']);
let activeLocale: TLocale | null = null;
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function merge(target: Record<string, TMessageTree>, from: Record<string, TMessageTree>): void {
  for (const [key, value] of Object.entries(from)) {
    const existing = target[key];
    if (existing && typeof existing !== 'string' && typeof value !== 'string') {
      const copy = { ...existing } as Record<string, TMessageTree>;
      merge(copy, value as Record<string, TMessageTree>);
      target[key] = copy;
    } else target[key] = value;
  }
}

function add(
  locale: TLocale,
  groups: readonly TMessageGroup[],
  tree: Record<string, TMessageTree>,
) {
  const current = trees.get(locale) ?? {};
  merge(current, tree);
  trees.set(locale, current);
  const done = loaded.get(locale) ?? new Set();
  for (const group of groups) done.add(group);
  loaded.set(locale, done);
  changed();
}

/** Where groups come from (`main.tsx`: the built chunks). */
export function setMessageSource(load: TMessageSource): void {
  source = load;
}

/** The whole catalog of a language at once (the server's pre-rendering, tests). */
export function addFullCatalog(locale: TLocale, tree: TMessageTree): void {
  add(locale, ALL_GROUPS, tree as Record<string, TMessageTree>);
}

export function isGroupLoaded(locale: TLocale, group: TMessageGroup): boolean {
  return loaded.get(locale)?.has(group) ?? false;
}

/** Loads `groups` in `locale` (once; a failed load is tried again on the next call). */
export function loadMessages(locale: TLocale, groups: readonly TMessageGroup[]): Promise<void> {
  for (const group of groups) inUse.add(group);
  const loads: Array<Promise<void>> = [];
  for (const group of groups) {
    if (isGroupLoaded(locale, group) || !source) continue;
    const id = `${group}/${locale}`;
    let promise = pending.get(id);
    if (!promise) {
      promise = source(group, locale)
        .then((tree) => add(locale, [group], tree))
        .finally(() => pending.delete(id));
      pending.set(id, promise);
    }
    loads.push(promise);
  }
  return Promise.all(loads).then(() => undefined);
}

/** True when every group the app uses so far is loaded in `locale`. */
export function isLocaleReady(locale: TLocale): boolean {
  return [...inUse].every((group) => isGroupLoaded(locale, group));
}

/** Loads, in `locale`, every group the app has used so far (before switching to it). */
export function loadLocale(locale: TLocale): Promise<void> {
  return loadMessages(locale, [...inUse]);
}

/**
 * The language to show when `wanted` is asked for: itself once its texts are loaded, until then
 * the one shown so far (I18nProvider loads `wanted` meanwhile). Remembered for `withMessages`.
 */
export function resolveLocale(wanted: TLocale): TLocale {
  if (!activeLocale || isLocaleReady(wanted) || !isLocaleReady(activeLocale)) activeLocale = wanted;
  return activeLocale;
}

/**
 * Wraps a lazy screen's import so that its message groups load with it, in the language shown:
 * `lazy(withMessages(['admin'], () => import('./admin/admin-area')))`.
 */
export function withMessages<T>(
  groups: readonly TMessageGroup[],
  load: () => Promise<T>,
): () => Promise<T> {
  return () => {
    const messages = activeLocale ? loadMessages(activeLocale, groups) : Promise.resolve();
    // A failed messages chunk must not break the screen: its texts are requested again on use.
    return Promise.all([load(), messages.catch(() => undefined)]).then(([module]) => module);
  };
}

/** Whether a loaded language has `key` (every language has the same keys: a test checks). */
export function hasMessage(key: string): boolean {
  return [...trees.values()].some((tree) => lookupInTree(tree, key) !== undefined);
}

/** `t` over the loaded messages of `locale`; a key of a group not loaded yet requests it. */
function createStoreTranslator(locale: TLocale): TTranslate {
  return (key: TMessageKey, values) => {
    const text = lookupInTree(trees.get(locale), key);
    if (text !== undefined) return formatMessage(locale, key, text, values);
    const group = groupOfNamespace(key.split('.', 1)[0] ?? '');
    if (group && !isGroupLoaded(locale, group))
      void loadMessages(locale, [group]).catch(() => undefined);
    return key;
  };
}

const translators = new Map<TLocale, { version: number; t: TTranslate }>();

/** The translator of `locale`: the same function until more messages arrive (then a new one). */
export function translatorFor(locale: TLocale): TTranslate {
  let entry = translators.get(locale);
  if (!entry || entry.version !== version) {
    entry = { version, t: createStoreTranslator(locale) };
    translators.set(locale, entry);
  }
  return entry.t;
}

export function subscribeMessages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALES, NAMESPACES, catalogFor, type TLocale } from '@printomat/shared/i18n';
import { MESSAGE_GROUPS, groupMessages, type TMessageGroup } from './message-groups';
import type * as TStore from './messages-store';

// A fresh store per test (the test setup fills the shared one with the whole catalog).
let store: typeof TStore;
let source: ReturnType<typeof vi.fn<(group: TMessageGroup, locale: TLocale) => Promise<object>>>;

beforeEach(async () => {
  vi.resetModules();
  store = await import('./messages-store');
  source = vi.fn((group: TMessageGroup, locale: TLocale) =>
    Promise.resolve(groupMessages(catalogFor(locale), group)),
  );
  store.setMessageSource(source as never);
});

describe('message groups', () => {
  it('name only namespaces of the catalog, each in one group at most', () => {
    const seen = new Set<string>();
    for (const entries of Object.values(MESSAGE_GROUPS)) {
      for (const entry of entries as readonly string[]) {
        const namespace = entry.split('.')[0] ?? '';
        expect(Object.keys(NAMESPACES)).toContain(namespace);
        if (entry === namespace) {
          expect(seen.has(namespace)).toBe(false);
          seen.add(namespace);
        }
      }
    }
    // The server's own texts never reach the browser.
    expect(seen.has('mail')).toBe(false);
  });

  it('take a whole namespace, or only the part a `namespace.key` entry names', () => {
    for (const locale of LOCALES) {
      const group = groupMessages(catalogFor(locale), 'public');
      const catalog = catalogFor(locale) as Record<string, Record<string, unknown>>;
      expect(group.landing).toEqual(catalog.landing);
      expect(group.admin).toEqual({ title: catalog.admin?.title });
      expect(group.uploader).toBeUndefined();
    }
  });
});

describe('messages store', () => {
  it('loads a group once per language; a key of a group not loaded asks for it', async () => {
    expect(store.translatorFor('en')('common.app_name')).toBe('common.app_name');
    expect(source).toHaveBeenCalledWith('public', 'en');
    await store.loadMessages('en', ['public']);
    await store.loadMessages('en', ['public']);
    expect(source).toHaveBeenCalledTimes(1);
    expect(store.translatorFor('en')('landing.hero.title')).toBe(
      'Print from your phone at a printer near you',
    );
    expect(store.translatorFor('pl')('landing.hero.title')).toBe('landing.hero.title');
  });

  it('keeps the partial namespace of one group and the whole of another together', async () => {
    await store.loadMessages('en', ['public']);
    const t = store.translatorFor('en');
    expect(t('admin.title')).not.toBe('admin.title');
    expect(t('admin_printers.index.filter_city')).toBe('admin_printers.index.filter_city');
    await store.loadMessages('en', ['admin']);
    const after = store.translatorFor('en');
    expect(after).not.toBe(t);
    expect(after('admin.title')).toBe(t('admin.title'));
    expect(after('admin_printers.index.filter_city')).not.toBe('admin_printers.index.filter_city');
  });

  it('a language is ready when every group used so far is loaded in it', async () => {
    await store.loadMessages('en', ['public', 'app']);
    expect(store.isLocaleReady('en')).toBe(true);
    expect(store.isLocaleReady('de')).toBe(false);
    await store.loadLocale('de');
    expect(source).toHaveBeenCalledWith('public', 'de');
    expect(source).toHaveBeenCalledWith('app', 'de');
    expect(store.isLocaleReady('de')).toBe(true);
  });

  it('shows the language loaded so far until the wanted one is loaded', async () => {
    await store.loadMessages('en', ['public']);
    expect(store.resolveLocale('en')).toBe('en');
    expect(store.resolveLocale('pl')).toBe('en');
    await store.loadLocale('pl');
    expect(store.resolveLocale('pl')).toBe('pl');
  });

  it('loads a lazy screen with its groups in the language shown', async () => {
    await store.loadMessages('de', ['public']);
    store.resolveLocale('de');
    const screen = await store.withMessages(['admin'], () => Promise.resolve('screen'))();
    expect(screen).toBe('screen');
    expect(store.isGroupLoaded('de', 'admin')).toBe(true);
  });
});

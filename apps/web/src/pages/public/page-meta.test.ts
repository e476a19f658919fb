import { describe, expect, it } from 'vitest';
import { LOCALES, createTranslator } from '@printomat/shared/i18n';
import { PUBLIC_PATHS, publicPageMeta } from './page-meta';

describe('publicPageMeta', () => {
  it('gives every public page a title and a description in every language, all different', () => {
    for (const locale of LOCALES) {
      const t = createTranslator(locale);
      const metas = PUBLIC_PATHS.map((path) => publicPageMeta(path, t));
      for (const meta of metas) {
        expect(meta?.title).toMatch(/Printomat/);
        expect(meta?.description.length).toBeGreaterThan(40);
        expect(meta?.description).not.toMatch(/^site\.meta/);
      }
      expect(new Set(metas.map((m) => m?.title)).size).toBe(PUBLIC_PATHS.length);
      expect(new Set(metas.map((m) => m?.description)).size).toBe(PUBLIC_PATHS.length);
    }
  });

  it('reads the path without query, hash or trailing slash, and knows only public pages', () => {
    const de = createTranslator('de');
    expect(publicPageMeta('/faq/?from=footer#files', de)).toEqual({
      title: 'Häufige Fragen · Printomat',
      description: expect.stringMatching(/^Antworten rund ums Drucken/),
    });
    expect(publicPageMeta('/kup-pakiet', createTranslator('pl'))?.title).toBe(
      'Pakiety stron · Printomat',
    );
    expect(publicPageMeta('/', createTranslator('en'))?.title).toBe(
      'Printomat – print your documents at a printer near you',
    );
    expect(publicPageMeta('/account', de)).toBeNull();
    expect(publicPageMeta('/constructor', de)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { isLocale, localeFromAcceptLanguage } from './locales';

describe('localeFromAcceptLanguage', () => {
  it('takes a plain supported language', () => {
    expect(localeFromAcceptLanguage('pl')).toBe('pl');
    expect(localeFromAcceptLanguage('de')).toBe('de');
    expect(localeFromAcceptLanguage('en')).toBe('en');
  });

  it('reduces a region to its language, in any letter case', () => {
    expect(localeFromAcceptLanguage('pl-PL')).toBe('pl');
    expect(localeFromAcceptLanguage('de-AT,de;q=0.9')).toBe('de');
    expect(localeFromAcceptLanguage('EN-gb')).toBe('en');
  });

  it('follows the q-values, not the order', () => {
    expect(localeFromAcceptLanguage('en;q=0.5, pl;q=0.9, de;q=0.7')).toBe('pl');
    expect(localeFromAcceptLanguage('de;q=0.1,en')).toBe('en');
    expect(localeFromAcceptLanguage('pl-PL,pl;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('pl');
  });

  it('skips unsupported languages and takes the best supported one', () => {
    expect(localeFromAcceptLanguage('fr-FR,fr;q=0.9,de;q=0.8,en;q=0.7')).toBe('de');
    expect(localeFromAcceptLanguage('*;q=0.1, uk, pl;q=0.3')).toBe('pl');
  });

  it('ignores a language with q=0 or a broken q-value', () => {
    expect(localeFromAcceptLanguage('de;q=0, en;q=0.2')).toBe('en');
    expect(localeFromAcceptLanguage('pl;q=abc, de;q=0.5')).toBe('de');
    // RFC 9110: q=0 means "not acceptable", so it is never picked, even as the only supported one.
    expect(localeFromAcceptLanguage('fr, de;q=0')).toBeUndefined();
    expect(localeFromAcceptLanguage('pl;q=0.0')).toBeUndefined();
  });

  it('gives undefined when nothing supported is asked for', () => {
    expect(localeFromAcceptLanguage('fr-FR,fr;q=0.9,es;q=0.8')).toBeUndefined();
    expect(localeFromAcceptLanguage('*')).toBeUndefined();
    expect(localeFromAcceptLanguage('')).toBeUndefined();
    expect(localeFromAcceptLanguage('   ')).toBeUndefined();
    expect(localeFromAcceptLanguage(',,;q=1')).toBeUndefined();
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined();
  });

  it('does not mistake a language that merely starts like a supported one', () => {
    expect(localeFromAcceptLanguage('plt')).toBeUndefined();
    expect(localeFromAcceptLanguage('den, eng')).toBeUndefined();
  });
});

describe('isLocale', () => {
  it('accepts only the supported codes', () => {
    expect(['de', 'en', 'pl'].every(isLocale)).toBe(true);
    expect(isLocale('pl-PL')).toBe(false);
    expect(isLocale('PL')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});

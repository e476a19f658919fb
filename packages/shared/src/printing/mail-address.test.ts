import { describe, expect, it } from 'vitest';
import { numberedMailLocalPart, printerMailLocalPart } from './mail-address';

describe('printer mail addresses', () => {
  it('transliterates Polish letters instead of dropping them', () => {
    expect(printerMailLocalPart('Złote Tarasy')).toBe('zlote-tarasy');
    expect(printerMailLocalPart('Biblioteka Jagiellońska')).toBe('biblioteka-jagiellonska');
    expect(printerMailLocalPart('ąćęłńóśźż ĄĆĘŁŃÓŚŹŻ')).toBe('acelnoszz-acelnoszz');
    expect(printerMailLocalPart('Łódź Żabka')).toBe('lodz-zabka');
  });

  it('writes German umlauts and ß the German way', () => {
    expect(printerMailLocalPart('Müllerstraße')).toBe('muellerstrasse');
    expect(printerMailLocalPart('Ärztehaus Öl Übersee')).toBe('aerztehaus-oel-uebersee');
    expect(printerMailLocalPart('GROẞ')).toBe('gross');
  });

  it('drops other accents, also when the name arrives decomposed', () => {
    expect(printerMailLocalPart('Café Crème Škoda')).toBe('cafe-creme-skoda');
    // "ó" and "ü" as a letter plus a combining mark (NFD input).
    expect(printerMailLocalPart('Mu\u0308ller Ło\u0301dz\u0301')).toBe('mueller-lodz');
  });

  it('turns runs of anything else into one dash, none at the ends', () => {
    expect(printerMailLocalPart('  St. Oberholz!! ')).toBe('st-oberholz');
    expect(printerMailLocalPart('A-0 / building_2')).toBe('a-0-building-2');
    expect(printerMailLocalPart('--Mall of Berlin--')).toBe('mall-of-berlin');
  });

  it('is at most 64 characters and never ends in a dash after cutting', () => {
    const long = printerMailLocalPart(`${'a'.repeat(63)} b`);
    expect(long).toBe('a'.repeat(63));
    expect(printerMailLocalPart('x'.repeat(100))).toHaveLength(64);
  });

  it('falls back to "printer" when nothing usable is left', () => {
    expect(printerMailLocalPart('')).toBe('printer');
    expect(printerMailLocalPart('!!! ???')).toBe('printer');
    expect(printerMailLocalPart('東京')).toBe('printer');
  });

  it('numbers further candidates within 64 characters', () => {
    expect(numberedMailLocalPart('zlote-tarasy', 1)).toBe('zlote-tarasy');
    expect(numberedMailLocalPart('zlote-tarasy', 2)).toBe('zlote-tarasy-2');
    const numbered = numberedMailLocalPart(`${'a'.repeat(62)}-b`, 12);
    expect(numbered).toBe(`${'a'.repeat(61)}-12`);
    expect(numbered).toHaveLength(64);
  });
});

import { describe, expect, it } from 'vitest';
import { formatPlMoney, formatPlNumber, labelsFor } from './invoice-pdf-text';

describe('invoice PDF words and numbers', () => {
  it('prints money the Polish way, thousands grouped even with four digits', () => {
    expect(formatPlMoney(123456, 'PLN')).toBe('1 234,56 zł');
    expect(formatPlMoney(-1, 'PLN')).toBe('-0,01 zł');
    expect(formatPlNumber(100000000)).toBe('1 000 000,00');
    expect(formatPlNumber(5)).toBe('0,05');
  });

  it('labels in Polish, with the customer language beside it for de and en customers', () => {
    expect(labelsFor('pl').both('title_invoice')).toBe('Faktura VAT');
    expect(labelsFor('en').both('title_invoice')).toBe('Faktura VAT / Invoice');
    expect(labelsFor('de').both('title_correction')).toBe(
      'Faktura korygująca / Rechnungskorrektur',
    );
    // The same word in both languages is printed once.
    expect(labelsFor('en').both('methods.blik')).toBe('BLIK');
    expect(labelsFor('de').both('page', { page: 1, pages: 2 })).toBe(
      'Strona 1 z 2 / Seite 1 von 2',
    );
  });
});

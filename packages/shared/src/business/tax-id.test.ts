import { describe, expect, it } from 'vitest';
import { formatTaxId, isValidEuVatNumber, isValidNip, parseTaxId } from './tax-id';

describe('NIP', () => {
  it('accepts numbers whose check digit is right, with or without dashes and spaces', () => {
    for (const nip of ['5261040001', '7770000005', '1234560007', '1234563218'])
      expect(isValidNip(nip), nip).toBe(true);
    expect(isValidNip('526-104-00-01')).toBe(true);
    expect(isValidNip('526 104 00 01')).toBe(true);
    expect(isValidNip('52-61-04-00-01')).toBe(true);
  });

  it('refuses a wrong check digit, wrong lengths, letters and a leading zero', () => {
    expect(isValidNip('5261040002')).toBe(false); // check digit 1 expected
    expect(isValidNip('1234560008')).toBe(false);
    expect(isValidNip('526104000')).toBe(false); // 9 digits
    expect(isValidNip('52610400011')).toBe(false); // 11 digits
    expect(isValidNip('52610400O1')).toBe(false); // a letter O
    expect(isValidNip('')).toBe(false);
    expect(isValidNip('0261040001')).toBe(false); // no tax office code starts with 0
  });

  it('refuses every number whose weighted sum leaves 10 (no digit can be its check digit)', () => {
    // Weights 6 5 7 2 3 4 5 6 7 on 1 0 0 0 0 0 0 1 6: 6 + 6 + 42 = 54, and 54 mod 11 = 10.
    for (let last = 0; last <= 9; last += 1)
      expect(isValidNip(`100000016${last}`), `100000016${last}`).toBe(false);
  });
});

describe('parseTaxId', () => {
  it('normalises a NIP typed in any usual way', () => {
    for (const typed of ['5261040001', '526-104-00-01', 'PL5261040001', 'pl 526 104 00 01'])
      expect(parseTaxId(typed), typed).toEqual({ taxCountry: 'PL', taxId: '5261040001' });
  });

  it('refuses an invalid NIP, also with the PL prefix', () => {
    expect(parseTaxId('5261040002')).toBeUndefined();
    expect(parseTaxId('PL5261040002')).toBeUndefined();
    expect(parseTaxId('PL12345')).toBeUndefined();
    expect(parseTaxId('hello')).toBeUndefined();
  });

  it('reads EU VAT numbers with their prefix', () => {
    expect(parseTaxId('DE136695976')).toEqual({ taxCountry: 'DE', taxId: '136695976' });
    expect(parseTaxId('de 136 695 976')).toEqual({ taxCountry: 'DE', taxId: '136695976' });
    expect(parseTaxId('ATU13585627')).toEqual({ taxCountry: 'AT', taxId: 'U13585627' });
    expect(parseTaxId('NL123456789B01')).toEqual({ taxCountry: 'NL', taxId: '123456789B01' });
    expect(parseTaxId('EL123456789')).toEqual({ taxCountry: 'EL', taxId: '123456789' });
    // Greece is EL in VAT numbers, never GR; unknown prefixes are refused.
    expect(parseTaxId('GR123456789')).toBeUndefined();
    expect(parseTaxId('XX123456789')).toBeUndefined();
    // Without a prefix, a number is only a NIP.
    expect(parseTaxId('136695976')).toBeUndefined();
  });

  it('prints a NIP bare and an EU VAT number with its prefix', () => {
    expect(formatTaxId({ taxCountry: 'PL', taxId: '5261040001' })).toBe('5261040001');
    expect(formatTaxId({ taxCountry: 'DE', taxId: '136695976' })).toBe('DE136695976');
  });
});

describe('EU VAT numbers', () => {
  it('checks the check digit where the rule is public (DE, AT, BE, DK, IT)', () => {
    const cases: [string, string, boolean][] = [
      ['DE', '136695976', true],
      ['DE', '136695978', false],
      ['DE', '036695976', false], // German numbers never start with 0
      ['AT', 'U13585627', true],
      ['AT', 'U13585626', false],
      ['BE', '0428759497', true],
      ['BE', '0403019261', true],
      ['BE', '0431150351', false],
      ['DK', '13585628', true],
      ['DK', '13585627', false],
      ['IT', '00743110157', true],
      ['IT', '00743110158', false],
    ];
    for (const [prefix, number, valid] of cases)
      expect(isValidEuVatNumber(prefix, number), `${prefix}${number}`).toBe(valid);
  });

  it('checks only the format of the other member states', () => {
    expect(isValidEuVatNumber('FR', '40303265045')).toBe(true);
    expect(isValidEuVatNumber('FR', '4030326504')).toBe(false);
    expect(isValidEuVatNumber('CZ', '12345678')).toBe(true);
    expect(isValidEuVatNumber('CZ', '1234567')).toBe(false);
    expect(isValidEuVatNumber('AT', '13585627')).toBe(false); // the U is part of the number
    expect(isValidEuVatNumber('PL', '5261040001')).toBe(false); // a NIP is not an "EU" number here
  });
});

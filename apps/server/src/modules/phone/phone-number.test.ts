import { describe, expect, it } from 'vitest';
import { isOlderThan, parseAppVersion } from './app-version';
import { isBlacklisted, isPolishMobile, parsePhoneNumber } from './phone-number';

const e164 = (input: string) => {
  const parsed = parsePhoneNumber(input);
  return parsed.ok ? parsed.phone.e164 : parsed.reason;
};

describe('parsePhoneNumber', () => {
  it('normalises the ways people write numbers to E.164', () => {
    expect(e164('+48 501 234 567')).toBe('+48501234567');
    expect(e164('0048-501-234-567')).toBe('+48501234567');
    expect(e164('(+48) 501.234.567')).toBe('+48501234567');
    expect(e164('501234567')).toBe('+48501234567'); // 9 digits: Polish
    expect(e164('+49 (0)151 23456789')).toBe('+4915123456789'); // trunk zero dropped
    expect(e164('+44 7911 123456')).toBe('+447911123456');
    expect(e164('+420 601 123 456')).toBe('+420601123456');
    expect(e164('+41 79 123 45 67')).toBe('+41791234567');
  });

  it('says invalid for what is no phone number, not supported for other countries', () => {
    for (const input of [
      '',
      '12',
      'abc',
      '+48 12345',
      '+48 5012345678',
      '+48 012345678',
      '++48501234567',
      '0501234567',
      '+0 123 456 789',
    ])
      expect(e164(input), input).toBe('invalid');
    for (const input of ['+1 212 555 0100', '+7 912 345 67 89', '+33 6 12 34 56 78'])
      expect(e164(input), input).toBe('not_supported');
    expect(e164('+1234567890123456')).toBe('invalid'); // over 15 digits
  });

  it('knows Polish mobile operators’ ranges', () => {
    const phone = (input: string) => {
      const parsed = parsePhoneNumber(input);
      if (!parsed.ok) throw new Error(input);
      return parsed.phone;
    };
    expect(isPolishMobile(phone('+48 501 234 567'))).toBe(true);
    expect(isPolishMobile(phone('+48 887 000 111'))).toBe(true);
    expect(isPolishMobile(phone('+48 22 123 45 67'))).toBe(false); // Warsaw landline
    expect(isPolishMobile(phone('+48 700 123 456'))).toBe(false); // premium rate
    expect(isPolishMobile(phone('+49 151 23456789'))).toBe(false);
  });

  it('matches blacklist entries as whole numbers or prefixes', () => {
    const list = ['+48700', '+48501234567', '0044791'];
    expect(isBlacklisted('+48700123456', list)).toBe(true);
    expect(isBlacklisted('+48501234567', list)).toBe(true);
    expect(isBlacklisted('+447911123456', list)).toBe(true);
    expect(isBlacklisted('+48501234568', list)).toBe(false);
  });
});

describe('app versions', () => {
  it('compares dotted versions numerically', () => {
    expect(parseAppVersion('3.2.1-beta.4')).toEqual([3, 2, 1]);
    expect(parseAppVersion('v2 (456)')).toEqual([2, 0, 0]);
    expect(parseAppVersion('banana')).toBeNull();
    expect(isOlderThan('2.9.9', '3.0.0')).toBe(true);
    expect(isOlderThan('3.0', '3.0.0')).toBe(false);
    expect(isOlderThan('3.10.0', '3.9.0')).toBe(false);
    expect(isOlderThan('3.9.0', '3.10.0')).toBe(true);
    expect(isOlderThan('banana', '3.0.0')).toBe(false);
  });
});

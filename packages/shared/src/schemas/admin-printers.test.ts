import { describe, expect, it } from 'vitest';
import { isValidPostcode, ZAdminPrinterInput } from './admin-printers';

const valid = {
  name: 'Library',
  full_name: 'University Library',
  country: 'pl',
  city_id: 1,
  street: 'Dobra',
  house_number: '56',
  postcode: '00-312',
  location_x: 52.2,
  location_y: 21,
  radius: 40,
  open_hours: [{ weekday: 1, is_open: true, open_time: '08:00', close_time: '20:00' }],
};

const issuesOf = (input: unknown) => {
  const result = ZAdminPrinterInput.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('printer postcodes', () => {
  it('follows the country’s format', () => {
    expect(isValidPostcode('PL', '00-950')).toBe(true);
    expect(isValidPostcode('PL', '00950')).toBe(false);
    expect(isValidPostcode('DE', '10115')).toBe(true);
    expect(isValidPostcode('DE', '1011')).toBe(false);
    expect(isValidPostcode('AT', '1010')).toBe(true);
    expect(isValidPostcode('NL', '1012 AB')).toBe(true);
    expect(isValidPostcode('GB', 'SW1A 1AA')).toBe(true);
    expect(isValidPostcode('XX', '12345')).toBe(false);
  });
});

describe('the printer form schema', () => {
  it('accepts a valid printer, normalising the country and empty optional fields', () => {
    const result = ZAdminPrinterInput.parse({ ...valid, email: '', minion_id: ' ' });
    expect(result).toMatchObject({ country: 'PL', email: null, minion_id: null, is_enabled: true });
  });

  it('reports blank fields and the cross-field checks together', () => {
    expect(
      issuesOf({
        ...valid,
        name: '',
        postcode: '00312',
        open_hours: [
          { weekday: 1, is_open: true, open_time: '8:00', close_time: '20:00' },
          { weekday: 2, is_open: true, open_time: '12:00', close_time: '12:00' },
          { weekday: 3, is_open: true, open_time: '', close_time: '24:00' },
          { weekday: 4, is_open: false, open_time: 'x', close_time: null },
        ],
      }),
    ).toEqual({
      name: 'blank',
      postcode: 'invalid',
      'open_hours.0.open_time': 'invalid_format',
      'open_hours.1.close_time': 'close_before_open',
      'open_hours.2.open_time': 'blank',
      'open_hours.2.close_time': 'invalid_format',
    });
    expect(issuesOf({ ...valid, country: 'XX' })).toEqual({ country: 'invalid' });
    expect(issuesOf({ ...valid, radius: 1.5, location_x: 91 })).toEqual({
      radius: 'not_an_integer',
      location_x: 'invalid',
    });
  });
});

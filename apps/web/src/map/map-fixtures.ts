import type { TPrinterMap, TPrinterMarker } from '@printomat/shared';

/** A map marker; printer 5 matches `buildPrinter()` of printing-fixtures. */
export function buildMarker(overrides: Partial<TPrinterMarker> = {}): TPrinterMarker {
  return {
    id: 5,
    name: 'Library',
    full_name: 'University Library, ground floor',
    address: 'Main Street 1, 00-001 Warsaw',
    city: 'Warsaw',
    city_slug: 'warszawa',
    lat: 52.23,
    lon: 21.01,
    is_color: true,
    is_copier: true,
    premium: false,
    availability: 'available',
    open_now: true,
    ...overrides,
  };
}

/** Warsaw with three printers (one closed and out of paper, one in maintenance), Kraków with one. */
export function buildPrinterMap(overrides: Partial<TPrinterMap> = {}): TPrinterMap {
  return {
    tiles: {
      url: 'https://tiles.invalid/{z}/{x}/{y}.png',
      attribution: '© Map contributors',
    },
    cities: [
      {
        id: 1,
        slug: 'krakow',
        name: 'Kraków',
        country: 'PL',
        lat: 50.06,
        lon: 19.94,
        printer_count: 1,
      },
      {
        id: 2,
        slug: 'warszawa',
        name: 'Warsaw',
        country: 'PL',
        lat: 52.23,
        lon: 21.01,
        printer_count: 3,
      },
    ],
    printers: [
      buildMarker(),
      buildMarker({
        id: 6,
        name: 'Canteen',
        full_name: 'Canteen',
        address: 'Food Street 2, Warsaw',
        lat: 52.2319,
        lon: 21.0067,
        is_color: false,
        is_copier: false,
        availability: 'out_of_paper',
        open_now: false,
      }),
      buildMarker({
        id: 7,
        name: 'Dormitory',
        full_name: 'Dormitory',
        address: 'Sleep Street 3, Warsaw',
        lat: 52.2215,
        lon: 21.0071,
        availability: 'maintenance',
        open_now: null,
      }),
      buildMarker({
        id: 8,
        name: 'Main Square',
        full_name: 'Main Square kiosk',
        address: 'Rynek 1, Kraków',
        city: 'Kraków',
        city_slug: 'krakow',
        lat: 50.0617,
        lon: 19.9373,
      }),
    ],
    ...overrides,
  };
}

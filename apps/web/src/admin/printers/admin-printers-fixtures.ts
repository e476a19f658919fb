import type { TAdminPrinter, TAdminPrinterIndex, TPrinterStatistics } from '@printomat/shared';

export function buildAdminPrinter(overrides: Partial<TAdminPrinter> = {}): TAdminPrinter {
  return {
    id: 7,
    name: 'Library',
    full_name: 'University Library, ground floor',
    description: 'Next to the lockers.',
    country: 'PL',
    city_id: 1,
    city: 'Warszawa',
    street: 'Dobra',
    house_number: '56',
    postcode: '00-312',
    location_x: 52.24,
    location_y: 21.02,
    radius: 40,
    email: null,
    direct_print_code: '123456',
    express_email: null,
    contact_email: null,
    express_mono_price_minor: null,
    express_color_price_minor: 150,
    is_color: true,
    is_copier: false,
    is_enabled: true,
    is_premium: false,
    maintenance_mode: false,
    api_version: 2,
    minion_id: null,
    maps_place_url: null,
    logo_url: null,
    photo_url: null,
    has_agent_secret: false,
    availability: 'available',
    last_seen_at: '2026-11-23T10:00:00.000Z',
    status: null,
    agent_version: '1.0.0',
    open_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      is_open: weekday <= 5,
      open_time: weekday <= 5 ? '08:00' : null,
      close_time: weekday <= 5 ? '20:00' : null,
    })),
    decommissioned_at: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function buildIndex(): TAdminPrinterIndex {
  const row = (
    id: number,
    name: string,
    city_id: number,
    city: string,
    availability: TAdminPrinter['availability'],
  ) => ({
    id,
    name,
    full_name: `${name} full`,
    city_id,
    city,
    direct_print_code: String(100000 + id),
    is_enabled: availability !== 'disabled',
    maintenance_mode: availability === 'maintenance',
    api_version: 3,
    minion_id: `kiosk-${id}`,
    availability,
    last_seen_at: null,
    decommissioned_at: null,
    printer_state: availability === 'available' ? 'idle' : null,
    reasons: [],
    lowest_supply_percent: availability === 'available' ? 12 : null,
    incidents:
      availability === 'offline'
        ? [{ kind: 'offline' as const, problem: null, started_at: '2026-11-23T09:58:00.000Z' }]
        : [],
  });
  return {
    printers: [
      row(1, 'Złote Tarasy', 1, 'Warszawa', 'available'),
      row(2, 'Politechnika', 1, 'Warszawa', 'maintenance'),
      row(3, 'Alexanderplatz', 2, 'Berlin', 'offline'),
    ],
    cities: [
      { id: 1, name: 'Warszawa', country: 'PL' },
      { id: 2, name: 'Berlin', country: 'DE' },
    ],
  };
}

export function buildStatistics(): TPrinterStatistics {
  const month = (m: string, mono: number, color: number) => ({
    month: m,
    classic_color_pages: color,
    classic_mono_pages: mono,
    express_color_pages: 0,
    express_mono_pages: 2,
    copy_color_pages: 0,
    copy_mono_pages: 5,
    scanned_pages: 4,
    printing_users: 3,
    copying_users: 1,
    scanning_users: 1,
  });
  return {
    availability: 'available',
    last_seen_at: '2026-11-23T10:00:00.000Z',
    status: {
      state: 'idle',
      reasons: [],
      inputTrays: [
        'type=sheetFeedAutoRemovableTray;mediafeed=0;maxcapacity=250;level=125;status=0;name=main;',
      ],
      supplies: [],
      markers: [{ name: 'Black toner', level: 8, color: '#000000' }],
    },
    // Newest first, as the server sends them.
    months: [month('2026-11', 30, 9), month('2026-10', 12, 0)],
  };
}

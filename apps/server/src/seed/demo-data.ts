import type { TRole, TLocale } from '@printomat/shared';

/** Fixed demo logins, printed at start-up and listed in the README. Demo only. */
export const DEMO_ACCOUNTS: ReadonlyArray<{
  role: TRole;
  email: string;
  password: string;
  locale: TLocale;
}> = [
  { role: 'admin', email: 'admin@printomat.example', password: 'admin-demo-2026', locale: 'en' },
  { role: 'user', email: 'anna@printomat.example', password: 'anna-demo-2026', locale: 'pl' },
  { role: 'business', email: 'firma@printomat.example', password: 'firma-demo-2026', locale: 'de' },
];

type THours = 'mall_pl' | 'mall_de' | 'campus' | 'store' | 'cowork';

/** [open, close] per ISO weekday 1..7, or null when closed. */
export const OPEN_HOURS: Record<THours, ReadonlyArray<readonly [string, string] | null>> = {
  // Polish malls: Sunday trading is restricted, so closed on Sundays.
  mall_pl: [
    ['09:00', '21:00'],
    ['09:00', '21:00'],
    ['09:00', '21:00'],
    ['09:00', '21:00'],
    ['09:00', '21:00'],
    ['09:00', '21:00'],
    null,
  ],
  mall_de: [
    ['10:00', '20:00'],
    ['10:00', '20:00'],
    ['10:00', '20:00'],
    ['10:00', '20:00'],
    ['10:00', '20:00'],
    ['10:00', '20:00'],
    null,
  ],
  campus: [
    ['07:30', '21:00'],
    ['07:30', '21:00'],
    ['07:30', '21:00'],
    ['07:30', '21:00'],
    ['07:30', '21:00'],
    ['09:00', '15:00'],
    null,
  ],
  store: [
    ['06:00', '23:00'],
    ['06:00', '23:00'],
    ['06:00', '23:00'],
    ['06:00', '23:00'],
    ['06:00', '23:00'],
    ['06:00', '23:00'],
    ['10:00', '20:00'],
  ],
  cowork: [
    ['08:00', '20:00'],
    ['08:00', '20:00'],
    ['08:00', '20:00'],
    ['08:00', '20:00'],
    ['08:00', '20:00'],
    null,
    null,
  ],
};

export const DEMO_CITIES = [
  {
    slug: 'warszawa',
    name: 'Warszawa',
    country: 'PL',
    timezone: 'Europe/Warsaw',
    lat: 52.2297,
    lon: 21.0122,
  },
  {
    slug: 'krakow',
    name: 'Kraków',
    country: 'PL',
    timezone: 'Europe/Warsaw',
    lat: 50.0647,
    lon: 19.945,
  },
  {
    slug: 'berlin',
    name: 'Berlin',
    country: 'DE',
    timezone: 'Europe/Berlin',
    lat: 52.52,
    lon: 13.405,
  },
] as const;

export interface TDemoPrinter {
  city: (typeof DEMO_CITIES)[number]['slug'];
  name: string;
  full_name: string;
  description: string;
  street: string;
  house_number: string;
  postcode: string;
  lat: number;
  lon: number;
  code: string;
  hours: THours;
  is_color: boolean;
  is_copier: boolean;
  is_premium?: boolean;
}

/** The demo printer that `npm start` connects to a local IPP printer (the demo kiosk). */
export const DEMO_KIOSK_CODE = '418273';

export const DEMO_PRINTERS: readonly TDemoPrinter[] = [
  {
    city: 'warszawa',
    name: 'Złote Tarasy',
    full_name: 'Złote Tarasy, level 0 by the info desk',
    description: 'Next to the information desk on the ground floor, entrance from ul. Złota.',
    street: 'ul. Złota',
    house_number: '59',
    postcode: '00-120',
    lat: 52.2301,
    lon: 21.0025,
    code: '418273',
    hours: 'mall_pl',
    is_color: true,
    is_copier: true,
    is_premium: true,
  },
  {
    city: 'warszawa',
    name: 'BUW',
    full_name: 'Warsaw University Library (BUW)',
    description: 'Ground floor, beside the lockers.',
    street: 'ul. Dobra',
    house_number: '56/66',
    postcode: '00-312',
    lat: 52.2425,
    lon: 21.0249,
    code: '530916',
    hours: 'campus',
    is_color: false,
    is_copier: true,
  },
  {
    city: 'warszawa',
    name: 'Politechnika',
    full_name: 'Warsaw University of Technology, Main Building',
    description: 'Main hall, left of the main staircase.',
    street: 'Plac Politechniki',
    house_number: '1',
    postcode: '00-661',
    lat: 52.2206,
    lon: 21.0104,
    code: '662041',
    hours: 'campus',
    is_color: true,
    is_copier: false,
  },
  {
    city: 'warszawa',
    name: 'Galeria Mokotów',
    full_name: 'Galeria Mokotów, level 1',
    description: 'Level 1, near the food court.',
    street: 'ul. Wołoska',
    house_number: '12',
    postcode: '02-675',
    lat: 52.18,
    lon: 21.003,
    code: '775310',
    hours: 'mall_pl',
    is_color: true,
    is_copier: true,
  },
  {
    city: 'warszawa',
    name: 'Arkadia',
    full_name: 'Arkadia shopping centre',
    description: 'Ground floor, next to the post office.',
    street: 'al. Jana Pawła II',
    house_number: '82',
    postcode: '00-175',
    lat: 52.2569,
    lon: 20.9846,
    code: '803442',
    hours: 'mall_pl',
    is_color: false,
    is_copier: false,
  },
  {
    city: 'krakow',
    name: 'Galeria Krakowska',
    full_name: 'Galeria Krakowska, by the station exit',
    description: 'Ground floor, at the passage to the main railway station.',
    street: 'ul. Pawia',
    house_number: '5',
    postcode: '31-154',
    lat: 50.0674,
    lon: 19.9453,
    code: '219584',
    hours: 'mall_pl',
    is_color: true,
    is_copier: true,
  },
  {
    city: 'krakow',
    name: 'AGH',
    full_name: 'AGH University, building A-0',
    description: 'Building A-0, ground floor corridor.',
    street: 'al. Adama Mickiewicza',
    house_number: '30',
    postcode: '30-059',
    lat: 50.0646,
    lon: 19.9231,
    code: '347120',
    hours: 'campus',
    is_color: false,
    is_copier: true,
  },
  {
    city: 'krakow',
    name: 'Biblioteka Jagiellońska',
    full_name: 'Jagiellonian Library, new building',
    description: 'Entrance hall, right of the cloakroom.',
    street: 'al. Adama Mickiewicza',
    house_number: '22',
    postcode: '30-059',
    lat: 50.0617,
    lon: 19.9241,
    code: '468035',
    hours: 'campus',
    is_color: true,
    is_copier: false,
  },
  {
    city: 'krakow',
    name: 'Bonarka',
    full_name: 'Bonarka City Center',
    description: 'Ground floor, by the main entrance.',
    street: 'ul. Henryka Kamieńskiego',
    house_number: '11',
    postcode: '30-644',
    lat: 50.0283,
    lon: 19.9495,
    code: '592867',
    hours: 'mall_pl',
    is_color: true,
    is_copier: true,
  },
  {
    city: 'berlin',
    name: 'Alexa',
    full_name: 'Alexa am Alexanderplatz',
    description: 'Erdgeschoss, neben dem Kundenservice.',
    street: 'Grunerstraße',
    house_number: '20',
    postcode: '10179',
    lat: 52.5197,
    lon: 13.4158,
    code: '150739',
    hours: 'mall_de',
    is_color: true,
    is_copier: true,
  },
  {
    city: 'berlin',
    name: 'Mall of Berlin',
    full_name: 'Mall of Berlin, Leipziger Platz',
    description: 'Level 1, beside the escalators on the Leipziger Platz side.',
    street: 'Leipziger Platz',
    house_number: '12',
    postcode: '10117',
    lat: 52.5103,
    lon: 13.3804,
    code: '286451',
    hours: 'mall_de',
    is_color: true,
    is_copier: false,
    is_premium: true,
  },
  {
    city: 'berlin',
    name: 'Grimm-Zentrum',
    full_name: 'Jacob-und-Wilhelm-Grimm-Zentrum (HU Berlin)',
    description: 'Entrance level, copy corner.',
    street: 'Geschwister-Scholl-Straße',
    house_number: '1/3',
    postcode: '10117',
    lat: 52.5204,
    lon: 13.3903,
    code: '394862',
    hours: 'campus',
    is_color: false,
    is_copier: true,
  },
  {
    city: 'berlin',
    name: 'St. Oberholz',
    full_name: 'St. Oberholz co-working, Rosenthaler Platz',
    description: 'First floor, co-working area.',
    street: 'Rosenthaler Straße',
    house_number: '72a',
    postcode: '10119',
    lat: 52.5294,
    lon: 13.4016,
    code: '507128',
    hours: 'cowork',
    is_color: true,
    is_copier: false,
  },
  {
    city: 'warszawa',
    name: 'Żabka Marszałkowska',
    full_name: 'Żabka, Marszałkowska 104/122',
    description: 'Convenience store, printer by the window.',
    street: 'ul. Marszałkowska',
    house_number: '104/122',
    postcode: '00-017',
    lat: 52.233,
    lon: 21.0108,
    code: '619250',
    hours: 'store',
    is_color: false,
    is_copier: false,
  },
];

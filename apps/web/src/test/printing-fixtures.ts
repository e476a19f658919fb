import type { TAjaxUser, TDocument, TPrintjob, TPublicPrinter } from '@printomat/shared';

/** A counted three-page black-and-white PDF. */
export function buildDocument(overrides: Partial<TDocument> = {}): TDocument {
  return {
    id: 70,
    name: 'thesis.pdf',
    icon: 'pdf',
    is_failed: false,
    is_office: false,
    page_count: 3,
    failure_reason: null,
    copies: 1,
    color_pages: [],
    cost: 3,
    ...overrides,
  };
}

/** A current printjob with one counted document, not confirmed yet. */
export function buildPrintjob(overrides: Partial<TPrintjob> = {}): TPrintjob {
  return {
    id: 7,
    is_submitted: false,
    page_count: 3,
    cost: 3,
    is_grayscale: true,
    orientation: 'auto',
    kind: 'standard',
    is_duplex: false,
    pages_per_sheet: 1,
    status: 'created',
    documents: [buildDocument()],
    phase: 'editing',
    printer: null,
    last_result: null,
    files_delete_at: null,
    ...overrides,
  };
}

export function buildAjaxUser(overrides: Partial<TAjaxUser> = {}): TAjaxUser {
  return {
    id: 1,
    remaining_page_limit: 10,
    is_premium: false,
    last_login_mobile: null,
    ...overrides,
  };
}

/** Printer 5, available, open Monday to Friday 08:00–20:00, Saturday 10:00–14:00, closed Sunday. */
export function buildPrinter(overrides: Partial<TPublicPrinter> = {}): TPublicPrinter {
  const weekday = (day: number) => ({
    weekday: day,
    is_open: true,
    open_time: '08:00',
    close_time: '20:00',
  });
  return {
    id: 5,
    name: 'Library',
    full_name: 'University Library, ground floor',
    description: 'Next to the lockers by the main entrance.',
    address: 'Main Street 1, 00-001 Warsaw',
    city: 'Warsaw',
    city_slug: 'warszawa',
    email: null,
    express_url: null,
    open_now: true,
    lat: 52.23,
    lon: 21.01,
    is_color: true,
    is_copier: true,
    premium: false,
    availability: 'available',
    open_hours: [
      ...[1, 2, 3, 4, 5].map(weekday),
      { weekday: 6, is_open: true, open_time: '10:00', close_time: '14:00' },
      { weekday: 7, is_open: false, open_time: null, close_time: null },
    ],
    ...overrides,
  };
}

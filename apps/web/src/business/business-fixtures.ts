import type {
  TBusinessPackage,
  TBusinessPackageList,
  TBusinessProfile,
  TBusinessPurchase,
  TInvoiceSummary,
} from '@printomat/shared';

// Answers of the business API as the server gives them, for the web tests.

export function buildBusinessPackage(overrides: Partial<TBusinessPackage> = {}): TBusinessPackage {
  return {
    id: 5,
    code: 'S',
    pages: 500,
    color_pages: 166,
    validity_days: 30,
    net_minor: 9900,
    vat_minor: 2277,
    gross_minor: 12177,
    vat_rate: 23,
    currency: 'PLN',
    is_popular: false,
    ...overrides,
  };
}

export function buildBusinessPackageList(): TBusinessPackageList {
  return {
    packages: [
      buildBusinessPackage(),
      buildBusinessPackage({
        id: 6,
        code: 'M',
        pages: 2000,
        color_pages: 666,
        validity_days: 90,
        net_minor: 34900,
        vat_minor: 8027,
        gross_minor: 42927,
        is_popular: true,
      }),
    ],
    payment_methods: ['card', 'transfer'],
  };
}

export function buildBusinessProfile(overrides: Partial<TBusinessProfile> = {}): TBusinessProfile {
  return {
    business_name: 'Drukarnia Kowalski sp. z o.o.',
    address: 'ul. Długa 5',
    city: 'Kraków',
    postcode: '31-147',
    country: 'PL',
    nip_number: '5261040001',
    trial: { pages: 50, expires_at: '2026-12-08T12:00:00.000Z' },
    trial_status: 'granted',
    created_at: '2026-11-24T12:00:00.000Z',
    updated_at: '2026-11-24T12:00:00.000Z',
    ...overrides,
  };
}

export function buildBusinessPurchase(
  overrides: Partial<TBusinessPurchase> = {},
): TBusinessPurchase {
  return {
    reference: 'PAY-1',
    package_code: 'S',
    pages: 500,
    method: 'card',
    status: 'completed',
    net_minor: 9900,
    vat_minor: 2277,
    gross_minor: 12177,
    currency: 'PLN',
    created_at: '2026-11-03T10:00:00.000Z',
    completed_at: '2026-11-03T10:01:00.000Z',
    invoice_number: 'FV/2026/11/0001',
    refunded: false,
    is_business: true,
    ...overrides,
  };
}

export function buildInvoice(overrides: Partial<TInvoiceSummary> = {}): TInvoiceSummary {
  return {
    id: 7,
    number: 'FV/2026/11/0001',
    kind: 'invoice',
    period: '2026-11',
    issue_date: '2026-12-01',
    net_minor: 9900,
    vat_minor: 2277,
    gross_minor: 12177,
    currency: 'PLN',
    ksef_status: 'accepted',
    ksef_number: '5265877635-20261201-0100A0B0C0D0-E1',
    corrects_number: null,
    pdf_url: '/api/business/invoices/7/pdf',
    xml_url: '/api/business/invoices/7/xml',
    ...overrides,
  };
}

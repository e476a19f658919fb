// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TLocale, TMe, TPayment } from '@printomat/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as paymentsApi from '../payments/payments-api';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';
import {
  buildBusinessPackageList,
  buildBusinessProfile,
  buildBusinessPurchase,
  buildInvoice,
} from './business-fixtures';

/** Intl puts no-break spaces in prices: compare them as plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

function open(
  options: { user?: TMe; locale?: TLocale; extra?: Parameters<typeof mockFetch>[0] } = {},
) {
  const fetched = mockFetch({
    'GET /api/session': () =>
      jsonResponse(
        200,
        buildSession({
          locale: options.locale ?? 'en',
          user: options.user ?? buildMe({ role: 'business' }),
        }),
      ),
    'GET /api/business/profile': () => jsonResponse(200, buildBusinessProfile()),
    'GET /api/business/packages': () => jsonResponse(200, buildBusinessPackageList()),
    'GET /api/business/purchases': () =>
      jsonResponse(200, {
        purchases: [
          buildBusinessPurchase({ reference: 'PAY-2', invoice_number: null, refunded: true }),
          buildBusinessPurchase(),
        ],
      }),
    'GET /api/business/invoices': () =>
      jsonResponse(200, {
        invoices: [
          buildInvoice({
            id: 8,
            number: 'KOR/2026/12/0001',
            kind: 'correction',
            net_minor: -9900,
            vat_minor: -2277,
            gross_minor: -12177,
            ksef_status: 'failed',
            ksef_number: null,
            corrects_number: 'FV/2026/11/0001',
            pdf_url: '/api/business/invoices/8/pdf',
            xml_url: '/api/business/invoices/8/xml',
          }),
          buildInvoice(),
        ],
      }),
    ...options.extra,
  });
  return { ...fetched, ...renderApp('/business/account') };
}

describe('business page (/business/account)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the company, its test pages, packages, purchases and invoices', async () => {
    open();
    await screen.findByRole('heading', { level: 1, name: 'Business account' });
    expect((await screen.findByTestId('business-company-name')).textContent).toBe(
      'Drukarnia Kowalski sp. z o.o.',
    );
    expect(screen.getByTestId('business-company-nip').textContent).toBe('5261040001');
    expect(screen.getByText('31-147 Kraków, Poland')).toBeTruthy();
    expect(screen.getByTestId('business-trial-text').textContent).toBe(
      '50 test pages, valid until 8 Dec 2026',
    );

    const packages = await screen.findByTestId('package-M');
    expect(plain(within(packages).getByTestId('package-price').textContent)).toBe('PLN 349.00');
    expect(plain(within(packages).getByTestId('package-gross').textContent)).toBe(
      'gross PLN 429.27 (incl. 23 % VAT)',
    );
    expect(within(packages).getByRole('button', { name: 'Buy by card' })).toBeTruthy();
    expect(within(packages).getByRole('button', { name: 'Buy by bank transfer' })).toBeTruthy();

    const purchases = await screen.findAllByTestId('business-purchase-row');
    expect(purchases.map((row) => plain(row.textContent))).toEqual([
      expect.stringContaining('Package S, 500 pagesPLN 99.00PLN 121.77CardCompletedrefunded—'),
      expect.stringContaining('PLN 121.77CardCompletedFV/2026/11/0001'),
    ]);

    const invoices = await screen.findAllByTestId('business-invoice-row');
    expect(invoices).toHaveLength(2);
    const [correction, invoice] = invoices as [HTMLElement, HTMLElement];
    expect(within(invoice).getByTestId('business-invoice-number').textContent).toBe(
      'FV/2026/11/0001',
    );
    expect(within(invoice).getByText('November 2026')).toBeTruthy();
    expect(plain(within(invoice).getByTestId('business-invoice-gross').textContent)).toBe(
      'PLN 121.77',
    );
    expect(within(invoice).getByTestId('business-invoice-ksef').textContent).toBe(
      'Accepted by KSeF5265877635-20261201-0100A0B0C0D0-E1',
    );
    expect(
      within(invoice)
        .getByRole('link', { name: 'Invoice FV/2026/11/0001 as PDF' })
        .getAttribute('href'),
    ).toBe('/api/business/invoices/7/pdf');
    expect(
      within(invoice)
        .getByRole('link', { name: 'Invoice FV/2026/11/0001 as KSeF XML' })
        .getAttribute('href'),
    ).toBe('/api/business/invoices/7/xml');
    expect(within(correction).getByText('correction of FV/2026/11/0001')).toBeTruthy();
    expect(within(correction).getByTestId('business-invoice-ksef').textContent).toBe(
      'Sending failed',
    );
    expect(plain(within(correction).getByTestId('business-invoice-gross').textContent)).toBe(
      '-PLN 121.77',
    );
  });

  it('speaks Polish: KSeF status, month and prices', async () => {
    open({ locale: 'pl', user: buildMe({ role: 'business', locale: 'pl' }) });
    const [, invoice] = (await screen.findAllByTestId('business-invoice-row')) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(invoice).getByText('Przyjęta przez KSeF')).toBeTruthy();
    expect(within(invoice).getByText('listopad 2026')).toBeTruthy();
    expect(plain(within(invoice).getByTestId('business-invoice-gross').textContent)).toBe(
      '121,77 zł',
    );
  });

  it('buys a package by card: the purchase of /kup-pakiet, then off to the provider', async () => {
    const go = vi.spyOn(paymentsApi, 'goToProvider').mockImplementation(() => undefined);
    const { requests } = open({
      extra: {
        'POST /api/payments': () =>
          jsonResponse(201, { reference: 'PAY-9', redirect_url: 'https://pay.example/PAY-9' }),
      },
    });
    const medium = await screen.findByTestId('package-M');
    fireEvent.click(within(medium).getByRole('button', { name: 'Buy by card' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example/PAY-9'));
    const post = requests.find((r) => r.method === 'POST' && r.url === '/api/payments');
    expect(JSON.parse(post?.body ?? '{}')).toMatchObject({ package_id: 6, method: 'card' });
  });

  it('edits the company details and shows the server’s field errors', async () => {
    let attempts = 0;
    const { requests } = open({
      extra: {
        'PUT /api/business/profile': () =>
          ++attempts === 1
            ? jsonResponse(422, {
                message: 'Please correct the highlighted fields.',
                code: 'validation',
                errors: { business_name: ['has already been taken'] },
              })
            : jsonResponse(200, buildBusinessProfile({ business_name: 'Kowalski S.A.' })),
      },
    });
    fireEvent.click(await screen.findByTestId('business-company-edit'));
    const form = screen.getByTestId('business-company-form');
    expect(within(form).getByLabelText<HTMLInputElement>('Company name').value).toBe(
      'Drukarnia Kowalski sp. z o.o.',
    );
    fireEvent.change(within(form).getByLabelText('Company name'), {
      target: { value: 'Kowalski S.A.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('has already been taken')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The company details were saved.')).toBeTruthy();
    expect(screen.getByTestId('business-company-name').textContent).toBe('Kowalski S.A.');
    const put = requests.filter((r) => r.method === 'PUT').at(-1);
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      business_name: 'Kowalski S.A.',
      address: 'ul. Długa 5',
      postcode: '31-147',
      city: 'Kraków',
      country: 'PL',
      nip_number: '5261040001',
    });
  });

  it('says where the free test pages stand: waiting for the e-mail, or the tax number had them', async () => {
    const { requests } = open({
      extra: {
        'GET /api/business/profile': () =>
          jsonResponse(
            200,
            buildBusinessProfile({ trial: null, trial_status: 'awaiting_confirmation' }),
          ),
        'POST /api/auth/resend-confirmation': () => jsonResponse(200, { ok: true }),
      },
    });
    const card = await screen.findByTestId('business-trial');
    expect(within(card).getByTestId('business-trial-text').textContent).toBe(
      'Confirm your e-mail address to receive your free test pages: follow the link in the mail we sent you.',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Send the link again' }));
    expect((await within(card).findByRole('status')).textContent).toBe(
      'We sent you a new link. Please check your inbox.',
    );
    expect(requests.some((r) => r.url === '/api/auth/resend-confirmation')).toBe(true);
    cleanup();

    open({
      locale: 'de',
      user: buildMe({ role: 'business', locale: 'de' }),
      extra: {
        'GET /api/business/profile': () =>
          jsonResponse(200, buildBusinessProfile({ trial: null, trial_status: 'tax_number_used' })),
      },
    });
    expect((await screen.findByTestId('business-trial-text')).textContent).toBe(
      'Diese Steuernummer hat ihre kostenlosen Testseiten schon bekommen, deshalb wurden diesem Konto keine gutgeschrieben. Unten kannst du ein Paket kaufen.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Firmenkonto' })).toBeTruthy();
    cleanup();

    // A shop without trials says nothing about them.
    open({
      extra: {
        'GET /api/business/profile': () =>
          jsonResponse(200, buildBusinessProfile({ trial: null, trial_status: 'none' })),
      },
    });
    await screen.findByTestId('business-company-name');
    expect(screen.queryByTestId('business-trial')).toBeNull();
  });

  it('labels a purchase made before the conversion as personal, not as waiting for an invoice', async () => {
    open({
      locale: 'pl',
      user: buildMe({ role: 'business', locale: 'pl' }),
      extra: {
        'GET /api/business/purchases': () =>
          jsonResponse(200, {
            purchases: [
              buildBusinessPurchase({ reference: 'PAY-3', invoice_number: null }),
              buildBusinessPurchase({
                reference: 'PAY-1',
                invoice_number: null,
                is_business: false,
                net_minor: null,
                vat_minor: null,
              }),
            ],
          }),
      },
    });
    const rows = await screen.findAllByTestId('business-purchase-row');
    expect(
      rows.map((row) => within(row).getByTestId('business-purchase-invoice').textContent),
    ).toEqual(['najbliższa faktura miesięczna', 'zakup prywatny – bez faktury VAT']);
  });

  it('offers a personal account the conversion and shows an administrator a note', async () => {
    open({ user: buildMe({ role: 'user' }) });
    expect(await screen.findByTestId('business-convert-form')).toBeTruthy();
    cleanup();
    open({ user: buildMe({ role: 'admin' }) });
    expect((await screen.findByTestId('business-admin-note')).textContent).toMatch(
      /administrator account/,
    );
    expect(screen.queryByTestId('business-packages')).toBeNull();
  });
});

describe('after a business purchase (/payments/:reference)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const payment = (status: 'completed' | 'failed'): TPayment => ({
    reference: 'PAY-9',
    status,
    method: 'card',
    package_code: 'M',
    pages: 2000,
    validity_days: 90,
    amount_minor: 42927,
    currency: 'PLN',
    created_at: '2026-11-23T10:00:00.000Z',
    completed_at: status === 'completed' ? '2026-11-23T10:00:05.000Z' : null,
    pages_expire_at: status === 'completed' ? '2027-02-21T10:00:05.000Z' : null,
    receipt_number: status === 'completed' ? 'R-2026-000043' : null,
    is_abandoned: false,
  });

  it('leads a company back to its business page, not to the personal packages', async () => {
    let answer = payment('completed');
    mockFetch({
      'GET /api/session': () =>
        jsonResponse(
          200,
          buildSession({ locale: 'de', user: buildMe({ role: 'business', locale: 'de' }) }),
        ),
      'GET /api/payments/PAY-9': () => jsonResponse(200, answer),
    });
    renderApp('/payments/PAY-9');
    const link = await screen.findByTestId('payment-business-account');
    expect(link.textContent).toBe('Firmenkonto');
    expect(link.getAttribute('href')).toBe('/business/account#packages');
    cleanup();

    answer = payment('failed');
    renderApp('/payments/PAY-9');
    await screen.findByTestId('payment-business-account');
    const status = screen.getByTestId('payment-status');
    expect(
      within(status)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/business/account#packages']);
  });
});

// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TExpressOrder } from '@printomat/shared';
import { adminSession, cleanUpAfterEachTest, renderAsAdmin } from '../../test/admin-app';
import { jsonResponse } from '../../test/fetch-mock';

cleanUpAfterEachTest();

/** Text as read: money formats put no-break spaces between the currency and the amount. */
const txt = (element: HTMLElement) => (element.textContent ?? '').replace(/\s/g, ' ');

function refundedOrder(): TExpressOrder {
  return {
    id: 3,
    status: 'refunded',
    customer_email: null,
    printer: { id: 7, name: 'Złote Tarasy', is_enabled: true, maintenance_mode: false },
    document_count: 2,
    page_count: 4,
    is_color: true,
    price_minor: 125,
    currency: 'PLN',
    discount_code: 'HALF',
    discount_percent: 50,
    express_url: 'http://printomat.test/express/orders/abc',
    failure_reason: 'paper jam',
    printed_at: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:30:00.000Z',
    allowed_actions: [],
    printjob_id: 41,
    color_page_count: 1,
    list_price_minor: 250,
    paid_at: '2026-11-20T10:05:00.000Z',
    print_by: '2026-11-20T12:05:00.000Z',
    printed_faces: 0,
    ended_at: '2026-11-20T10:30:00.000Z',
    documents_deleted_at: null,
    payment: {
      reference: 'pay_123',
      provider: 'stripe',
      provider_reference: 'pi_3Abc',
      method: 'card',
      status: 'completed',
      amount_minor: 125,
      currency: 'PLN',
      completed_at: '2026-11-20T10:05:00.000Z',
    },
    refund: {
      reference: 'ref_456',
      provider: 'stripe',
      provider_reference: 're_9Xyz',
      status: 'succeeded',
      reason: 'printer_failed',
      amount_minor: 125,
      currency: 'PLN',
      failure_code: null,
      created_at: '2026-11-20T10:30:00.000Z',
      completed_at: '2026-11-20T10:31:00.000Z',
    },
  };
}

describe('admin express order: money in and out', () => {
  it('shows the payment and the refund with the provider’s references', async () => {
    renderAsAdmin('/admin/express-orders/3', {
      'GET /api/admin/express-orders/3': () => jsonResponse(200, refundedOrder()),
    });
    const payment = await screen.findByTestId('express-payment', {}, { timeout: 5_000 });
    expect(within(payment).getByTestId('express-payment-provider-reference').textContent).toBe(
      'pi_3Abc',
    );
    expect(txt(payment)).toContain('PLN 1.25');
    const refund = screen.getByTestId('express-refund');
    expect(within(refund).getByTestId('express-refund-provider-reference').textContent).toBe(
      're_9Xyz',
    );
    expect(txt(refund)).toContain('the printer failed');
    expect(txt(refund)).toContain('succeeded');
    expect(screen.getByTestId('status').textContent).toBe('refunded');
    expect(screen.getByTestId('express-printjob').getAttribute('href')).toBe('/admin/printjobs/41');
  });

  it('names the payment method and state in the admin’s language', async () => {
    renderAsAdmin('/admin/express-orders/3', {
      'GET /api/session': () => jsonResponse(200, { ...adminSession(), locale: 'pl' }),
      'GET /api/admin/express-orders/3': () => jsonResponse(200, refundedOrder()),
    });
    const payment = await screen.findByTestId('express-payment', {}, { timeout: 5_000 });
    expect(txt(payment)).toContain('MetodaKarta');
    expect(txt(payment)).toContain('Statuszakończona');
    expect(txt(payment)).not.toContain('card');
  });

  it('says when there is no payment (free with a 100 % code) and no refund', async () => {
    renderAsAdmin('/admin/express-orders/3', {
      'GET /api/admin/express-orders/3': () =>
        jsonResponse(200, { ...refundedOrder(), status: 'printed', payment: null, refund: null }),
    });
    expect(txt(await screen.findByTestId('express-payment', {}, { timeout: 5_000 }))).toContain(
      'No payment: not paid yet, or free with a 100 % code.',
    );
    expect(txt(screen.getByTestId('express-refund'))).toContain('No refund.');
  });
});

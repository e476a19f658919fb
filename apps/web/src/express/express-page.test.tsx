// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDocument, TExpressOrderView } from '@printomat/shared';
import { buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { buildPrintjob } from '../test/printing-fixtures';
import { renderApp } from '../test/render-app';
import { goToProvider } from '../payments/payments-api';
import type * as TPaymentsApi from '../payments/payments-api';
import { orderIsLive } from './express-order-page';
import {
  buildExpressDocument,
  buildExpressOrder,
  buildExpressPrice,
  buildExpressPrinter,
} from './express-fixtures';

vi.mock('../payments/payments-api', async (original) => ({
  ...(await original<typeof TPaymentsApi>()),
  goToProvider: vi.fn(),
}));

const TOKEN = buildExpressOrder().token;
const ORDER_PATH = `/ajax/express/orders/${TOKEN}`;

/** Uploads go through XMLHttpRequest (for the progress bar): answered with `answer`. */
class FakeXhr {
  static sent: Array<{ url: string }> = [];
  static answer: TDocument = buildExpressDocument();
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  withCredentials = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send() {
    FakeXhr.sent.push({ url: this.url });
    setTimeout(() => {
      this.status = 201;
      this.responseText = JSON.stringify(FakeXhr.answer);
      this.onload?.();
    }, 0);
  }
}

function emptyDraft(): TExpressOrderView {
  return buildExpressOrder({
    printjob: buildPrintjob({ documents: [], page_count: 0, cost: 0, is_grayscale: false }),
    price: buildExpressPrice({
      faces: 0,
      color_faces: 0,
      mono_faces: 0,
      list_minor: 0,
      total_minor: 0,
    }),
  });
}

/** Text as read: money formats put no-break spaces between the currency and the amount. */
function txt(element: HTMLElement): string {
  return (element.textContent ?? '').replace(/\s/g, ' ');
}

function bodyOf(
  requests: Array<{ method: string; url: string; body: string | null }>,
  path: string,
) {
  const request = requests.find((r) => r.method === 'POST' && r.url.endsWith(path));
  return request?.body ? (JSON.parse(request.body) as Record<string, unknown>) : undefined;
}

beforeEach(() => {
  window.localStorage.clear();
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(goToProvider).mockReset();
});

describe('express page', () => {
  it('shows the printer and its prices; the first file opens a draft that a reload resumes', async () => {
    const order = { current: emptyDraft() };
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'GET /ajax/express/printers/5': () => jsonResponse(200, buildExpressPrinter()),
      'POST /ajax/express/printers/5/orders': () => jsonResponse(201, order.current),
      [`GET ${ORDER_PATH}`]: () => jsonResponse(200, order.current),
    });
    renderApp('/express/5');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Print at Library');
    expect(txt(screen.getByTestId('express-printer-address'))).toBe('Main Street 1, Warsaw');
    expect(txt(screen.getByTestId('express-printer-prices'))).toBe(
      'Black & white page: PLN 0.50 · colour page: PLN 1.50',
    );
    expect(screen.queryByTestId('express-pay')).toBeNull();

    // Choosing a file opens the draft, then uploads to the draft's own address.
    order.current = buildExpressOrder();
    const file = new File(['%PDF-1.4'], 'thesis.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [file] } });

    expect(await screen.findByTestId('express-total')).toBeTruthy();
    expect(bodyOf(requests, '/ajax/express/printers/5/orders')).toEqual({ locale: 'en' });
    await waitFor(() => expect(FakeXhr.sent).toEqual([{ url: `${ORDER_PATH}/documents/upload` }]));
    expect(window.localStorage.getItem('printomat.express.5')).toBe(TOKEN);
    await waitFor(() => expect(screen.getAllByTestId('document-row')).toHaveLength(1));
    expect(txt(screen.getByTestId('express-total'))).toBe('PLN 2.50');
    expect(txt(screen.getByTestId('express-pay'))).toBe('Pay PLN 2.50');
    // The page prices the whole order in money: no "pages to pay" per document.
    expect(screen.queryByTestId('doc-cost')).toBeNull();

    // A reload finds the draft again through the stored token.
    cleanup();
    renderApp('/express/5');
    expect(await screen.findByTestId('express-total')).toBeTruthy();
    expect(screen.getAllByTestId('document-row')).toHaveLength(1);
    expect(requests.filter((r) => r.url.endsWith('/orders') && r.method === 'POST')).toHaveLength(
      1,
    );
  });

  it('says how many of the first files were left out past the 6-file limit, once the draft is open', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'GET /ajax/express/printers/5': () => jsonResponse(200, buildExpressPrinter()),
      'POST /ajax/express/printers/5/orders': () => jsonResponse(201, emptyDraft()),
      [`GET ${ORDER_PATH}`]: () => jsonResponse(200, emptyDraft()),
    });
    renderApp('/express/5');
    const files = Array.from(
      { length: 7 },
      (_, i) => new File(['%PDF-1.4'], `doc-${i + 1}.pdf`, { type: 'application/pdf' }),
    );
    fireEvent.change(await screen.findByTestId('file-input'), { target: { files } });

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(6));
    expect(screen.getByTestId('files-left-out').textContent).toBe(
      '1 file was not added: a print job holds at most 6 files.',
    );
    expect(screen.queryByText('doc-7.pdf')).toBeNull();
  });

  it('applies a discount code, shows a refused one with the server message, and pays by card', async () => {
    window.localStorage.setItem('printomat.express.5', TOKEN);
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'GET /ajax/express/printers/5': () => jsonResponse(200, buildExpressPrinter()),
      [`GET ${ORDER_PATH}`]: () => jsonResponse(200, buildExpressOrder()),
      [`POST ${ORDER_PATH}/quote`]: (request) => {
        const body = JSON.parse(request.body ?? '{}') as { discount_code?: string };
        if (body.discount_code !== 'HALF') {
          return jsonResponse(422, {
            message: 'Please check the highlighted fields.',
            code: 'validation',
            errors: { discount_code: ['This discount code does not exist.'] },
          });
        }
        return jsonResponse(
          200,
          buildExpressPrice({
            discount_code: 'HALF',
            discount_percent: 50,
            discount_minor: 125,
            total_minor: 125,
          }),
        );
      },
      [`POST ${ORDER_PATH}/checkout`]: () =>
        jsonResponse(200, {
          redirect_url: 'http://printomat.test/dev/sandbox/pay/abc',
          order: buildExpressOrder({ status: 'awaiting_payment' }),
        }),
    });
    renderApp('/express/5');

    const code = await screen.findByLabelText('Discount code');
    fireEvent.change(code, { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('express-code-apply'));
    expect(await screen.findByText('This discount code does not exist.')).toBeTruthy();
    expect(txt(screen.getByTestId('express-total'))).toBe('PLN 2.50');

    fireEvent.change(code, { target: { value: 'half' } });
    fireEvent.click(screen.getByTestId('express-code-apply'));
    expect((await screen.findByTestId('express-code-applied')).textContent).toBe(
      'Code HALF: 50 % off',
    );
    expect(screen.queryByText('This discount code does not exist.')).toBeNull();
    expect(txt(screen.getByTestId('express-list-price'))).toBe('PLN 2.50');
    expect(txt(screen.getByTestId('express-discount'))).toBe('−PLN 1.25');
    expect(txt(screen.getByTestId('express-total'))).toBe('PLN 1.25');

    // Paying needs a method.
    fireEvent.click(screen.getByTestId('express-pay'));
    expect(await screen.findByText('Choose how you want to pay.')).toBeTruthy();
    expect(bodyOf(requests, '/checkout')).toBeUndefined();

    fireEvent.change(screen.getByLabelText('E-mail for the receipt (optional)'), {
      target: { value: 'guest@example.com' },
    });
    fireEvent.click(screen.getByTestId('express-method-card'));
    fireEvent.click(screen.getByTestId('express-pay'));
    await waitFor(() =>
      expect(goToProvider).toHaveBeenCalledWith('http://printomat.test/dev/sandbox/pay/abc'),
    );
    const body = bodyOf(requests, '/checkout');
    expect(body).toMatchObject({
      email: 'guest@example.com',
      discount_code: 'HALF',
      method: 'card',
    });
    expect(typeof body?.idempotency_key).toBe('string');
  });

  it('a code typed but not applied is applied on Pay; the next Pay pays with it', async () => {
    window.localStorage.setItem('printomat.express.5', TOKEN);
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'GET /ajax/express/printers/5': () => jsonResponse(200, buildExpressPrinter()),
      [`GET ${ORDER_PATH}`]: () => jsonResponse(200, buildExpressOrder()),
      [`POST ${ORDER_PATH}/quote`]: () =>
        jsonResponse(
          200,
          buildExpressPrice({
            discount_code: 'HALF',
            discount_percent: 50,
            discount_minor: 125,
            total_minor: 125,
          }),
        ),
      [`POST ${ORDER_PATH}/checkout`]: () =>
        jsonResponse(200, {
          redirect_url: 'http://printomat.test/dev/sandbox/pay/abc',
          order: buildExpressOrder({ status: 'awaiting_payment' }),
        }),
    });
    renderApp('/express/5');

    fireEvent.change(await screen.findByLabelText('Discount code'), {
      target: { value: 'half' },
    });
    fireEvent.click(screen.getByTestId('express-method-card'));
    fireEvent.click(screen.getByTestId('express-pay'));
    // The first Pay applies the code and shows its price: nothing is paid yet.
    expect((await screen.findByTestId('express-code-applied')).textContent).toBe(
      'Code HALF: 50 % off',
    );
    await waitFor(() => expect(txt(screen.getByTestId('express-pay'))).toBe('Pay PLN 1.25'));
    expect(bodyOf(requests, '/quote')).toEqual({ discount_code: 'HALF' });
    expect(bodyOf(requests, '/checkout')).toBeUndefined();
    expect(goToProvider).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('express-pay'));
    await waitFor(() =>
      expect(goToProvider).toHaveBeenCalledWith('http://printomat.test/dev/sandbox/pay/abc'),
    );
    expect(bodyOf(requests, '/checkout')).toMatchObject({ discount_code: 'HALF', method: 'card' });
  });

  it('a saved order that cannot be read is reported, not replaced by a new one', async () => {
    window.localStorage.setItem('printomat.express.5', TOKEN);
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'GET /ajax/express/printers/5': () => jsonResponse(200, buildExpressPrinter()),
      [`GET ${ORDER_PATH}`]: () =>
        jsonResponse(500, { message: 'Something went wrong.', code: 'internal' }),
    });
    renderApp('/express/5');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This page could not be loaded. Please reload it.',
    );
    expect(screen.queryByTestId('file-input')).toBeNull();
    expect(window.localStorage.getItem('printomat.express.5')).toBe(TOKEN);
  });

  it('a 100 % code needs no payment: straight to the order page', async () => {
    window.localStorage.setItem('printomat.express.5', TOKEN);
    const free = buildExpressPrice({
      discount_code: 'FREE',
      discount_percent: 100,
      discount_minor: 250,
      total_minor: 0,
    });
    const paid = buildExpressOrder({
      status: 'created',
      price: free,
      paid_at: '2026-11-24T08:00:00.000Z',
      print_by: '2026-11-24T10:00:00.000Z',
      can_print: true,
    });
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'GET /ajax/express/printers/5': () => jsonResponse(200, buildExpressPrinter()),
      [`GET ${ORDER_PATH}`]: () => jsonResponse(200, buildExpressOrder()),
      [`POST ${ORDER_PATH}/quote`]: () => jsonResponse(200, free),
      [`POST ${ORDER_PATH}/checkout`]: () => jsonResponse(200, { redirect_url: null, order: paid }),
    });
    const { location, queryClient } = renderApp('/express/5');

    fireEvent.change(await screen.findByLabelText('Discount code'), {
      target: { value: 'FREE' },
    });
    fireEvent.click(screen.getByTestId('express-code-apply'));
    await waitFor(() => expect(txt(screen.getByTestId('express-pay'))).toBe('Confirm (free)'));
    expect(screen.queryByTestId('express-method-card')).toBeNull();
    queryClient.setQueryData(['express', 'order', TOKEN], paid);
    fireEvent.click(screen.getByTestId('express-pay'));
    await waitFor(() => expect(location.pathname).toBe(`/express/orders/${TOKEN}`));
    expect(bodyOf(requests, '/checkout')).toMatchObject({ discount_code: 'FREE', method: null });
    expect(goToProvider).not.toHaveBeenCalled();
    expect(await screen.findByTestId('express-print-now')).toBeTruthy();
  });

  it('says why a disabled printer cannot print and does not take money for it', async () => {
    window.localStorage.setItem('printomat.express.5', TOKEN);
    const printer = buildExpressPrinter({ unavailable_reason: 'disabled' });
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ locale: 'pl' })),
      'GET /ajax/express/printers/5': () => jsonResponse(200, printer),
      [`GET ${ORDER_PATH}`]: () => jsonResponse(200, buildExpressOrder({ printer })),
    });
    renderApp('/express/5');
    expect((await screen.findByTestId('express-printer-unavailable')).textContent).toBe(
      'drukarka niedostępna',
    );
    const pay = await screen.findByTestId('express-pay');
    expect((pay as HTMLButtonElement).disabled).toBe(true);
    expect(txt(screen.getByTestId('express-pay-blocked'))).toBe('drukarka niedostępna');
  });

  it('an unknown printer is not found', async () => {
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession()) });
    renderApp('/express/99');
    expect(await screen.findByTestId('express-printer-not-found')).toBeTruthy();
  });
});

describe('express order page', () => {
  it('prints now; a refusal from the server is shown as it comes; the status follows live', async () => {
    const order = {
      current: buildExpressOrder({
        status: 'created',
        paid_at: '2026-11-24T08:00:00.000Z',
        print_by: '2026-11-24T10:00:00.000Z',
        can_print: true,
        price: buildExpressPrice({
          discount_code: 'HALF',
          discount_percent: 50,
          discount_minor: 125,
          total_minor: 125,
        }),
      }),
    };
    let refuse = true;
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      [`GET ${ORDER_PATH}`]: () => jsonResponse(200, order.current),
      [`POST ${ORDER_PATH}/print`]: () => {
        if (refuse) {
          refuse = false;
          return jsonResponse(409, { message: "Can't print on disabled printer", code: 'refused' });
        }
        order.current = { ...order.current, status: 'scheduled', can_print: false };
        return jsonResponse(200, order.current);
      },
    });
    renderApp(`/express/orders/${TOKEN}`);

    const status = await screen.findByTestId('express-order-status');
    expect(status.textContent).toBe('Paid – ready to print');
    expect(txt(screen.getByTestId('express-total'))).toBe('PLN 1.25');
    // Paid already: the total is what was paid.
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(txt(screen.getByTestId('express-print-by'))).toContain('refunded automatically');

    fireEvent.click(screen.getByTestId('express-print-now'));
    expect(await screen.findByText("Can't print on disabled printer")).toBeTruthy();

    fireEvent.click(screen.getByTestId('express-print-now'));
    await waitFor(() =>
      expect(txt(screen.getByTestId('express-order-status'))).toBe('Sent to the printer'),
    );
    expect(screen.queryByTestId('express-print-now')).toBeNull();

    // The printer reports: the page follows without a reload.
    order.current = {
      ...order.current,
      status: 'printed',
      printed_at: '2026-11-24T08:05:00.000Z',
      documents_delete_at: '2026-11-24T16:05:00.000Z',
    };
    await waitFor(
      () =>
        expect(screen.getByTestId('express-order-status').getAttribute('data-status')).toBe(
          'printed',
        ),
      { timeout: 6_000 },
    );
    expect(txt(screen.getByTestId('express-order-status'))).toBe(
      'Printed. Take your pages from the printer.',
    );
    expect(txt(screen.getByTestId('express-documents-delete-at'))).toContain(
      'Your documents will be deleted on',
    );
  }, 15_000);

  it('prints with the printer code; a wrong code gets its message under the field', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ locale: 'de' })),
      [`GET ${ORDER_PATH}`]: () =>
        jsonResponse(200, buildExpressOrder({ status: 'created', can_print: false })),
      [`POST ${ORDER_PATH}/print_with_code`]: () =>
        jsonResponse(422, {
          message: 'Bitte prüfe die markierten Felder.',
          code: 'validation',
          errors: { code: ['Mit diesem Code lässt sich gerade kein Drucker starten.'] },
        }),
    });
    renderApp(`/express/orders/${TOKEN}`);
    const form = await screen.findByTestId('express-print');
    expect(within(form).getByTestId<HTMLButtonElement>('express-print-now').disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Druckercode'), { target: { value: '123456' } });
    fireEvent.click(within(form).getByTestId('express-print-code-submit'));
    expect(
      await within(form).findByText('Mit diesem Code lässt sich gerade kein Drucker starten.'),
    ).toBeTruthy();
  });

  it('shows a refund and deleted documents', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      [`GET ${ORDER_PATH}`]: () =>
        jsonResponse(
          200,
          buildExpressOrder({
            status: 'refunded',
            paid_at: '2026-11-24T08:00:00.000Z',
            refund: {
              amount_minor: 250,
              currency: 'PLN',
              status: 'succeeded',
              reason: 'printer_failed',
            },
            documents_deleted: true,
            documents_delete_at: '2026-11-24T16:05:00.000Z',
          }),
        ),
    });
    renderApp(`/express/orders/${TOKEN}`);
    expect((await screen.findByTestId('express-order-status')).textContent).toBe('Refunded');
    expect(txt(screen.getByTestId('express-refund-amount'))).toBe(
      'PLN 2.50 back to your payment method',
    );
    expect(txt(screen.getByTestId('express-refund-status'))).toBe('The refund was sent.');
    expect(txt(screen.getByTestId('express-documents-deleted'))).toBe(
      'Your documents were deleted.',
    );
    expect(screen.queryByTestId('express-print')).toBeNull();
  });

  it('an unpaid order leads back to the express page, which resumes it', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'GET /ajax/express/printers/5': () => jsonResponse(200, buildExpressPrinter()),
      [`GET ${ORDER_PATH}`]: () => jsonResponse(200, buildExpressOrder({ status: 'draft' })),
    });
    const { location } = renderApp(`/express/orders/${TOKEN}`);
    fireEvent.click(await screen.findByTestId('express-back-to-draft'));
    await waitFor(() => expect(location.pathname).toBe('/express/5'));
    expect(window.localStorage.getItem('printomat.express.5')).toBe(TOKEN);
    expect(await screen.findByTestId('express-pay')).toBeTruthy();
  });

  it('a failed order stays live only until its refund is decided', () => {
    const refund = {
      amount_minor: 250,
      currency: 'PLN',
      reason: 'printer_failed',
    } as const;
    expect(orderIsLive(buildExpressOrder({ status: 'failed', refund: null }))).toBe(true);
    expect(
      orderIsLive(
        buildExpressOrder({ status: 'failed', refund: { ...refund, status: 'pending' } }),
      ),
    ).toBe(true);
    expect(
      orderIsLive(
        buildExpressOrder({ status: 'failed', refund: { ...refund, status: 'succeeded' } }),
      ),
    ).toBe(false);
    expect(
      orderIsLive(buildExpressOrder({ status: 'failed', refund: { ...refund, status: 'failed' } })),
    ).toBe(false);
  });

  it('an unknown token is not found', async () => {
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession()) });
    renderApp('/express/orders/nope');
    expect(await screen.findByTestId('express-order-not-found')).toBeTruthy();
  });
});

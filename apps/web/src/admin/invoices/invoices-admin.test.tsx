// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatMoney, type TAdminInvoice } from '@printomat/shared';
import { cleanUpAfterEachTest, renderAsAdmin } from '../../test/admin-app';
import { jsonResponse, type TRecordedRequest } from '../../test/fetch-mock';
import { previousMonth } from './invoice-run-form';

function invoice(overrides: Partial<TAdminInvoice> = {}): TAdminInvoice {
  return {
    id: 7,
    number: 'FV/2026/11/0001',
    kind: 'invoice',
    period: '2026-11',
    issue_date: '2026-12-01',
    net_minor: 9999,
    vat_minor: 2300,
    gross_minor: 12299,
    currency: 'PLN',
    ksef_status: 'accepted',
    ksef_number: '5261040828-20261201-0100A1B2C3D4-E5',
    corrects_number: null,
    pdf_url: '/api/admin/invoices/7/pdf',
    xml_url: '/api/admin/invoices/7/xml',
    user_id: 12,
    buyer_name: 'Kowalski & Syn sp. z o.o.',
    buyer_tax_id: '5261040828',
    ksef_attempts: 1,
    ksef_error: null,
    ksef_sent_at: '2026-12-01T06:00:00.000Z',
    ksef_accepted_at: '2026-12-01T06:01:00.000Z',
    upo_url: '/api/admin/invoices/7/upo',
    ...overrides,
  };
}

const FAILED = invoice({
  id: 8,
  number: 'FV/2026/11/0002',
  buyer_name: 'Druk GmbH',
  buyer_tax_id: 'DE123456789',
  ksef_status: 'failed',
  ksef_number: null,
  ksef_attempts: 5,
  ksef_error: 'KSeF answered 500 five times',
  ksef_accepted_at: null,
  pdf_url: '/api/admin/invoices/8/pdf',
  xml_url: '/api/admin/invoices/8/xml',
  upo_url: null,
});
const REJECTED = invoice({
  id: 9,
  number: 'KOR/2026/12/0001',
  kind: 'correction',
  corrects_number: 'FV/2026/11/0001',
  net_minor: -9999,
  vat_minor: -2300,
  gross_minor: -12299,
  ksef_status: 'rejected',
  ksef_number: null,
  ksef_error: 'Błąd weryfikacji semantyki dokumentu',
  upo_url: null,
});
const PENDING = invoice({
  id: 10,
  number: 'FV/2026/11/0003',
  ksef_status: 'pending',
  upo_url: null,
});

const list = (invoices: TAdminInvoice[]) =>
  jsonResponse(200, { invoices, paging: { page: 1, page_size: 25, total: invoices.length } });

const rowOf = (table: HTMLElement, number: string) =>
  within(table)
    .getAllByTestId('invoice-row')
    .find((row) => row.textContent?.includes(number)) as HTMLElement;

const listRequests = (requests: TRecordedRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/admin/invoices?'));

// Whole-app renders on a shared, busy machine: more room than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

cleanUpAfterEachTest();

describe('admin invoices', () => {
  it('lists invoices with their KSeF state, filters through the address and exports what is filtered', async () => {
    const { requests, location } = renderAsAdmin('/admin/invoices?period=2026-11', {
      'GET /api/admin/invoices': () => list([invoice(), FAILED, REJECTED, PENDING]),
    });
    const table = await screen.findByTestId('invoices-table', {}, { timeout: 5_000 });
    expect(listRequests(requests).map((r) => r.url)).toEqual([
      '/api/admin/invoices?period=2026-11',
    ]);
    expect(
      screen.getByLabelText<HTMLInputElement>('Month', { selector: 'input[name=period]' }).value,
    ).toBe('2026-11');

    const accepted = rowOf(table, 'FV/2026/11/0001');
    expect(accepted.textContent).toContain('Kowalski & Syn sp. z o.o.');
    expect(accepted.textContent).toContain('5261040828');
    for (const minor of [9999, 2300, 12299])
      expect(accepted.textContent).toContain(formatMoney('en', minor, 'PLN'));
    const ksef = within(accepted).getByTestId('ksef');
    expect(ksef.textContent).toContain('Accepted by KSeF');
    expect(ksef.textContent).toContain('KSeF number: 5261040828-20261201-0100A1B2C3D4-E5');
    expect(
      within(accepted)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['PDF', '/api/admin/invoices/7/pdf'],
      ['XML', '/api/admin/invoices/7/xml'],
      ['UPO', '/api/admin/invoices/7/upo'],
    ]);
    expect(within(rowOf(table, 'FV/2026/11/0002')).getByTestId('ksef').textContent).toContain(
      'Sending failed5 attemptsKSeF answered 500 five times',
    );
    const correction = rowOf(table, 'KOR/2026/12/0001');
    expect(correction.textContent).toContain('corrects FV/2026/11/0001');
    expect(correction.textContent).toContain('Correcting invoice');
    expect(correction.textContent).toContain(formatMoney('en', -12299, 'PLN'));
    expect(
      within(correction).queryByRole('link', { name: 'UPO of invoice KOR/2026/12/0001' }),
    ).toBeNull();

    // "Send to KSeF again" only where KSeF refused it or sending failed.
    expect(
      within(table)
        .getAllByTestId('invoice-row')
        .filter((row) => within(row).queryByTestId('invoice-resend'))
        .map((row) => row.dataset.ksefStatus),
    ).toEqual(['failed', 'rejected']);

    fireEvent.change(screen.getByRole('combobox', { name: 'KSeF status' }), {
      target: { value: 'failed' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), {
      target: { value: 'invoice' },
    });
    fireEvent.change(screen.getByLabelText('Number, buyer or tax number'), {
      target: { value: 'DE123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(location.search).toBe('?period=2026-11&kind=invoice&ksef_status=failed&q=DE123'),
    );
    await waitFor(() =>
      expect(listRequests(requests).at(-1)?.url).toBe(
        '/api/admin/invoices?period=2026-11&kind=invoice&ksef_status=failed&q=DE123',
      ),
    );
    expect(screen.getByTestId('invoices-csv').getAttribute('href')).toBe(
      '/api/admin/invoices.csv?period=2026-11&kind=invoice&ksef_status=failed&q=DE123',
    );
  });

  it('sends a failed invoice to KSeF again after a confirmation and shows its new state', async () => {
    let resent = false;
    const { requests } = renderAsAdmin('/admin/invoices', {
      'GET /api/admin/invoices': () =>
        list([resent ? { ...FAILED, ksef_status: 'pending', ksef_error: null } : FAILED]),
      'POST /api/admin/invoices/8/resend': () => {
        resent = true;
        return jsonResponse(200, { ok: true });
      },
    });
    const table = await screen.findByTestId('invoices-table', {}, { timeout: 5_000 });
    fireEvent.click(within(table).getByTestId('invoice-resend'));
    let dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe(
      'Send invoice FV/2026/11/0002 to KSeF again?',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.click(within(table).getByTestId('invoice-resend'));
    dialog = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    expect((await screen.findByTestId('resend-notice')).textContent).toBe(
      'Invoice FV/2026/11/0002 is on its way to KSeF again.',
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('ksef')).queryByText('Waiting to be sent')).not.toBeNull(),
    );
    expect(screen.queryByTestId('invoice-resend')).toBeNull();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/api/admin/invoices/8/resend');
    expect(post?.headers.get('X-CSRF-Token')).toBeTruthy();
  });

  it('shows why KSeF could not take an invoice again', async () => {
    renderAsAdmin('/admin/invoices', {
      'GET /api/admin/invoices': () => list([REJECTED]),
      'POST /api/admin/invoices/9/resend': () =>
        jsonResponse(409, {
          code: 'conflict',
          message: 'Ta faktura została już przyjęta przez KSeF.',
        }),
    });
    fireEvent.click(await screen.findByTestId('invoice-resend', {}, { timeout: 5_000 }));
    fireEvent.click(
      within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-button'),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ta faktura została już przyjęta przez KSeF.',
    );
  });

  it('issues a month’s invoices: the previous month by default, the month typed, the answer or the refusal', async () => {
    let answer = jsonResponse(200, { month: '2026-10', issued: 3, existing: 1 });
    const { requests } = renderAsAdmin('/admin/invoices', {
      'GET /api/admin/invoices': () => list([]),
      'POST /api/admin/invoices/run': () => answer,
    });
    const run = await screen.findByTestId('invoice-run', {}, { timeout: 5_000 });
    const month = within(run).getByLabelText<HTMLInputElement>('Month');
    expect(month.value).toBe(previousMonth());
    expect(previousMonth(new Date(2027, 0, 1, 0, 30))).toBe('2026-12');

    fireEvent.change(month, { target: { value: '2026-10' } });
    fireEvent.click(within(run).getByRole('button', { name: 'Issue invoices' }));
    expect((await within(run).findByRole('status')).textContent).toBe(
      '2026-10: 3 invoices issued, 1 business already invoiced.',
    );
    const posts = () => requests.filter((r) => r.url === '/api/admin/invoices/run');
    expect(posts().map((r) => JSON.parse(r.body ?? '{}') as unknown)).toEqual([
      { month: '2026-10' },
    ]);

    // An empty month is refused here, without asking the server.
    fireEvent.change(month, { target: { value: '' } });
    fireEvent.click(within(run).getByRole('button', { name: 'Issue invoices' }));
    expect((await within(run).findByRole('alert')).textContent).toBe(
      'Please correct the highlighted fields.',
    );
    expect(month.getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toHaveLength(1);

    // The server's refusal, in the admin's language as it sends it.
    answer = jsonResponse(422, {
      code: 'validation',
      message: 'Please correct the highlighted fields.',
      errors: { month: ['must not be in the future'] },
    });
    fireEvent.change(month, { target: { value: '2099-01' } });
    fireEvent.click(within(run).getByRole('button', { name: 'Issue invoices' }));
    expect((await within(run).findByText('must not be in the future')).tagName).toBe('LI');
    expect(posts()).toHaveLength(2);
  });
});

// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TAdminInboundMessage, TAdminInboundMessages } from '@printomat/shared';
import { cleanUpAfterEachTest, renderAsAdmin } from '../../test/admin-app';
import { jsonResponse } from '../../test/fetch-mock';
import { buildAdminPrinter, buildIndex, buildStatistics } from './admin-printers-fixtures';

cleanUpAfterEachTest();

function message(overrides: Partial<TAdminInboundMessage> = {}): TAdminInboundMessage {
  return {
    id: 1,
    received_at: '2026-03-02T10:00:00.000Z',
    via: 'smtp',
    from_address: 'ada@example.com',
    subject: 'Lecture notes',
    verdict: 'trusted',
    auth: { dmarc: 'pass', spf: 'pass', dkim: 'pass' },
    status: 'processed',
    outcome: 'added',
    documents: [],
    user_email: 'ada@example.com',
    express_order_id: null,
    printjob_id: null,
    replied_at: '2026-03-02T10:00:05.000Z',
    ...overrides,
  };
}

function showPrinter(inbound: TAdminInboundMessages) {
  return renderAsAdmin('/admin/printers/7', {
    'GET /api/admin/printers': () => jsonResponse(200, buildIndex()),
    'GET /api/admin/printers/7': () =>
      jsonResponse(200, buildAdminPrinter({ email: 'zlote-tarasy@print.printomat.example' })),
    'GET /api/admin/printers/7/statistics': () => jsonResponse(200, buildStatistics()),
    'GET /api/admin/printers/7/inbound_messages': () => jsonResponse(200, inbound),
  });
}

const cellsOf = (row: HTMLElement) =>
  Array.from(row.querySelectorAll('td'), (cell) => cell.textContent);

describe('printer page: inbound e-mail', () => {
  it('lists each message with its sender check, documents, outcome and order link', async () => {
    showPrinter({
      messages: [
        message({
          id: 3,
          via: 'http',
          from_address: 'forged@bank.example',
          subject: null,
          verdict: 'stranger',
          auth: { dmarc: 'fail', spf: 'none', dkim: null },
          outcome: 'express_order',
          user_email: null,
          express_order_id: 41,
          replied_at: null,
          documents: [
            {
              name: 'invoice.zip',
              document_id: null,
              status: 'refused',
              page_count: null,
              failure_code: 'archive',
            },
            {
              name: 'scan.pdf',
              document_id: 12,
              status: 'failed',
              page_count: null,
              failure_code: 'password_protected',
            },
          ],
        }),
        message({
          id: 2,
          printjob_id: 77,
          documents: [
            {
              name: 'notes.pdf',
              document_id: 11,
              status: 'ready',
              page_count: 3,
              failure_code: null,
            },
            {
              name: 'photo.jpg',
              document_id: 13,
              status: 'processing',
              page_count: null,
              failure_code: null,
            },
          ],
        }),
        message({
          id: 1,
          from_address: null,
          verdict: 'ignored',
          status: 'received',
          outcome: null,
          auth: { dmarc: null, spf: null, dkim: null },
          user_email: null,
          replied_at: null,
        }),
      ],
    });
    const section = await screen.findByTestId('inbound-mail', {}, { timeout: 5_000 });
    expect(within(section).getByRole('heading', { name: 'Inbound e-mail' })).toBeTruthy();
    await within(section).findByTestId('inbound-mail-table');
    expect(
      within(section).getByText(
        'Mail sent to zlote-tarasy@print.printomat.example, newest first (at most 50).',
      ),
    ).toBeTruthy();
    expect(Array.from(section.querySelectorAll('th'), (th) => th.textContent)).toEqual([
      'Received',
      'From',
      'Subject',
      'Sender',
      'DMARC / SPF / DKIM',
      'Documents',
      'Outcome',
      'Replied',
      'Order',
    ]);
    const [stranger, trusted, waiting] = within(section).getAllByTestId('inbound-message');
    const strangerCells = cellsOf(stranger!);
    expect(strangerCells.slice(1)).toEqual([
      'forged@bank.examplevia the provider webhook',
      '(no subject)',
      'Unknown sender',
      'DMARC fail · SPF none · DKIM —',
      'invoice.zip: Archives (ZIP, RAR, …) are not printed: attach the files themselves.scan.pdf: the file is password protected',
      'Express order created',
      'not answered',
      'Express order #41',
    ]);
    expect(
      within(stranger!).getByRole('link', { name: 'Express order #41' }).getAttribute('href'),
    ).toBe('/admin/express-orders/41');

    expect(cellsOf(trusted!).slice(1)).toEqual([
      'ada@example.comaccount ada@example.com',
      'Lecture notes',
      'Account holder',
      'DMARC pass · SPF pass · DKIM pass',
      'notes.pdf: 3 pagesphoto.jpg: being processed',
      'Added to the account holder’s print job',
      expect.stringContaining('2026'),
      'Print job #77',
    ]);
    expect(within(trusted!).getByRole('link', { name: 'Print job #77' }).getAttribute('href')).toBe(
      '/admin/printjobs/77',
    );

    expect(cellsOf(waiting!).slice(1)).toEqual([
      '(no sender)',
      'Lecture notes',
      'Not answered',
      'DMARC — · SPF — · DKIM —',
      'none',
      'Waiting to be processed',
      'not answered',
      '—',
    ]);
  });

  it('says so when nobody has written to the printer', async () => {
    showPrinter({ messages: [] });
    expect(
      (await screen.findByTestId('inbound-mail-empty', {}, { timeout: 5_000 })).textContent,
    ).toBe('Nobody has sent e-mail to this printer yet.');
    expect(screen.queryByTestId('inbound-mail-table')).toBeNull();
  });
});

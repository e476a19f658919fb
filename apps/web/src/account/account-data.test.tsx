// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPrintHistory, TPrintHistoryEntry } from '@printomat/shared';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';

function entry(overrides: Partial<TPrintHistoryEntry>): TPrintHistoryEntry {
  return {
    id: 1,
    finished_at: '2025-03-04T10:15:00.000Z',
    printer_name: 'Library',
    documents: [{ name: 'report.pdf', deleted: false, page_count: 4, copies: 1 }],
    pages: 4,
    printed_pages: 4,
    charged_pages: 4,
    refunded_pages: 0,
    refund_reason: null,
    outcome: 'printed',
    ...overrides,
  };
}

const history = (jobs: TPrintHistoryEntry[], page = 1, total = jobs.length): TPrintHistory => ({
  jobs,
  paging: { page, page_size: 20, total },
});

describe('account page: print history, cards, data, deletion', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the print history with deleted documents and outcomes, and turns pages', async () => {
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /api/account/history': (request) =>
        request.url.includes('page=2')
          ? jsonResponse(200, history([entry({ id: 9, printer_name: 'Station' })], 2, 21))
          : jsonResponse(
              200,
              history(
                [
                  entry({
                    id: 3,
                    outcome: 'expired',
                    documents: [{ name: 'thesis.pdf', deleted: false, page_count: 3, copies: 1 }],
                    pages: 3,
                    printed_pages: 0,
                    charged_pages: 0,
                  }),
                  entry({
                    id: 2,
                    documents: [{ name: null, deleted: true, page_count: 4, copies: 1 }],
                    printed_pages: 2,
                    refunded_pages: 2,
                    refund_reason: 'Half the pages came out blank',
                  }),
                ],
                1,
                21,
              ),
            ),
    });
    renderApp('/account');
    const section = await screen.findByTestId('print-history');
    const rows = await within(section).findAllByTestId('history-row');
    expect(rows.map((r) => r.getAttribute('data-outcome'))).toEqual(['expired', 'printed']);
    expect(rows[0]?.textContent).toContain('thesis.pdf');
    expect(rows[0]?.textContent).toContain('Expired');
    expect(within(rows[1] as HTMLElement).getByText('deleted')).toBeTruthy();
    expect(rows[1]?.textContent).toContain('2 of 4');
    // A refund is shown on its job, with the admin's reason; none on the other.
    expect(within(rows[1] as HTMLElement).getByTestId('history-refund').textContent).toBe(
      '2 pages refundedReason: Half the pages came out blank',
    );
    expect(within(rows[0] as HTMLElement).queryByTestId('history-refund')).toBeNull();
    expect(within(section).getByText('Page 1 of 2')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Older' }));
    await within(section).findByText('Page 2 of 2');
    expect(within(section).getByText('Station')).toBeTruthy();
    expect(requests.some((r) => r.url === '/api/account/history?page=2')).toBe(true);
  });

  it('says so when nothing was printed yet', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /api/account/history': () => jsonResponse(200, history([])),
    });
    renderApp('/account');
    expect(await screen.findByText('You have not printed anything yet.')).toBeTruthy();
  });

  it('lists saved cards and removes one', async () => {
    let cards = [
      { id: 7, brand: 'visa', last4: '4242', added_at: '2025-01-02T10:00:00.000Z' },
      { id: 8, brand: 'mastercard', last4: '4444', added_at: '2025-01-03T10:00:00.000Z' },
    ];
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /api/account/cards': () => jsonResponse(200, { cards }),
      'DELETE /api/account/cards/7': () => {
        cards = cards.filter((c) => c.id !== 7);
        return jsonResponse(200, { ok: true });
      },
    });
    renderApp('/account');
    const section = await screen.findByTestId('saved-cards');
    expect(await within(section).findByText('visa ending in 4242')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Remove visa ending in 4242' }));
    expect((await within(section).findByRole('status')).textContent).toBe('The card was removed.');
    await waitFor(() => expect(within(section).queryByText('visa ending in 4242')).toBeNull());
    expect(within(section).getByText('mastercard ending in 4444')).toBeTruthy();
    expect(requests.find((r) => r.method === 'DELETE')?.url).toBe('/api/account/cards/7');
  });

  it('offers the data download', async () => {
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })) });
    renderApp('/account');
    const link = await screen.findByRole('link', { name: 'Download my data' });
    expect(link.getAttribute('href')).toBe('/api/account/export');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('deletes the account after the password and goes home signed out', async () => {
    let signedIn = true;
    const { requests } = mockFetch({
      'GET /api/session': () =>
        jsonResponse(200, buildSession({ user: signedIn ? buildMe() : null })),
      'DELETE /api/account': (request) => {
        if (JSON.parse(request.body ?? '{}').confirmation !== 'my-secret')
          return jsonResponse(422, {
            message: 'Please correct the highlighted fields.',
            code: 'validation',
            errors: { confirmation: ['is incorrect'] },
          });
        signedIn = false;
        return jsonResponse(200, { ok: true });
      },
    });
    const { location } = renderApp('/account');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const field = screen.getByLabelText('Type your password to confirm');
    expect(field.getAttribute('type')).toBe('password');

    fireEvent.change(field, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() =>
      expect(
        screen.getByLabelText('Type your password to confirm').getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(screen.getByText('is incorrect')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Type your password to confirm'), {
      target: { value: 'my-secret' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    await screen.findByRole('link', { name: 'Print now' });
    expect(location.pathname).toBe('/');
    const deletes = requests.filter((r) => r.method === 'DELETE' && r.url === '/api/account');
    expect(deletes.map((r) => JSON.parse(r.body ?? '{}'))).toEqual([
      { confirmation: 'wrong' },
      { confirmation: 'my-secret' },
    ]);
  });

  it('asks a Facebook-only account for its e-mail address, and shows why it is refused', async () => {
    mockFetch({
      'GET /api/session': () =>
        jsonResponse(
          200,
          buildSession({ user: buildMe({ has_password: false, has_facebook: true }) }),
        ),
      'DELETE /api/account': () =>
        jsonResponse(409, {
          code: 'printing',
          message:
            'One of your jobs is printing right now. Wait until it is done, then delete your account.',
        }),
    });
    renderApp('/account');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const field = screen.getByLabelText('Type your e-mail address (ada@example.com) to confirm');
    fireEvent.change(field, { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'One of your jobs is printing right now. Wait until it is done, then delete your account.',
    );
    // Kept: still on the account page.
    expect(screen.getByRole('heading', { name: 'Your account', level: 1 })).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TScan } from '@printomat/shared';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';

function scan(overrides: Partial<TScan>): TScan {
  return {
    id: 1,
    file_name: 'scan-2026-11-24-1432.pdf',
    pages: 3,
    byte_size: 350 * 1024,
    created_at: '2026-11-24T13:32:00.000Z',
    printer_name: 'Złote Tarasy',
    download_url: '/ajax/scans/1/download',
    expires_at: '2026-12-01T13:32:00.000Z',
    ...overrides,
  };
}

const session = (locale: 'en' | 'de' | 'pl' = 'en') =>
  jsonResponse(200, buildSession({ user: buildMe({ locale }), locale }));

describe('account page: scans', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('explains how to scan when there is none yet, with the way to the ID and PIN', async () => {
    mockFetch({
      'GET /api/session': () => session(),
      'GET /ajax/scans': () => jsonResponse(200, { scans: [] }),
    });
    renderApp('/account');
    const section = await screen.findByTestId('scans');
    expect((await within(section).findByTestId('scans-empty')).textContent).toContain(
      'sign in at a printer that scans with your ID and PIN',
    );
    expect(
      within(section).getByRole('link', { name: 'Your ID and PIN' }).getAttribute('href'),
    ).toBe('/account/pin');
  });

  it('lists scans with printer, pages, size and download; a deleted file has no download', async () => {
    mockFetch({
      'GET /api/session': () => session(),
      'GET /ajax/scans': () =>
        jsonResponse(200, {
          scans: [
            scan({}),
            scan({
              id: 2,
              file_name: 'scan-2026-11-10-0915.pdf',
              pages: 1,
              byte_size: 12 * 1024 * 1024,
              printer_name: null,
              download_url: null,
              expires_at: null,
            }),
          ],
        }),
    });
    renderApp('/account');
    const section = await screen.findByTestId('scans');
    const rows = await within(section).findAllByTestId('scan');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('scan-2026-11-24-1432.pdf');
    expect(first.textContent).toContain('Złote Tarasy · 3 pages · 350 KB');
    expect(within(first).getByTestId('scan-kept').textContent).toBe('Kept until 1 Dec 2026');
    const download = within(first).getByRole('link', {
      name: 'Download scan-2026-11-24-1432.pdf',
    });
    expect(download.getAttribute('href')).toBe('/ajax/scans/1/download');
    expect(download.hasAttribute('download')).toBe(true);

    expect(second.textContent).toContain('Printer removed · 1 page · 12 MB');
    expect(within(second).getByTestId('scan-kept').textContent).toBe(
      'File deleted after the storage period',
    );
    expect(within(second).queryByRole('link')).toBeNull();
  });

  it('deletes a scan only after the confirmation', async () => {
    let scans = [scan({}), scan({ id: 2, file_name: 'scan-2026-11-24-1432-2.pdf' })];
    const { requests } = mockFetch({
      'GET /api/session': () => session(),
      'GET /ajax/scans': () => jsonResponse(200, { scans }),
      'DELETE /ajax/scans/1': () => {
        scans = scans.filter((s) => s.id !== 1);
        return jsonResponse(200, { ok: true });
      },
    });
    renderApp('/account');
    const section = await screen.findByTestId('scans');
    fireEvent.click(
      await within(section).findByRole('button', { name: 'Delete scan-2026-11-24-1432.pdf' }),
    );
    const confirm = within(section).getByRole('group', {
      name: 'Delete scan-2026-11-24-1432.pdf for good? The file cannot be restored.',
    });
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    expect((await within(section).findByRole('status')).textContent).toBe('The scan was deleted.');
    await waitFor(() => expect(within(section).getAllByTestId('scan')).toHaveLength(1));
    expect(within(section).getByText('scan-2026-11-24-1432-2.pdf')).toBeTruthy();
    const deletion = requests.find((r) => r.method === 'DELETE');
    expect(deletion?.url).toBe('/ajax/scans/1');
    expect(deletion?.headers.get('x-csrf-token')).toBe('session-token');
  });

  it('keeps the scan when the person cancels the deletion', async () => {
    const { requests } = mockFetch({
      'GET /api/session': () => session(),
      'GET /ajax/scans': () => jsonResponse(200, { scans: [scan({})] }),
      'DELETE /ajax/scans/1': () => jsonResponse(200, { ok: true }),
    });
    renderApp('/account');
    const section = await screen.findByTestId('scans');
    fireEvent.click(
      await within(section).findByRole('button', { name: 'Delete scan-2026-11-24-1432.pdf' }),
    );
    const confirm = within(section).getByTestId('scan-confirm');
    expect(confirm.textContent).toContain('The file cannot be restored.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(section).queryByTestId('scan-confirm')).toBeNull();
    expect(
      within(section).getByRole('button', { name: 'Delete scan-2026-11-24-1432.pdf' }),
    ).toBeTruthy();
    // Give a stray request time to leave before checking that none did.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    expect(within(section).getAllByTestId('scan')).toHaveLength(1);
    expect(within(section).queryByRole('status')).toBeNull();
  });

  it('speaks German with du', async () => {
    mockFetch({
      'GET /api/session': () => session('de'),
      'GET /ajax/scans': () => jsonResponse(200, { scans: [] }),
    });
    renderApp('/account');
    const section = await screen.findByTestId('scans');
    expect(await within(section).findByText('Deine Scans')).toBeTruthy();
    expect((await within(section).findByTestId('scans-empty')).textContent).toContain(
      'meldest du dich an einem Drucker mit Scanfunktion mit deiner ID und PIN an',
    );
  });

  it('speaks Polish', async () => {
    mockFetch({
      'GET /api/session': () => session('pl'),
      'GET /ajax/scans': () => jsonResponse(200, { scans: [scan({ pages: 5 })] }),
    });
    renderApp('/account');
    const section = await screen.findByTestId('scans');
    expect(await within(section).findByText('Twoje skany')).toBeTruthy();
    const row = await within(section).findByTestId('scan');
    expect(row.textContent).toContain('5 stron');
    expect(within(row).getByRole('button', { name: 'Usuń scan-2026-11-24-1432.pdf' })).toBeTruthy();
  });
});

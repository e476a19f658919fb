// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEachTest, renderAsAdmin } from '../../test/admin-app';
import { jsonResponse } from '../../test/fetch-mock';
import { buildAdminPrinter, buildIndex, buildStatistics } from './admin-printers-fixtures';

cleanUpAfterEachTest();

describe('QR sticker downloads (issue 16)', () => {
  it("offers the printer's sticker on its page as a download of the PDF", async () => {
    renderAsAdmin('/admin/printers/7', {
      'GET /api/admin/printers': () => jsonResponse(200, buildIndex()),
      'GET /api/admin/printers/7': () => jsonResponse(200, buildAdminPrinter()),
      'GET /api/admin/printers/7/statistics': () => jsonResponse(200, buildStatistics()),
    });
    const link = await screen.findByTestId('printer-sticker', {}, { timeout: 5_000 });
    expect(link.textContent).toBe('Download QR sticker');
    expect(link.getAttribute('href')).toBe('/api/admin/printers/7/sticker.pdf');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('offers the stickers of all printers of a city once a city is chosen', async () => {
    renderAsAdmin('/admin/printers', {
      'GET /api/admin/printers': () => jsonResponse(200, buildIndex()),
    });
    await screen.findByTestId('printers-table', {}, { timeout: 5_000 });
    expect(screen.queryByTestId('city-stickers')).toBeNull();

    fireEvent.change(screen.getByRole('combobox', { name: 'City' }), { target: { value: '2' } });
    const link = await waitFor(() => screen.getByTestId('city-stickers'));
    expect(link.textContent).toBe('Stickers for all printers of Berlin');
    expect(link.getAttribute('href')).toBe('/api/admin/printers/stickers.pdf?city_id=2');
    expect(link.hasAttribute('download')).toBe(true);

    fireEvent.change(screen.getByRole('combobox', { name: 'City' }), { target: { value: '' } });
    await waitFor(() => expect(screen.queryByTestId('city-stickers')).toBeNull());
  });

  it('offers none for a city whose printers are all out of service', async () => {
    const index = buildIndex();
    index.printers = index.printers.map((p) =>
      p.city_id === 2 ? { ...p, decommissioned_at: '2026-11-01T10:00:00.000Z' } : p,
    );
    renderAsAdmin('/admin/printers?city=2', {
      'GET /api/admin/printers': () => jsonResponse(200, index),
    });
    await screen.findByTestId('printers-table', {}, { timeout: 5_000 });
    expect(screen.queryByTestId('city-stickers')).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'City' }), { target: { value: '1' } });
    expect((await waitFor(() => screen.getByTestId('city-stickers'))).textContent).toBe(
      'Stickers for all printers of Warszawa',
    );
  });
});

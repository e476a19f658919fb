// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TAdminCity } from '@printomat/shared';
import { cleanUpAfterEachTest, renderAsAdmin } from '../../test/admin-app';
import { jsonResponse } from '../../test/fetch-mock';
import { buildAdminPrinter, buildIndex, buildStatistics } from './admin-printers-fixtures';

cleanUpAfterEachTest();

const warsaw: TAdminCity = {
  id: 1,
  name: 'Warszawa',
  slug: 'warszawa',
  country: 'PL',
  timezone: 'Europe/Warsaw',
  lat: 52.23,
  lon: 21.01,
  printer_count: 9,
};

function fill(form: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
}

describe('cities', () => {
  it('adds a city, shows the server’s per-field refusal, and changes a city', async () => {
    let cities = [warsaw];
    const { requests } = renderAsAdmin('/admin/printers/cities', {
      'GET /api/admin/cities': () => jsonResponse(200, { cities }),
      'POST /api/admin/cities': (request) => {
        const body = JSON.parse(String(request.body)) as { slug: string; name: string };
        if (body.slug === 'warszawa')
          return jsonResponse(422, {
            code: 'validation',
            message: 'Please correct the errors below.',
            errors: { slug: ['has already been taken'] },
          });
        const added = { ...warsaw, ...body, id: 2, country: 'PL', lat: 54.35, lon: 18.65 };
        cities = [...cities, { ...added, printer_count: 0 }];
        return jsonResponse(201, { ...added, printer_count: 0 });
      },
      'PUT /api/admin/cities/1': () => {
        cities = [{ ...warsaw, name: 'Warsaw' }, ...cities.slice(1)];
        return jsonResponse(200, cities[0]);
      },
    });
    const table = await screen.findByTestId('cities-table', {}, { timeout: 5_000 });
    expect(within(table).getAllByTestId('city-row')[0]?.textContent).toContain('Warszawa');

    const form = screen.getByRole('form', { name: 'Add a city' });
    fill(form, {
      Name: 'Gdańsk',
      'Map address (/map/…)': 'warszawa',
      'Country code (2 letters)': 'pl',
      Latitude: '54.35',
      Longitude: '18.65',
    });
    fireEvent.submit(form);
    expect(await within(form).findByText('has already been taken')).toBeTruthy();

    fill(form, { 'Map address (/map/…)': 'gdansk' });
    fireEvent.submit(form);
    expect((await screen.findByTestId('city-notice')).textContent).toBe('Gdańsk was added.');
    await waitFor(() => expect(within(table).getAllByTestId('city-row')).toHaveLength(2));
    const added = requests.filter((r) => r.method === 'POST' && r.url === '/api/admin/cities');
    // Sent as typed (the server parses them again: upper case, numbers).
    expect(JSON.parse(String(added.at(-1)?.body))).toEqual({
      name: 'Gdańsk',
      slug: 'gdansk',
      country: 'pl',
      timezone: 'Europe/Warsaw',
      lat: '54.35',
      lon: '18.65',
    });

    fireEvent.click(within(within(table).getAllByTestId('city-row')[0]!).getByRole('button'));
    const edit = screen.getByRole('form', { name: 'Change Warszawa' });
    fill(edit, { Name: 'Warsaw' });
    fireEvent.submit(edit);
    expect((await screen.findByTestId('city-notice')).textContent).toBe('Warsaw was saved.');
  });

  it('is reached from the printers index', async () => {
    renderAsAdmin('/admin/printers', {
      'GET /api/admin/printers': () => jsonResponse(200, buildIndex()),
    });
    const link = await screen.findByRole('link', { name: 'Cities' }, { timeout: 5_000 });
    expect(link.getAttribute('href')).toBe('/admin/printers/cities');
  });
});

describe('decommissioning a printer', () => {
  it('asks first, then takes it out of service, and brings it back', async () => {
    let printer = buildAdminPrinter();
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const { requests } = renderAsAdmin('/admin/printers/7', {
      'GET /api/admin/printers': () => jsonResponse(200, buildIndex()),
      'GET /api/admin/printers/7': () => jsonResponse(200, printer),
      'GET /api/admin/printers/7/statistics': () => jsonResponse(200, buildStatistics()),
      'POST /api/admin/printers/7/decommission': (request) => {
        const { decommissioned } = JSON.parse(String(request.body)) as { decommissioned: boolean };
        printer = {
          ...printer,
          decommissioned_at: decommissioned ? '2026-11-24T10:00:00.000Z' : null,
        };
        return jsonResponse(200, printer);
      },
    });
    const status = await screen.findByTestId('service-status', {}, { timeout: 5_000 });
    expect(status.textContent).toBe('In service.');
    fireEvent.click(screen.getByTestId('decommission-toggle'));
    expect(confirm).toHaveBeenCalledOnce();
    await waitFor(() =>
      expect(screen.getByTestId('service-status').textContent).toMatch(
        /^Decommissioned since \d+ Nov 2026, \d\d:\d\d: not on the map, takes no jobs; its statistics stay\.$/,
      ),
    );
    expect(screen.getByTestId('action-notice').textContent).toBe(
      'The printer is now decommissioned.',
    );
    fireEvent.click(screen.getByTestId('decommission-toggle'));
    await waitFor(() =>
      expect(screen.getByTestId('service-status').textContent).toBe('In service.'),
    );
    // Bringing it back needs no confirmation.
    expect(confirm).toHaveBeenCalledOnce();
    const posts = requests.filter((r) => r.url.endsWith('/decommission')).map((r) => r.body);
    expect(posts).toEqual([
      JSON.stringify({ decommissioned: true }),
      JSON.stringify({ decommissioned: false }),
    ]);
  }, 15_000);
});

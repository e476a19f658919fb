// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEachTest, renderAsAdmin } from '../../test/admin-app';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { buildAdminPrinter, buildIndex, buildStatistics } from './admin-printers-fixtures';

function rowsOf(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .map((row) =>
      Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent).join(' | '),
    );
}

cleanUpAfterEachTest();

describe('printers index', () => {
  it('lists the printers with their live state and filters them by city and state', async () => {
    const { location } = renderAsAdmin('/admin/printers', {
      'GET /api/admin/printers': () => jsonResponse(200, buildIndex()),
    });
    const table = await screen.findByTestId('printers-table', {}, { timeout: 5_000 });
    expect(
      within(table)
        .getAllByTestId('printer-state')
        .map((b) => b.textContent),
    ).toEqual(['Available', 'Maintenance', 'Offline']);
    expect(rowsOf(table)[1]).toContain('12 %');
    // The open incident (alert) and since when; a printer without one shows a dash.
    expect(within(table).getByTestId('printer-incidents').textContent).toMatch(
      /^Offline since .*2026/,
    );
    expect(screen.getByTestId('printer-count').textContent).toBe('3 printers');

    fireEvent.change(screen.getByRole('combobox', { name: 'City' }), { target: { value: '1' } });
    await waitFor(() => expect(screen.getByTestId('printer-count').textContent).toBe('2 printers'));
    expect(location.search).toBe('?city=1');
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), {
      target: { value: 'maintenance' },
    });
    await waitFor(() => expect(screen.getByTestId('printer-count').textContent).toBe('1 printer'));
    expect(within(screen.getByTestId('printers-table')).getByRole('link').textContent).toBe(
      'Politechnika',
    );
  });

  it('tells a non-admin that the area is closed', async () => {
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })) });
    renderApp('/admin/printers');
    expect(await screen.findByText('Only administrators can open this page.')).toBeTruthy();
  });
});

describe('printer form', () => {
  it('checks the form with the shared schema first: refused values stay in the form, nothing is sent', async () => {
    const { fetchMock } = renderAsAdmin('/admin/printers/new', {
      'GET /api/admin/printers': () => jsonResponse(200, buildIndex()),
    });
    const form = await screen.findByTestId('printer-form', {}, { timeout: 5_000 });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Biblioteka' } });
    fireEvent.change(within(form).getByLabelText('Postcode'), { target: { value: '00312' } });
    fireEvent.change(within(form).getByLabelText('Radius (metres)'), { target: { value: '40' } });
    fireEvent.click(within(form).getByLabelText('Monday: Open'));
    fireEvent.change(within(form).getByLabelText('Monday: Opens'), { target: { value: '10:00' } });
    fireEvent.change(within(form).getByLabelText('Monday: Closes'), { target: { value: '09:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create printer' }));

    // The messages the server would give, from the same schema and catalog.
    expect(await screen.findByText('close time must be later than open time')).toBeTruthy();
    expect(within(form).getByLabelText('Monday: Closes').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('Name').getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByRole('alert').textContent).toContain(
      'Please correct the highlighted fields.',
    );
    expect(fetchMock.mock.calls.filter((c) => c[1]?.method === 'POST')).toEqual([]);
    // What was typed stays in the form.
    expect(within(form).getByLabelText<HTMLInputElement>('Name').value).toBe('Biblioteka');
  });

  it('sends every field and the images in one request and shows the server’s messages at the fields', async () => {
    const { fetchMock } = renderAsAdmin('/admin/printers/7/edit', {
      'GET /api/admin/printers': () => jsonResponse(200, buildIndex()),
      'GET /api/admin/printers/7': () => jsonResponse(200, buildAdminPrinter()),
      'PUT /api/admin/printers/7': () =>
        jsonResponse(422, {
          code: 'validation',
          message: 'Please correct the highlighted fields.',
          errors: {
            logo: ['image too small'],
            'open_hours.0.close_time': ['close time must be later than open time'],
          },
        }),
    });
    const form = await screen.findByTestId('printer-form', {}, { timeout: 5_000 });
    await waitFor(() =>
      expect(within(form).getByLabelText<HTMLInputElement>('Name').value).toBe('Library'),
    );
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Biblioteka' } });
    fireEvent.change(within(form).getByLabelText('Monday: Opens'), { target: { value: '10:00' } });
    fireEvent.change(
      within(form).getByLabelText('Express price of a black-and-white page (minor units)'),
      { target: { value: '45' } },
    );
    const logo = new File([new Uint8Array([1, 2, 3])], 'logo.png', { type: 'image/png' });
    fireEvent.change(within(form).getByLabelText('Location logo'), { target: { files: [logo] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('image too small')).toBeTruthy();
    expect(screen.getByText('close time must be later than open time')).toBeTruthy();
    expect(within(form).getByLabelText('Monday: Closes').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Please correct the highlighted fields.');

    const put = fetchMock.mock.calls.find((c) => c[1]?.method === 'PUT');
    const body = (put?.[1] as RequestInit).body as FormData;
    expect((body.get('logo') as File).name).toBe('logo.png');
    const data = JSON.parse(body.get('data') as string);
    expect(data).toMatchObject({
      name: 'Biblioteka',
      postcode: '00-312',
      radius: 40,
      location_x: 52.24,
      city_id: 1,
      is_enabled: true,
      // The mono price typed, the colour price as it was.
      express_mono_price_minor: 45,
      express_color_price_minor: 150,
    });
    expect(data.open_hours[0]).toEqual({
      weekday: 1,
      is_open: true,
      open_time: '10:00',
      close_time: '20:00',
    });
    expect(data.open_hours[6]).toEqual({
      weekday: 7,
      is_open: false,
      open_time: null,
      close_time: null,
    });
    // What was typed stays in the form.
    expect(within(form).getByLabelText<HTMLInputElement>('Name').value).toBe('Biblioteka');
  });
});

describe('printer page', () => {
  it('shows the statistics as charts and tables, trays and markers, and toggles maintenance', async () => {
    let printer = buildAdminPrinter();
    const { requests } = renderAsAdmin('/admin/printers/7', {
      'GET /api/admin/printers': () => jsonResponse(200, buildIndex()),
      'GET /api/admin/printers/7': () => jsonResponse(200, printer),
      'GET /api/admin/printers/7/statistics': () => jsonResponse(200, buildStatistics()),
      'POST /api/admin/printers/7/maintenance': () => {
        printer = { ...printer, maintenance_mode: true, availability: 'maintenance' };
        return jsonResponse(200, printer);
      },
      'POST /api/admin/printers/7/convert_v3': () =>
        jsonResponse(409, {
          code: 'v3_needs_minion_id',
          message: 'Cannot convert to V3 - printer must have a minion_id',
        }),
    });
    const stats = await screen.findByTestId('statistics', {}, { timeout: 5_000 });
    const classic = within(stats).getByTestId('stats-classic');
    expect(rowsOf(within(classic).getByRole('table'))).toEqual([
      'Month | Colour | Mono',
      '2026-10 | 0 | 12',
      '2026-11 | 9 | 30',
    ]);
    const chart = within(classic).getByRole('img', { name: 'Classic jobs (pages) per month' });
    const bars = Array.from(chart.querySelectorAll('rect'), (r) => [
      r.getAttribute('data-series'),
      r.getAttribute('data-month'),
      r.getAttribute('data-value'),
    ]);
    expect(bars).toEqual([
      ['classic_color_pages', '2026-10', '0'],
      ['classic_mono_pages', '2026-10', '12'],
      ['classic_color_pages', '2026-11', '9'],
      ['classic_mono_pages', '2026-11', '30'],
    ]);
    expect(rowsOf(within(within(stats).getByTestId('stats-users')).getByRole('table'))[2]).toBe(
      '2026-11 | 3 | 1 | 1',
    );
    const tray = within(within(stats).getByTestId('input-trays')).getByRole('meter', {
      name: 'main',
    });
    expect(tray.getAttribute('aria-valuenow')).toBe('50');
    expect(tray.getAttribute('aria-valuetext')).toBe('125 of 250 sheets');
    const toner = within(within(stats).getByTestId('markers')).getByRole('meter', {
      name: 'Black toner',
    });
    expect(toner.getAttribute('aria-valuetext')).toBe('8 %');

    fireEvent.click(screen.getByTestId('convert-v3'));
    expect((await screen.findByTestId('action-error')).textContent).toBe(
      'Cannot convert to V3 - printer must have a minion_id',
    );

    fireEvent.click(screen.getByTestId('maintenance-toggle'));
    await waitFor(() =>
      expect(screen.getByTestId('maintenance-status').textContent).toBe(
        'Maintenance mode is on: nobody can print here.',
      ),
    );
    const post = requests.find((r) => r.url.endsWith('/maintenance'));
    expect(post?.body).toBe(JSON.stringify({ enabled: true }));
    expect(screen.getByTestId('action-notice').textContent).toBe('Maintenance mode is now on.');
  });
});

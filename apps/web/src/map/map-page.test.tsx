// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, afterAll, describe, expect, it, vi } from 'vitest';
import { buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { buildPrinter } from '../test/printing-fixtures';
import { renderApp } from '../test/render-app';
import { buildMarker, buildPrinterMap } from './map-fixtures';

function mapApi(overrides: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/session': () => jsonResponse(200, buildSession()),
    'GET /api/map': () => jsonResponse(200, buildPrinterMap()),
    'GET /api/printers/5': () =>
      jsonResponse(
        200,
        buildPrinter({
          email: 'library@print.example',
          express_url: 'mailto:express@print.example',
        }),
      ),
    'GET /api/printers/7': () =>
      jsonResponse(
        200,
        buildPrinter({
          id: 7,
          name: 'Dormitory',
          full_name: 'Dormitory',
          address: 'Sleep Street 3, Warsaw',
          description: '',
          availability: 'maintenance',
          open_now: null,
          is_color: true,
          is_copier: false,
        }),
      ),
    ...overrides,
  });
}

function texts(elements: HTMLElement[]): string[] {
  return elements.map((element) => element.textContent);
}

function rowsOf(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent).join(' '));
}

// jsdom has no layout: give the Leaflet container a size so that it draws pins and clusters.
const sizeProps = ['clientWidth', 'clientHeight'] as const;
beforeAll(() => {
  for (const prop of sizeProps) {
    Object.defineProperty(HTMLElement.prototype, prop, {
      configurable: true,
      get(this: HTMLElement) {
        if (!this.classList.contains('map-canvas')) return 0;
        return prop === 'clientWidth' ? 800 : 600;
      },
    });
  }
});
afterAll(() => {
  for (const prop of sizeProps) delete (HTMLElement.prototype as Partial<HTMLElement>)[prop];
});

describe('printer map page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a working printer at a closed place as closed, never "Available" and "Closed now" at once', async () => {
    const closed = { availability: 'available', open_now: false } as const;
    mapApi({
      'GET /api/map': () => jsonResponse(200, buildPrinterMap({ printers: [buildMarker(closed)] })),
      'GET /api/printers/5': () => jsonResponse(200, buildPrinter(closed)),
    });
    renderApp('/map/warszawa');
    const item = await screen.findByTestId('printer-item');
    expect(item.textContent).toBe('LibraryMain Street 1, 00-001 WarsawClosed now');
    fireEvent.click(within(item).getByRole('link'));
    const state = await screen.findByTestId('map-availability');
    expect(state.getAttribute('data-availability')).toBe('closed');
    expect(state.textContent).toBe(
      'Closed now (see the open hours) – a job sent now waits at the printer until you print it or it expires',
    );
    expect(screen.getByTestId('map-printer-details').textContent).not.toContain('Available');
  });

  it('goes from the cities to a city’s printers to one printer, and back, each with its address', async () => {
    mapApi();
    const { location } = renderApp('/map');

    // Level 1: the cities with their number of printers.
    const cityList = await screen.findByTestId('city-list');
    expect(screen.getByTestId('map-page')).toBeTruthy();
    expect(texts(within(cityList).getAllByTestId('city-item'))).toEqual([
      'Kraków1 printer',
      'Warsaw3 printers',
    ]);
    expect(screen.getByTestId('map-back').getAttribute('href')).toBe('/');

    // Level 2: Warsaw's printers with address, state and whether they are open now.
    fireEvent.click(within(cityList).getByRole('link', { name: /Warsaw/ }));
    const printerList = await screen.findByTestId('printer-list');
    expect(location.pathname).toBe('/map/warszawa');
    expect(screen.getByRole('heading', { level: 2, name: 'Warsaw' })).toBeTruthy();
    const items = within(printerList).getAllByTestId('printer-item');
    expect(items.map((item) => item.getAttribute('data-id'))).toEqual(['5', '6', '7']);
    expect(texts(items)).toEqual([
      'LibraryMain Street 1, 00-001 WarsawAvailableOpen now',
      'CanteenFood Street 2, WarsawOut of paperClosed now',
      'DormitorySleep Street 3, WarsawMaintenance',
    ]);
    expect(screen.queryByTestId('city-list')).toBeNull();
    const back = screen.getByTestId('map-back');
    expect(back.textContent).toContain('All cities');

    // Level 3: the printer.
    fireEvent.click(within(printerList).getByRole('link', { name: /Library/ }));
    const details = await screen.findByTestId('map-printer-details');
    expect(location.pathname).toBe('/map/warszawa/5');
    expect(within(details).getByRole('heading', { level: 2, name: 'Library' })).toBeTruthy();
    expect(screen.getByTestId('map-availability').textContent).toBe('Available – ready to print');
    expect(screen.getByTestId('map-availability').getAttribute('data-availability')).toBe(
      'available',
    );
    expect(screen.getByTestId('map-open-now').textContent).toBe('Open now');
    expect(screen.getByTestId('map-address').textContent).toBe('Main Street 1, 00-001 Warsaw');
    expect(texts(within(screen.getByTestId('map-features')).getAllByRole('listitem'))).toEqual([
      'Colour and black-and-white printing',
      'Copying and scanning',
    ]);
    expect(
      await within(details).findByText('Next to the lockers by the main entrance.'),
    ).toBeTruthy();
    expect(screen.getByTestId('map-email').getAttribute('href')).toBe(
      'mailto:library@print.example',
    );
    expect(screen.getByTestId('map-email').textContent).toBe('library@print.example');
    expect(
      within(details).getByRole('link', { name: 'Print without an account' }).getAttribute('href'),
    ).toBe('/express/5');
    expect(rowsOf(within(details).getByRole('table', { name: 'Open hours' }))).toEqual([
      'Monday 08:00–20:00',
      'Tuesday 08:00–20:00',
      'Wednesday 08:00–20:00',
      'Thursday 08:00–20:00',
      'Friday 08:00–20:00',
      'Saturday 10:00–14:00',
      'Sunday Closed',
    ]);
    expect(within(details).getByRole('link', { name: 'Print here' }).getAttribute('href')).toBe(
      '/printers/5',
    );

    // Back: the city, then the cities.
    const toCity = screen.getByTestId('map-back');
    expect(toCity.textContent).toContain('Back to Warsaw');
    fireEvent.click(toCity);
    expect(await screen.findByTestId('printer-list')).toBeTruthy();
    expect(location.pathname).toBe('/map/warszawa');
    fireEvent.click(screen.getByTestId('map-back'));
    expect(await screen.findByTestId('city-list')).toBeTruthy();
    expect(location.pathname).toBe('/map');
  });

  it('opens a printer in maintenance directly from its address, with the spec’s text', async () => {
    mapApi();
    renderApp('/map/warszawa/7');
    const details = await screen.findByTestId('map-printer-details');
    expect(within(details).getByRole('heading', { level: 2, name: 'Dormitory' })).toBeTruthy();
    const state = screen.getByTestId('map-availability');
    expect(state.textContent).toBe('Maintenance mode enabled - printing not possible');
    expect(state.getAttribute('data-availability')).toBe('maintenance');
    // Open now is not known: nothing is said about it.
    expect(screen.getByTestId('map-open-now').textContent).toBe('');
    expect(await within(details).findByRole('table', { name: 'Open hours' })).toBeTruthy();
    expect(texts(within(screen.getByTestId('map-features')).getAllByRole('listitem'))).toEqual([
      'Colour and black-and-white printing',
    ]);
    expect(screen.queryByTestId('map-email')).toBeNull();
    // Every printer has its express page; it says there why this one cannot print now.
    expect(screen.getByTestId('map-express').getAttribute('href')).toBe('/express/7');
    expect(screen.getByTestId('map-back').getAttribute('href')).toBe('/map/warszawa');
  });

  it('says when a disabled printer cannot print', async () => {
    mapApi({
      'GET /api/printers/5': () => jsonResponse(200, buildPrinter({ availability: 'disabled' })),
    });
    renderApp('/map/warszawa/5');
    // The live state of the printer's own answer wins over the map's.
    await waitFor(() =>
      expect(screen.getByTestId('map-availability').textContent).toBe('printer unavailable'),
    );
    expect(screen.getByTestId('map-availability').getAttribute('data-availability')).toBe(
      'disabled',
    );
  });

  it('sends a printer opened under the wrong city to its real address', async () => {
    mapApi();
    const { location } = renderApp('/map/krakow/5');
    await screen.findByTestId('map-printer-details');
    await waitFor(() => expect(location.pathname).toBe('/map/warszawa/5'));
  });

  it('says so for an unknown city and an unknown printer, with a way back', async () => {
    mapApi();
    renderApp('/map/atlantis');
    expect((await screen.findByTestId('map-city-not-found')).textContent).toBe('City not found');
    expect(screen.getByTestId('map-back').getAttribute('href')).toBe('/map');
    cleanup();

    renderApp('/map/warszawa/99');
    expect((await screen.findByTestId('map-printer-not-found')).textContent).toBe(
      'Printer not found',
    );
    expect(screen.getByTestId('map-back').getAttribute('href')).toBe('/map/warszawa');
  });

  it('keeps the list usable when the map data cannot be loaded, and tries again', async () => {
    let fail = true;
    mapApi({
      'GET /api/map': () =>
        fail
          ? jsonResponse(500, { message: '', code: 'internal' })
          : jsonResponse(200, buildPrinterMap()),
    });
    renderApp('/map');
    expect(
      await screen.findByText('We could not load the printers. Please try again.'),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('city-list')).toBeTruthy();
  });

  it('draws pins and clusters in the Leaflet map: a cluster zooms in, a pin opens the printer', async () => {
    mapApi();
    const { location, container } = renderApp('/map');
    const canvas = await screen.findByTestId('map-canvas');
    // Leaflet's chunk is imported in an effect: slow when the whole suite runs in parallel.
    await waitFor(() => expect(canvas.getAttribute('data-state')).toBe('ready'), {
      timeout: 5000,
    });
    expect(canvas.classList.contains('leaflet-container')).toBe(true);

    // The whole country: Warsaw's three printers are one cluster, Kraków's is one pin.
    await waitFor(() =>
      expect(container.querySelectorAll('[data-testid="map-cluster"]').length).toBe(1),
    );
    const cluster = container.querySelector<HTMLElement>('[data-testid="map-cluster"]');
    expect(cluster?.textContent).toBe('3');
    const kraków = container.querySelector<HTMLElement>('[data-testid="map-marker"]');
    expect(kraków?.getAttribute('data-id')).toBe('8');
    expect(kraków?.closest('.leaflet-marker-icon')?.getAttribute('title')).toBe('Main Square');

    // A cluster click zooms in until it splits.
    fireEvent.click(cluster?.closest('.leaflet-marker-icon') as HTMLElement);
    await waitFor(() => {
      const shown = Array.from(
        container.querySelectorAll('[data-testid="map-cluster"], [data-testid="map-marker"]'),
        (icon) => icon.getAttribute('data-count') ?? `pin ${icon.getAttribute('data-id')}`,
      );
      // Warsaw's three printers are now apart, or a cluster of two beside a pin.
      expect(shown).not.toContain('3');
      expect(shown.length).toBeGreaterThanOrEqual(2);
    });

    // Choosing a city shows its printers' pins; a pin opens the printer.
    fireEvent.click(screen.getByRole('link', { name: /Warsaw/ }));
    await screen.findByTestId('printer-list');
    await waitFor(() =>
      expect(container.querySelector('[data-testid="map-marker"][data-id="5"]')).toBeTruthy(),
    );
    const pin = container.querySelector('[data-testid="map-marker"][data-id="5"]');
    expect(pin?.getAttribute('data-availability')).toBe('available');
    fireEvent.click(pin?.closest('.leaflet-marker-icon') as HTMLElement);
    expect(await screen.findByTestId('map-printer-details')).toBeTruthy();
    expect(location.pathname).toBe('/map/warszawa/5');
    await waitFor(() =>
      expect(
        container
          .querySelector('[data-testid="map-marker"][data-id="5"]')
          ?.classList.contains('map-marker--selected'),
      ).toBe(true),
    );
  });

  it('opens "Suggest a location" in the shared dialog', async () => {
    mapApi();
    const { location } = renderApp('/map/warszawa');
    await screen.findByTestId('printer-list');
    fireEvent.click(screen.getByRole('link', { name: 'Suggest a location' }));
    expect(
      await screen.findByRole('heading', { name: 'Suggest a printer location' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(location.hash).toBe('#modal=mailings.report_location');
    expect(location.pathname).toBe('/map/warszawa');
  });
});

// No jsdom: the map's pages must render on the server (pre-rendering) without window or Leaflet.
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { printerQueryKey } from '../api/printers-api';
import { SESSION_QUERY_KEY } from '../api/session';
import { AppProviders } from '../app-providers';
import { AppRoutes } from '../app-routes';
import { ModalProvider } from '../modal/modal-context';
import { buildSession } from '../test/fetch-mock';
import { buildPrinter } from '../test/printing-fixtures';
import { PRINTER_MAP_QUERY_KEY } from './map-api';
import { buildPrinterMap } from './map-fixtures';
import { MapSection } from './map-section';

function cachedClient() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, buildSession());
  queryClient.setQueryData(PRINTER_MAP_QUERY_KEY, buildPrinterMap());
  queryClient.setQueryData(printerQueryKey(5), buildPrinter());
  return queryClient;
}

function renderPage(url: string): string {
  return renderToString(
    <AppProviders queryClient={cachedClient()}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('printer map on the server', () => {
  it('has no browser here', () => {
    expect(typeof window).toBe('undefined');
  });

  it('renders the city list, a city’s printers and a printer as HTML, with an empty map box', () => {
    const cities = renderPage('/map');
    expect(cities).toContain('data-testid="city-list"');
    expect(cities).toContain('href="/map/warszawa"');
    expect(cities).toContain('data-testid="map-canvas"');
    expect(cities).not.toContain('leaflet-container');

    const city = renderPage('/map/warszawa');
    expect(city).toContain('data-testid="printer-list"');
    expect(city).toContain('Main Street 1, 00-001 Warsaw');

    const printer = renderPage('/map/warszawa/5');
    expect(printer).toContain('data-testid="map-printer-details"');
    expect(printer).toContain('Available – ready to print');
    expect(printer).toContain('href="/printers/5"');
    expect(printer).toContain('data-testid="open-hours"');
  });

  it('renders the landing-page section', () => {
    const html = renderToString(
      <AppProviders queryClient={cachedClient()}>
        <MemoryRouter initialEntries={['/']}>
          <ModalProvider>
            <MapSection id="where" />
          </ModalProvider>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(html).toContain('id="where"');
    expect(html).toContain('data-testid="city-list"');
    expect(html).toContain('href="#modal=mailings.report_location"');
    expect(html).toContain('href="/map"');
  });
});

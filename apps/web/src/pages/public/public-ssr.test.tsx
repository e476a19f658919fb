// No jsdom: the public pages must render with react-dom/server (pre-rendering).
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TLocale } from '@printomat/shared';
import { SESSION_QUERY_KEY } from '../../api/session';
import { AppProviders } from '../../app-providers';
import { AppRoutes } from '../../app-routes';
import { BUSINESS_PACKAGES_QUERY_KEY } from '../../business/business-api';
import { buildBusinessPackageList } from '../../business/business-fixtures';
import { buildSession } from '../../test/fetch-mock';
import { buildMapAnswer } from '../../test/public-fixtures';
import { PUBLIC_PATHS } from './page-meta';
import { PUBLIC_PRINTER_MAP_QUERY_KEY } from './printer-map-query';

function renderPage(url: string, locale: TLocale, withMap = true): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, buildSession({ locale }));
  if (withMap) queryClient.setQueryData(PUBLIC_PRINTER_MAP_QUERY_KEY, buildMapAnswer(51));
  return renderToString(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('public pages on the server', () => {
  it('has no browser here', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it.each(PUBLIC_PATHS)('%s renders to HTML with its heading in every language', (path) => {
    for (const locale of ['en', 'de', 'pl'] as const) {
      const html = renderPage(path, locale);
      expect(html).toMatch(/<h1[^>]*>/);
      expect(html).not.toContain('role="status"');
    }
  });

  it('renders the landing page’s printer count and the business page’s “over 50”', () => {
    expect(renderPage('/', 'en')).toContain('51 printers in 2 cities');
    expect(renderPage('/business', 'pl')).toContain('ponad 50 drukarek');
  });

  it('renders the business packages from the database with net and gross prices', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, buildSession({ locale: 'en' }));
    queryClient.setQueryData(BUSINESS_PACKAGES_QUERY_KEY, buildBusinessPackageList());
    const html = renderToString(
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={['/business']}>
          <AppRoutes />
        </MemoryRouter>
      </AppProviders>,
    ).replace(/\s/g, ' ');
    expect(html).toContain('data-testid="package-M"');
    expect(html).toContain('gross PLN 429.27 (incl. 23 % VAT)');
    expect(html).toContain('href="/business/sign-up"');
  });

  it('renders without the map data too (the slot says it is loading)', () => {
    const html = renderPage('/', 'en', false);
    expect(html).toContain('data-testid="landing-map-slot"');
    expect(html).toContain('Loading printer locations');
  });
});

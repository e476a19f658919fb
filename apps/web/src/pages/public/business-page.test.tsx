// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TLocale, TMe } from '@printomat/shared';
import { buildBusinessPackageList } from '../../business/business-fixtures';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { buildMapAnswer } from '../../test/public-fixtures';
import { renderApp } from '../../test/render-app';

function open(printers: number, locale: TLocale = 'en', user: TMe | null = null) {
  mockFetch({
    'GET /api/session': () => jsonResponse(200, buildSession({ locale, user })),
    'GET /api/map': () => jsonResponse(200, buildMapAnswer(printers)),
    'GET /api/business/packages': () => jsonResponse(200, buildBusinessPackageList()),
  });
  renderApp('/business');
}

/** Intl puts no-break spaces in prices: compare them as plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

describe('business page (/business)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    [1, 'en', '1 printer'],
    [14, 'en', '14 printers'],
    [50, 'en', '50 printers'],
    [51, 'en', 'over 50 printers'],
    [120, 'en', 'over 50 printers'],
    [14, 'de', '14 Drucker'],
    [51, 'de', 'über 50 Drucker'],
    [1, 'pl', '1 drukarka'],
    [3, 'pl', '3 drukarki'],
    [14, 'pl', '14 drukarek'],
    [22, 'pl', '22 drukarki'],
    [51, 'pl', 'ponad 50 drukarek'],
  ] as const)('advertises %i printers in %s as “%s”', async (count, locale, wording) => {
    open(count, locale);
    expect((await screen.findByTestId('business-printer-count')).textContent).toBe(wording);
  });

  it('says the exact number in the benefits, and “over 50” only above 50', async () => {
    open(14);
    await screen.findByTestId('business-printer-count');
    expect(screen.getByText(/they print at 14 printers\./)).toBeTruthy();
    expect(screen.queryByText(/over 50/)).toBeNull();
    cleanup();
    open(51);
    await screen.findByTestId('business-printer-count');
    expect(screen.getByText(/they print at over 50 printers\./)).toBeTruthy();
  });

  it('says where the printers are from the map, not a list of venue kinds it cannot vouch for', async () => {
    open(14);
    expect((await screen.findByTestId('business-printer-cities')).textContent).toBe(
      'in 2 cities: Kraków and Warszawa',
    );
    expect(screen.queryByText(/shopping malls/)).toBeNull();
    cleanup();
    open(3, 'pl');
    expect((await screen.findByTestId('business-printer-cities')).textContent).toBe(
      'w 2 miastach: Kraków i Warszawa',
    );
  });

  it('speaks of the network in general until the count is known', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'GET /api/map': () => jsonResponse(500, { message: 'down', code: 'internal' }),
      'GET /api/business/packages': () => jsonResponse(200, buildBusinessPackageList()),
    });
    renderApp('/business');
    expect(await screen.findByText('A growing network of printers')).toBeTruthy();
    expect(screen.queryByTestId('business-printer-count')).toBeNull();
  });

  it('has benefits, 3 steps, packages, audiences, sign in and sign up', async () => {
    open(14);
    const page = await screen.findByTestId('business-page');
    expect(
      within(page).getByRole('heading', {
        level: 1,
        name: 'Self-service printing for your customers, guests and team',
      }),
    ).toBeTruthy();
    expect(screen.getByTestId('business-sign-up').getAttribute('href')).toBe('/business/sign-up');
    expect(screen.getByTestId('business-sign-in').getAttribute('href')).toBe(
      '/sign-in?next=/business/account',
    );

    const benefits = screen.getByTestId('business-benefits');
    for (const name of ['A free test account', 'Monthly VAT invoices', 'Online payment']) {
      expect(within(benefits).getByRole('heading', { level: 3, name })).toBeTruthy();
    }
    const steps = within(screen.getByTestId('business-steps')).getAllByRole('listitem');
    expect(steps).toHaveLength(3);

    const audiences = screen.getByTestId('business-audiences');
    for (const name of ['Copy shops', 'Hotels', 'Libraries', 'Schools']) {
      expect(within(audiences).getByRole('heading', { level: 3, name })).toBeTruthy();
    }
  });

  it('prices the business packages of the shop net, with the gross and VAT beside', async () => {
    open(14);
    const pricing = await screen.findByTestId('business-pricing');
    const small = await within(pricing).findByTestId('package-S');
    expect(within(small).getByRole('heading', { level: 3, name: 'Package S' })).toBeTruthy();
    expect(within(small).getByTestId('package-pages').textContent).toBe('500 pages');
    expect(within(small).getByTestId('package-validity').textContent).toBe('Valid for 30 days');
    expect(plain(within(small).getByTestId('package-price').textContent)).toBe('PLN 99.00');
    expect(within(small).getByText('net', { exact: false })).toBeTruthy();
    expect(plain(within(small).getByTestId('package-gross').textContent)).toBe(
      'gross PLN 121.77 (incl. 23 % VAT)',
    );
    expect(within(pricing).getAllByTestId('business-package-choose')).toHaveLength(2);
  });

  it('leads “choose” to the business sign-up, or a business account to its packages', async () => {
    open(14);
    const pricing = await screen.findByTestId('business-pricing');
    const [choose] = await within(pricing).findAllByTestId('business-package-choose');
    expect(choose?.getAttribute('href')).toBe('/business/sign-up');
    expect(choose?.textContent).toBe('Start with package S');
    cleanup();
    open(14, 'en', buildMe({ role: 'business' }));
    const [own] = await screen.findAllByTestId('business-package-choose');
    expect(own?.getAttribute('href')).toBe('/business/account#packages');
    expect(screen.getByTestId('nav-business-account').getAttribute('href')).toBe(
      '/business/account',
    );
  });

  it.each([
    ['en', 'PLN 99.00', 'gross PLN 121.77 (incl. 23 % VAT)', '2,000 pages'],
    ['de', '99,00 PLN', 'brutto 121,77 PLN (inkl. 23 % MwSt.)', '2.000 Seiten'],
    ['pl', '99,00 zł', 'brutto 121,77 zł (w tym 23 % VAT)', '2000 stron'],
  ] as const)('shows business prices in %s as %s', async (locale, net, gross, mediumPages) => {
    open(14, locale);
    const pricing = await screen.findByTestId('business-pricing');
    const small = await within(pricing).findByTestId('package-S');
    expect(plain(within(small).getByTestId('package-price').textContent)).toBe(net);
    expect(plain(within(small).getByTestId('package-gross').textContent)).toBe(gross);
    const medium = within(pricing).getByTestId('package-M');
    expect(within(medium).getByTestId('package-pages').textContent).toBe(mediumPages);
  });
});

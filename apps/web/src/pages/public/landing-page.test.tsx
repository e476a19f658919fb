// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FACEBOOK_SIGN_IN_PATH } from '../../api/auth-api';
import { buildSession, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { buildMapAnswer } from '../../test/public-fixtures';
import { renderApp } from '../../test/render-app';

function guest(options: { facebook?: boolean; locale?: 'en' | 'de' | 'pl'; map?: Response } = {}) {
  return mockFetch({
    'GET /api/session': () =>
      jsonResponse(
        200,
        buildSession({
          facebook_enabled: options.facebook ?? false,
          locale: options.locale ?? 'en',
        }),
      ),
    'GET /api/map': () => options.map ?? jsonResponse(200, buildMapAnswer(3)),
  });
}

const hrefOf = (element: HTMLElement) => element.getAttribute('href');

describe('landing page (guests at /)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('has a hero with the print-now call to action and a way to find a printer', async () => {
    guest();
    renderApp('/');
    const hero = await screen.findByTestId('landing-hero');
    expect(
      within(hero).getByRole('heading', {
        level: 1,
        name: 'Print from your phone at a printer near you',
      }),
    ).toBeTruthy();
    expect(hrefOf(within(hero).getByRole('link', { name: 'Print now' }))).toBe('/print');
    expect(hrefOf(within(hero).getByRole('link', { name: 'Find a printer' }))).toBe('/map');
  });

  it('offers sign-up by e-mail, and by Facebook only when the server has it configured', async () => {
    guest({ facebook: false });
    renderApp('/');
    const register = await screen.findByTestId('landing-register');
    expect(hrefOf(within(register).getByRole('link', { name: 'Sign up with e-mail' }))).toBe(
      '/sign-up',
    );
    expect(hrefOf(within(register).getByRole('link', { name: 'Sign in' }))).toBe('/sign-in');
    expect(within(register).queryByRole('link', { name: 'Continue with Facebook' })).toBeNull();
    expect(within(register).getByText(/get 12 free pages for 7 days/)).toBeTruthy();
    cleanup();

    guest({ facebook: true });
    renderApp('/');
    const withFacebook = await screen.findByTestId('landing-register');
    expect(
      hrefOf(await within(withFacebook).findByRole('link', { name: 'Continue with Facebook' })),
    ).toBe(FACEBOOK_SIGN_IN_PATH);
  });

  it('explains how to print, where the printers are, the printer and the features', async () => {
    guest();
    renderApp('/');
    await screen.findByTestId('landing-page');
    const how = screen.getByTestId('landing-how');
    expect(within(how).getByRole('heading', { level: 2, name: 'How to print' })).toBeTruthy();
    const steps = within(how)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(steps).toEqual([
      'Upload or e-mail your document',
      'See the price in pages',
      'Start at the printer',
    ]);
    expect(within(how).getByText(/type in the code shown on the printer’s screen/)).toBeTruthy();
    expect(hrefOf(within(how).getByRole('link', { name: 'Step-by-step guide' }))).toBe('/tutorial');

    const printers = screen.getByTestId('landing-printers');
    expect(printers.id).toBe('printers');
    expect(
      within(printers).getByRole('heading', { level: 2, name: 'Where the printers are' }),
    ).toBeTruthy();

    const printer = screen.getByTestId('landing-printer');
    expect(within(printer).getByRole('heading', { level: 2, name: 'The printer' })).toBeTruthy();
    for (const ability of ['Colour or black and white', 'Copy', 'Scan', 'Code on the screen']) {
      expect(within(printer).getByRole('heading', { level: 3, name: ability })).toBeTruthy();
    }

    const features = screen.getByTestId('landing-features');
    expect(within(features).getByRole('heading', { level: 2, name: 'Why Printomat' })).toBeTruthy();
    expect(
      within(features).getByText('Buy packages by card, bank transfer, BLIK or SMS.'),
    ).toBeTruthy();
    expect(within(screen.getByTestId('landing-promo')).getByText('30% off package M')).toBeTruthy();
    expect(
      hrefOf(
        within(screen.getByTestId('landing-business')).getByRole('link', {
          name: 'Printomat for business',
        }),
      ),
    ).toBe('/business');
  });

  it('counts the printers from GET /api/map and links every city and the map', async () => {
    const { requests } = guest({
      map: jsonResponse(
        200,
        buildMapAnswer(3, [
          { slug: 'krakow', name: 'Kraków' },
          { slug: 'warszawa', name: 'Warszawa' },
          { slug: 'gdansk', name: 'Gdańsk' },
        ]),
      ),
    });
    renderApp('/');
    const slot = await screen.findByTestId('landing-map-slot');
    expect((await within(slot).findByTestId('landing-map-summary')).textContent).toBe(
      '3 printers in 3 cities',
    );
    const cityLinks = within(slot).getAllByTestId('landing-city-link');
    expect(cityLinks.map(hrefOf)).toEqual(['/map/gdansk', '/map/krakow', '/map/warszawa']);
    expect(cityLinks[0]?.textContent).toContain('1 printer');
    expect(hrefOf(within(slot).getByRole('link', { name: 'Find a printer' }))).toBe('/map');
    expect(requests.some((r) => r.method === 'GET' && r.url === '/api/map')).toBe(true);
  });

  it('still links the map when the printer list cannot be loaded', async () => {
    guest({ map: jsonResponse(500, { message: 'down', code: 'internal' }) });
    renderApp('/');
    const slot = await screen.findByTestId('landing-map-slot');
    expect(await within(slot).findByTestId('landing-map-error')).toBeTruthy();
    expect(hrefOf(within(slot).getByRole('link', { name: 'Find a printer' }))).toBe('/map');
  });

  it('says it in Polish, with Polish plural forms', async () => {
    guest({
      locale: 'pl',
      map: jsonResponse(
        200,
        buildMapAnswer(5, [
          { slug: 'krakow', name: 'Kraków' },
          { slug: 'warszawa', name: 'Warszawa' },
        ]),
      ),
    });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Drukuj teraz' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Gdzie są drukarki' })).toBeTruthy();
    expect((await screen.findByTestId('landing-map-summary')).textContent).toBe(
      '5 drukarek w 2 miastach',
    );
    expect(screen.getByText(/odbierz 12 darmowych stron na 7 dni/)).toBeTruthy();
  });

  it('sets the document title and meta description in the person’s language', async () => {
    guest({ locale: 'de' });
    renderApp('/');
    await screen.findByRole('link', { name: 'Jetzt drucken' });
    await waitFor(() =>
      expect(document.title).toBe(
        'Printomat – drucke deine Dokumente an einem Drucker in deiner Nähe',
      ),
    );
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Dokument hochladen oder per E-Mail an einen Drucker schicken/,
    );
  });
});

describe('header and footer for guests', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('has find a printer, locations, business and sign in in the navigation', async () => {
    guest();
    renderApp('/faq');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(hrefOf(within(nav).getByRole('link', { name: 'Find a printer' }))).toBe('/map');
    expect(hrefOf(within(nav).getByRole('link', { name: 'Locations' }))).toBe('/#printers');
    expect(hrefOf(within(nav).getByRole('link', { name: 'For business' }))).toBe('/business');
    expect(hrefOf(within(nav).getByRole('link', { name: 'Sign in' }))).toBe('/sign-in');
    expect(hrefOf(within(nav).getByRole('link', { name: 'Sign up' }))).toBe('/sign-up');
  });

  it('links contact, FAQ, privacy, terms, opinion, partner and recommend-a-client in the footer', async () => {
    guest();
    renderApp('/');
    const footer = await screen.findByRole('navigation', { name: 'Site links' });
    const links = Object.fromEntries(
      within(footer)
        .getAllByRole('link')
        .map((link) => [link.textContent, hrefOf(link)]),
    );
    expect(links).toMatchObject({
      Contact: '/contact',
      FAQ: '/faq',
      'Privacy policy': '/privacy',
      'Terms of service': '/terms',
      'Send us your opinion': '/opinion',
      'Host a printer': '/partner',
      'Recommend a client': '/recommend',
      'How to print': '/tutorial',
      'Free pages': '/zdobadz-strony',
      'Page packages': '/kup-pakiet',
    });
  });
});

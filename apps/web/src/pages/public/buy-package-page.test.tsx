// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TLocale } from '@printomat/shared';
import { buildSession, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

function open(path: string, locale: TLocale = 'en') {
  mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession({ locale })) });
  renderApp(path);
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

describe('buy a package (/kup-pakiet)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    ['en', 'PLN 9.90', 'PLN 27.00', 'PLN 18.90', 'PLN 99.90'],
    ['de', '2,90 €', '7,00 €', '4,90 €', '24,90 €'],
    ['pl', '9,90 zł', '27,00 zł', '18,90 zł', '99,90 zł'],
  ] as const)(
    'prices the packages for %s in its currency with 2 decimals',
    async (locale, small, mRegular, mNow, extraLarge) => {
      open('/kup-pakiet', locale);
      const price = async (id: string) =>
        plain(
          within(await screen.findByTestId(`package-${id}`)).getByTestId('package-price')
            .textContent,
        );
      expect(await price('S')).toBe(small);
      expect(await price('M')).toBe(mNow);
      expect(await price('XL')).toBe(extraLarge);
      const m = screen.getByTestId('package-M');
      expect(plain(within(m).getByTestId('package-regular-price').textContent)).toBe(mRegular);
      expect(
        within(screen.getByTestId('package-S')).queryByTestId('package-regular-price'),
      ).toBeNull();
    },
  );

  it('lists pages, validity and the colour equivalent, and explains colour vs mono', async () => {
    open('/kup-pakiet');
    const m = await screen.findByTestId('package-M');
    expect(within(m).getByRole('heading', { level: 3, name: 'Package M' })).toBeTruthy();
    expect(within(m).getByTestId('package-pages').textContent).toBe('90 pages');
    expect(within(m).getByTestId('package-validity').textContent).toBe('Valid for 60 days');
    expect(within(m).getByText('or 30 colour pages')).toBeTruthy();
    expect(within(m).getByText('−30%')).toBeTruthy();

    const colour = screen.getByTestId('package-colour');
    expect(within(colour).getByText(/One colour page counts as 3 mono pages/)).toBeTruthy();
    expect(within(colour).getByRole('img', { name: '1 colour page = 3 mono pages' })).toBeTruthy();

    const promo = screen.getByTestId('package-promo');
    expect(within(promo).getByRole('heading', { name: '30% off package M' })).toBeTruthy();
    expect(plain(within(promo).getByText(/Package M now costs/).textContent)).toBe(
      'Package M now costs PLN 18.90 instead of PLN 27.00.',
    );
  });

  it('says that checkout comes soon, with disabled buy buttons', async () => {
    open('/kup-pakiet');
    const buttons = await screen.findAllByTestId('package-buy');
    expect(buttons).toHaveLength(4);
    const note = screen.getByTestId('checkout-soon');
    for (const button of buttons) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
      expect(button.getAttribute('aria-describedby')).toBe(note.id);
    }
    expect(
      within(note).getByRole('heading', { name: 'Online checkout is coming soon' }),
    ).toBeTruthy();
    expect(within(note).getByRole('link', { name: 'Get free pages' }).getAttribute('href')).toBe(
      '/zdobadz-strony',
    );
  });
});

describe('get pages (/zdobadz-strony)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('explains inviting friends, the card bonus (12 pages for 7 days) and packages', async () => {
    open('/zdobadz-strony');
    const card = await screen.findByTestId('get-pages-card');
    expect(
      within(card).getByRole('heading', { name: 'Add a card: 12 pages for 7 days' }),
    ).toBeTruthy();
    expect(
      within(card).getByRole('link', { name: 'Create a free account' }).getAttribute('href'),
    ).toBe('/sign-up');
    const invite = screen.getByTestId('get-pages-invite');
    expect(
      within(invite).getByRole('link', { name: 'How inviting works' }).getAttribute('href'),
    ).toBe('/recommend');
    const packages = screen.getByTestId('get-pages-packages');
    expect(within(packages).getByText(/Package M is now 30% off/)).toBeTruthy();
  });

  it('uses the Polish plural forms', async () => {
    open('/zdobadz-strony', 'pl');
    const card = await screen.findByTestId('get-pages-card');
    expect(
      within(card).getByRole('heading', { name: 'Dodaj kartę: 12 stron na 7 dni' }),
    ).toBeTruthy();
  });
});

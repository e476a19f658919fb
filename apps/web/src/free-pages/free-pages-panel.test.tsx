// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TFreePages } from '@printomat/shared';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';

const FREE_PAGES: TFreePages = {
  referral_code: 'ABCD2345',
  referral_link: 'http://localhost/sign-up?ref=ABCD2345',
  referral_bonus_pages: 20,
  referral_bonus_days: 30,
  referral_pages_total: 20,
  referrals: [
    {
      email: 'b***@example.com',
      signed_up_at: '2026-11-20T10:00:00.000Z',
      status: 'credited',
      pages: 20,
      credited_at: '2026-11-21T10:00:00.000Z',
    },
    {
      email: 'c***@example.com',
      signed_up_at: '2026-11-22T10:00:00.000Z',
      status: 'waiting_for_confirmation',
      pages: null,
      credited_at: null,
    },
  ],
  card_bonus: { received: false, pages: 12, remaining: 0, expires_at: null },
};

describe('/zdobadz-strony for a signed-in person', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the referral link, copies it, lists the invitations and offers the card bonus', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /api/free-pages': () => jsonResponse(200, FREE_PAGES),
    });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp('/zdobadz-strony');

    const link = await screen.findByTestId('referral-link');
    expect(link).toHaveProperty('value', 'http://localhost/sign-up?ref=ABCD2345');
    expect(
      screen.getByText(
        'Share your link. When a friend signs up with it, confirms their e-mail address and buys their first package, you get 20 pages valid for 30 days.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('http://localhost/sign-up?ref=ABCD2345');

    const rows = screen.getAllByTestId('referral-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual([
      '20 pages credited',
      'Waiting for e-mail confirmation',
    ]);
    expect(rows[0]?.textContent).toContain('b***@example.com');
    expect(screen.getByTestId('referral-earned').textContent).toBe(
      'Pages earned by inviting friends: 20',
    );
    const card = screen.getByTestId('card-bonus');
    expect(card.textContent).toContain('Add a card and get 12 pages valid for 7 days.');
    expect(within(card).getByRole('link', { name: 'Add a card' }).getAttribute('href')).toBe(
      '/cards/add',
    );
    // The guest content stays.
    expect(screen.getByTestId('get-pages-packages')).toBeTruthy();
  });

  it('shows the card bonus received, in Polish with its plural', async () => {
    mockFetch({
      'GET /api/session': () =>
        jsonResponse(200, buildSession({ locale: 'pl', user: buildMe({ locale: 'pl' }) })),
      'GET /api/free-pages': () =>
        jsonResponse(200, {
          ...FREE_PAGES,
          referrals: [],
          referral_pages_total: 0,
          card_bonus: {
            received: true,
            pages: 12,
            remaining: 3,
            expires_at: '2099-01-01T00:00:00Z',
          },
        }),
    });
    renderApp('/zdobadz-strony');
    const card = await screen.findByTestId('card-bonus');
    expect(card.textContent).toContain('Za dodanie karty przyznaliśmy Ci 12 stron; zostały 3.');
    expect(screen.getByTestId('referral-history-empty').textContent).toBe(
      'Nikt jeszcze nie zarejestrował się przez Twój link.',
    );
  });

  it('says so when the free pages cannot be loaded', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /api/free-pages': () => jsonResponse(500, { message: 'x', code: 'internal' }),
    });
    renderApp('/zdobadz-strony');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your free pages could not be loaded. Please reload the page.',
    );
  });

  it('asks guests nothing personal', async () => {
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
    });
    renderApp('/zdobadz-strony');
    await screen.findByTestId('get-pages-card');
    expect(screen.queryByTestId('free-pages-panel')).toBeNull();
    expect(requests.some((r) => r.url.includes('/api/free-pages'))).toBe(false);
  });
});

// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app-providers';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { PwaShell } from './pwa-shell';
import { resetPwaState, setPwaState } from './pwa-state';
import { forgetMobileAppStarts } from './use-mobile-app-start';

function renderShell() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <PwaShell />
    </AppProviders>,
  );
  return queryClient;
}

/** `(display-mode: standalone)` answered as in the installed app (or not). */
function displayMode(standalone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: standalone && query.includes('display-mode: standalone'),
        media: query,
      }) as MediaQueryList,
  );
}

describe('the app shell’s notices', () => {
  afterEach(() => {
    cleanup();
    resetPwaState();
    forgetMobileAppStarts();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    delete document.documentElement.dataset.offline;
  });

  it('shows "new version" with a Reload that activates the waiting version', async () => {
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession()) });
    renderShell();
    expect(screen.queryByTestId('update-banner')).toBeNull();
    const activate = vi.fn();
    act(() => setPwaState({ activateUpdate: activate }));
    const banner = await screen.findByTestId('update-banner');
    expect(banner.textContent).toContain('A new version of Printomat is available.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(activate).toHaveBeenCalledTimes(1);
  });

  it('says when the device goes offline, and hides it again when back online', async () => {
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession()) });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderShell();
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect((await screen.findByTestId('offline-notice')).textContent).toContain(
      'You are offline. Printomat needs a connection to show your pages and to print.',
    );
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });

  it('the offline shell (served by the service worker) says it is offline, in Polish too', async () => {
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession({ locale: 'pl' })) });
    document.documentElement.dataset.offline = 'true';
    renderShell();
    expect(await screen.findByText('Spróbuj ponownie')).toBeTruthy();
    expect(screen.getByTestId('offline-notice').textContent).toContain(
      'Jesteś offline. Printomat potrzebuje połączenia, aby pokazać Twoje strony i drukować.',
    );
  });

  it('records a start of the installed app once for a signed-in person', async () => {
    displayMode(true);
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe({ id: 7 }) })),
      'POST /ajax/user/mobile_app': () =>
        jsonResponse(200, {
          id: 7,
          remaining_page_limit: 10,
          is_premium: false,
          last_login_mobile: '2026-11-20T09:30:00.000Z',
        }),
    });
    renderShell();
    const posts = () => requests.filter((r) => r.url.endsWith('/ajax/user/mobile_app'));
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.method).toBe('POST');
    expect(posts()[0]?.headers.get('X-CSRF-Token')).toBeTruthy();
    // The session is read again (the dashboard's hint follows); no second record this start.
    await vi.waitFor(() =>
      expect(requests.filter((r) => r.url.endsWith('/api/session')).length).toBe(2),
    );
    expect(posts()).toHaveLength(1);
  });

  it('records nothing in a browser tab, nor for a guest in the app', async () => {
    displayMode(false);
    const tab = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
    });
    renderShell();
    await vi.waitFor(() => expect(tab.requests.length).toBeGreaterThan(0));
    cleanup();
    displayMode(true);
    const guest = mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession()) });
    renderShell();
    await vi.waitFor(() => expect(guest.requests.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(
      [...tab.requests, ...guest.requests].filter((r) => r.url.includes('mobile_app')),
    ).toEqual([]);
  });
});

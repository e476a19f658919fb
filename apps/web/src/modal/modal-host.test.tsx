// @vitest-environment jsdom
import { useSuspenseQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TLocale } from '@printomat/shared';
import { api } from '../api/client';
import { buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';
import { MODAL_REGISTRY } from './modal-registry';
import type { TModalEntry, TModalProps } from './modal-types';

/** A guest; like the server, PUT /api/account/locale changes the locale the session reports. */
function guestSession() {
  let locale: TLocale = 'en';
  return mockFetch({
    'GET /api/session': () => jsonResponse(200, buildSession({ locale })),
    'PUT /api/account/locale': (request) => {
      locale = (JSON.parse(request.body ?? '{}') as { locale: TLocale }).locale;
      return jsonResponse(200, { locale });
    },
    'GET /api/broken': () => jsonResponse(500, { message: 'Boom', code: 'internal' }),
  });
}

function BrokenDataModal({ titleId }: TModalProps) {
  const { data } = useSuspenseQuery({
    queryKey: ['broken'],
    queryFn: () => api.get<string>('/api/broken'),
  });
  return <h2 id={titleId}>{data}</h2>;
}

describe('modal host', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens users/language from #modal=users.language and loads its component', async () => {
    guestSession();
    renderApp('/#modal=users.language');
    const dialog = await screen.findByTestId('modal');
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(await screen.findByRole('heading', { name: 'Choose your language' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deutsch' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('closes and clears the hash when the modal path is unknown', async () => {
    guestSession();
    const { location } = renderApp('/sign-in#modal=no.such.modal');
    await screen.findByRole('heading', { name: 'Welcome back' });
    await waitFor(() => expect(location.hash).toBe(''));
    expect(location.pathname).toBe('/sign-in');
    expect(screen.queryByTestId('modal')).toBeNull();
  });

  it('opens from a direct visit to /modal/users/language over the home page, and closing goes home', async () => {
    guestSession();
    const { location } = renderApp('/modal/users/language');
    await screen.findByRole('heading', { name: 'Choose your language' });
    expect(await screen.findByRole('link', { name: 'Print now' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('modal')).toBeNull());
    expect(location.pathname).toBe('/');
  });

  it('switches the language from the modal, then closes', async () => {
    const { requests } = guestSession();
    const { location } = renderApp('/#modal=users.language');
    fireEvent.click(await screen.findByRole('button', { name: 'Deutsch' }));
    await waitFor(() => expect(screen.queryByTestId('modal')).toBeNull());
    expect(location.hash).toBe('');
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
    expect(await screen.findByRole('link', { name: 'Jetzt drucken' })).toBeTruthy();
    expect(screen.getByTestId('language-switcher')).toHaveProperty('value', 'de');
    expect(
      requests.some(
        (r) =>
          r.method === 'PUT' && r.url === '/api/account/locale' && r.body === '{"locale":"de"}',
      ),
    ).toBe(true);
  });

  it('closes when the modal chunk fails to load', async () => {
    guestSession();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const registry: TModalEntry[] = [
      ...MODAL_REGISTRY,
      { pattern: 'test/broken_import', load: () => Promise.reject(new Error('chunk failed')) },
    ];
    const { location } = renderApp('/#modal=test.broken_import', { modalRegistry: registry });
    await waitFor(() => expect(location.hash).toBe(''));
    expect(screen.queryByTestId('modal')).toBeNull();
  });

  it('closes when the modal data request fails', async () => {
    const { requests } = guestSession();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const registry: TModalEntry[] = [
      { pattern: 'test/broken_data', load: () => Promise.resolve({ default: BrokenDataModal }) },
    ];
    const { location } = renderApp('/#modal=test.broken_data', { modalRegistry: registry });
    await waitFor(() => expect(requests.some((r) => r.url === '/api/broken')).toBe(true));
    await waitFor(() => expect(location.hash).toBe(''));
    expect(screen.queryByTestId('modal')).toBeNull();
  });

  it('closes on Escape', async () => {
    guestSession();
    const { location } = renderApp('/#modal=users.language');
    const dialog = await screen.findByTestId('modal');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('modal')).toBeNull());
    expect(location.hash).toBe('');
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';

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

async function signIn() {
  let signedIn = false;
  const session = () =>
    jsonResponse(200, buildSession(signedIn ? { user: buildMe({ id: 3 }) } : {}));
  const answer = () => {
    signedIn = true;
    return jsonResponse(200, {
      id: 3,
      remaining_page_limit: 10,
      is_premium: false,
      last_login_mobile: '2026-11-20T09:30:00.000Z',
    });
  };
  const { requests } = mockFetch({
    'GET /api/session': session,
    'POST /ajax/session': answer,
    'POST /api/auth/sign-in': () => {
      signedIn = true;
      return jsonResponse(200, { user: buildMe({ id: 3 }) });
    },
  });
  const { location } = renderApp('/sign-in');
  await screen.findByRole('heading', { name: 'Welcome back' });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long enough 1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await vi.waitFor(() => expect(location.pathname).toBe('/'));
  return requests;
}

describe('signing in from the installed app', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('uses the app sign-in with is_mobile_app, which records last_login_mobile', async () => {
    displayMode(true);
    const requests = await signIn();
    const appSignIn = requests.find((r) => r.url === '/ajax/session');
    expect(appSignIn?.method).toBe('POST');
    expect(JSON.parse(appSignIn?.body ?? '{}')).toEqual({
      email: 'ada@example.com',
      password: 'long enough 1',
      is_mobile_app: true,
    });
    expect(requests.some((r) => r.url === '/api/auth/sign-in')).toBe(false);
  });

  it('a browser tab signs in as before', async () => {
    displayMode(false);
    const requests = await signIn();
    expect(requests.some((r) => r.url === '/api/auth/sign-in')).toBe(true);
    expect(requests.some((r) => r.url === '/ajax/session')).toBe(false);
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';
import { safeNextPath } from './safe-next-path';

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the server message at the top on 401', async () => {
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'POST /api/auth/sign-in': () =>
        jsonResponse(401, { message: 'Invalid email or password', code: 'invalid_credentials' }),
    });
    renderApp('/sign-in');
    await screen.findByRole('heading', { name: 'Welcome back' });
    fillAndSubmit('ada@example.com', 'wrong-password');

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    const signIn = requests.find((r) => r.url === '/api/auth/sign-in');
    expect(JSON.parse(signIn?.body ?? '{}')).toEqual({
      email: 'ada@example.com',
      password: 'wrong-password',
    });
  });

  it('shows the rate-limit message on 429', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'POST /api/auth/sign-in': () =>
        jsonResponse(429, {
          message: 'Too many sign-in attempts. Try again in 5 minutes.',
          code: 'too_many_attempts',
        }),
    });
    renderApp('/sign-in');
    await screen.findByRole('heading', { name: 'Welcome back' });
    fillAndSubmit('ada@example.com', 'x');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many sign-in attempts. Try again in 5 minutes.',
    );
  });

  it('marks the inputs required so that an empty form is not sent', async () => {
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession()) });
    renderApp('/sign-in');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(screen.getByLabelText('Email')).toHaveProperty('required', true);
    expect(screen.getByLabelText('Password')).toHaveProperty('required', true);
  });

  it('shows the Facebook error from ?error=facebook_failed and the Facebook link when enabled', async () => {
    mockFetch({
      'GET /api/session': () =>
        jsonResponse(200, buildSession({ facebook_enabled: true, locale: 'pl' })),
    });
    renderApp('/sign-in?error=facebook_failed');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Logowanie przez Facebooka nie powiodło się. Spróbuj ponownie.',
    );
    expect(
      screen.getByRole('link', { name: 'Kontynuuj przez Facebooka' }).getAttribute('href'),
    ).toBe('/auth/facebook');
  });

  it('goes to ?next= after signing in', async () => {
    let signedIn = false;
    mockFetch({
      'GET /api/session': () =>
        jsonResponse(200, buildSession({ user: signedIn ? buildMe() : null })),
      'POST /api/auth/sign-in': () => {
        signedIn = true;
        return jsonResponse(200, { user: buildMe() });
      },
    });
    const { location } = renderApp('/sign-in?next=/account');
    await screen.findByRole('heading', { name: 'Welcome back' });
    fillAndSubmit('ada@example.com', 'correct-password');
    await screen.findByRole('heading', { name: 'Your account', level: 1 });
    expect(location.pathname).toBe('/account');
  });

  it('accepts only same-site relative paths as next', () => {
    expect(safeNextPath('/account?tab=1')).toBe('/account?tab=1');
    expect(safeNextPath('//evil.example/x')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath('https://evil.example')).toBe('/');
    expect(safeNextPath('/\t/evil.example')).toBe('/');
    expect(safeNextPath(null)).toBe('/');
  });
});

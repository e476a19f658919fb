// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { translate } from '@printomat/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('sign-up page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('has the four named, required inputs', async () => {
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession()) });
    const { container } = renderApp('/sign-up');
    await screen.findByRole('heading', { name: 'Create your account' });
    const names = Array.from(container.querySelectorAll('form input')).map((i) => [
      i.getAttribute('name'),
      i.hasAttribute('required'),
    ]);
    expect(names).toEqual([
      ['email', true],
      ['email_confirmation', true],
      ['password', true],
      ['password_confirmation', true],
    ]);
    expect(screen.queryByRole('link', { name: 'Continue with Facebook' })).toBeNull();
  });

  it('registers with the current locale and goes home signed in', async () => {
    let signedIn = false;
    const { requests } = mockFetch({
      'GET /api/session': () =>
        jsonResponse(200, buildSession({ locale: 'de', user: signedIn ? buildMe() : null })),
      'POST /api/auth/register': () => {
        signedIn = true;
        return jsonResponse(201, { user: buildMe() });
      },
    });
    const { location } = renderApp('/sign-up');
    await screen.findByRole('heading', { name: 'Erstelle dein Konto' });
    fill('E-Mail', 'ada@example.com');
    fill('E-Mail-Bestätigung', 'ada@example.com');
    fill('Passwort', 'secret-123');
    fill('Passwortbestätigung', 'secret-123');
    fireEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));

    await screen.findByRole('heading', { name: 'Willkommen zurück', level: 1 });
    expect(location.pathname).toBe('/');
    const post = requests.find((r) => r.url === '/api/auth/register');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      email: 'ada@example.com',
      email_confirmation: 'ada@example.com',
      password: 'secret-123',
      password_confirmation: 'secret-123',
      locale: 'de',
    });
  });

  it('shows the server field errors under each field', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ facebook_enabled: true })),
      'POST /api/auth/register': () =>
        jsonResponse(422, {
          message: 'Please correct the highlighted fields.',
          code: 'validation',
          errors: { email: ['has already been taken'] },
        }),
    });
    renderApp('/sign-up');
    await screen.findByRole('link', { name: 'Continue with Facebook' });
    fill('Email', 'ada@example.com');
    fill('Email confirmation', 'ada@example.com');
    fill('Password', 'secret-123');
    fill('Password confirmation', 'secret-123');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please correct the highlighted fields.',
    );
    expect(screen.getByText('has already been taken')).toBeTruthy();
  });

  it('checks the form with the shared schema first: the same translated messages, nothing sent', async () => {
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ locale: 'pl' })),
    });
    renderApp('/sign-up');
    await screen.findByRole('heading', { name: 'Załóż konto' });
    fill('E-mail', 'ada@example');
    fill('Potwierdzenie e-maila', 'ada@example.com');
    fill('Hasło', 'short');
    fill('Potwierdzenie hasła', 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Załóż konto' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Popraw zaznaczone pola.');
    // The server's messages: the same schema, issues and catalog (packages/shared).
    const pl = (key: string, values?: Record<string, string | number>) =>
      translate('pl', key, values);
    expect(screen.getByText(pl('errors.invalid'))).toBeTruthy();
    expect(screen.getByText(pl('errors.too_short', { count: 8 }))).toBeTruthy();
    expect(
      screen.getByText(pl('errors.confirmation', { attribute: pl('fields.password') })),
    ).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Hasło').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Potwierdzenie hasła').getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    // What was typed stays.
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('ada@example');
  });
});

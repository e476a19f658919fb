// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';

describe('account page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends guests to /sign-in?next=/account', async () => {
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession()) });
    const { location } = renderApp('/account');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(location.pathname + location.search).toBe('/sign-in?next=/account');
  });

  it('shows the account and changes the password', async () => {
    const { requests } = mockFetch({
      'GET /api/session': () =>
        jsonResponse(200, buildSession({ user: buildMe({ remaining_page_limit: 1 }) })),
      'PUT /api/account/password': () => jsonResponse(200, { ok: true }),
    });
    renderApp('/account');
    await screen.findByRole('heading', { name: 'Your account', level: 1 });
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Personal')).toBeTruthy();
    expect(screen.getByText('1 page left')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Current password'), {
      target: { value: 'old-secret' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'new-secret-1' } });
    fireEvent.change(screen.getByLabelText('Password confirmation'), {
      target: { value: 'new-secret-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect((await screen.findByRole('status')).textContent).toBe('Your password was changed.');
    const put = requests.find((r) => r.url === '/api/account/password');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      old_password: 'old-secret',
      password: 'new-secret-1',
      password_confirmation: 'new-secret-1',
    });
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveProperty('value', ''),
    );
  });

  it('shows field errors under the fields', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'PUT /api/account/password': () =>
        jsonResponse(422, {
          message: 'Please correct the highlighted fields.',
          code: 'validation',
          errors: { old_password: ['is incorrect'] },
        }),
    });
    renderApp('/account');
    fireEvent.change(await screen.findByLabelText('Current password'), {
      target: { value: 'nope' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'new-secret-1' } });
    fireEvent.change(screen.getByLabelText('Password confirmation'), {
      target: { value: 'new-secret-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please correct the highlighted fields.',
    );
    const input = screen.getByLabelText('Current password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('is incorrect');
  });

  it('signs out with the header link and goes home', async () => {
    let signedIn = true;
    const { requests } = mockFetch({
      'GET /api/session': () =>
        jsonResponse(200, buildSession({ user: signedIn ? buildMe() : null })),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return jsonResponse(200, { ok: true });
      },
    });
    const { location } = renderApp('/account');
    await screen.findByRole('heading', { name: 'Your account', level: 1 });
    fireEvent.click(screen.getByRole('link', { name: 'Sign out' }));
    await screen.findByRole('link', { name: 'Print now' });
    expect(location.pathname).toBe('/');
    expect(requests.find((r) => r.method === 'POST')?.url).toBe('/api/auth/sign-out');
  });

  it('signs out with the button on the page and goes home', async () => {
    let signedIn = true;
    mockFetch({
      'GET /api/session': () =>
        jsonResponse(200, buildSession({ user: signedIn ? buildMe() : null })),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return jsonResponse(200, { ok: true });
      },
    });
    const { location } = renderApp('/account');
    await screen.findByRole('heading', { name: 'Your account', level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('link', { name: 'Print now' });
    expect(location.pathname).toBe('/');
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';

function fillPasswords(password: string, confirmation = password) {
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Password confirmation'), {
    target: { value: confirmation },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
}

describe('forgot password pages', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('links the forgot-password page from sign-in and says only "if it is an account"', async () => {
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'POST /api/auth/forgot-password': () => jsonResponse(200, { ok: true }),
    });
    renderApp('/sign-in');
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'If ada@example.com belongs to a Printomat account, a link to choose a new password is on its way. Check your mailbox, and the spam folder too. The link works once and for a short time.',
    );
    const sent = requests.find((r) => r.url === '/api/auth/forgot-password');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ email: 'ada@example.com' });
  });

  it('says a used link is used before asking for a password', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'POST /api/auth/reset-password/check': () =>
        jsonResponse(400, { code: 'reset_link_used', message: 'This link was already used.' }),
    });
    renderApp('/reset-password?token=abc');
    expect((await screen.findByRole('alert')).textContent).toBe('This link was already used.');
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('checks the new password like sign-up, then saves it and shows the person signed in', async () => {
    let signedIn = false;
    const { requests } = mockFetch({
      'GET /api/session': () =>
        jsonResponse(200, buildSession(signedIn ? { user: buildMe() } : {})),
      'POST /api/auth/reset-password/check': () => jsonResponse(200, { email: 'ada@example.com' }),
      'POST /api/auth/reset-password': () => {
        signedIn = true;
        return jsonResponse(200, { user: buildMe() });
      },
    });
    renderApp('/reset-password?token=abc');
    await screen.findByText(
      'For the account ada@example.com. Saving signs you out everywhere else and signs you in here.',
    );
    fillPasswords('short', 'other');
    expect(await screen.findByText('is too short (minimum is 8 characters)')).toBeTruthy();
    expect(requests.some((r) => r.url === '/api/auth/reset-password')).toBe(false);

    fillPasswords('a good new password');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your new password is saved and you are signed in.',
    );
    const sent = requests.find((r) => r.url === '/api/auth/reset-password');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      token: 'abc',
      password: 'a good new password',
      password_confirmation: 'a good new password',
    });
    await screen.findByRole('link', { name: 'Start printing' });
  });
});

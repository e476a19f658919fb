// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';

describe('confirm-email page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('posts the token once (StrictMode runs effects twice) and shows success', async () => {
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'POST /api/auth/confirm-email': () => jsonResponse(200, { email: 'ada@example.com' }),
    });
    renderApp('/confirm-email?token=abc123');
    expect(await screen.findByText('Your e-mail address is confirmed.')).toBeTruthy();
    const posts = requests.filter((r) => r.url === '/api/auth/confirm-email');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toBe('{"token":"abc123"}');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
  });

  it('shows the server message when the token is refused', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'POST /api/auth/confirm-email': () =>
        jsonResponse(400, {
          message: 'This confirmation link is invalid or has expired.',
          code: 'confirmation_link_invalid',
        }),
    });
    renderApp('/confirm-email?token=old');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This confirmation link is invalid or has expired.',
    );
  });
});

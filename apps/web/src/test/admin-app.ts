import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { buildMe, buildSession, clearCookies, jsonResponse, mockFetch } from './fetch-mock';
import { renderApp } from './render-app';

/** A signed-in administrator's session. */
export function adminSession() {
  return buildSession({ user: buildMe({ role: 'admin' }) });
}

/**
 * The whole app at `path` for a signed-in administrator, with the server answering `routes`
 * (the session already answers): the fetch mock's requests and the app's location together.
 */
export function renderAsAdmin(path: string, routes: Parameters<typeof mockFetch>[0] = {}) {
  const mock = mockFetch({
    'GET /api/session': () => jsonResponse(200, adminSession()),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

/** After each test: unmount the app, forget the cookies and the stubbed fetch. */
export function cleanUpAfterEachTest() {
  afterEach(() => {
    cleanup();
    clearCookies();
    vi.unstubAllGlobals();
  });
}

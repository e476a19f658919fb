import { vi } from 'vitest';
import type { TMe, TSessionState } from '@printomat/shared';

export type TRecordedRequest = {
  method: string;
  url: string;
  headers: Headers;
  body: string | null;
};

type THandler = (request: TRecordedRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

/**
 * Replaces global fetch. Handlers are keyed `METHOD /path` (query ignored); unknown calls get 404.
 * Returns the list of requests made, in order.
 */
export function mockFetch(handlers: Record<string, THandler>) {
  const requests: TRecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const request: TRecordedRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      url,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    };
    requests.push(request);
    const path = new URL(url, 'http://localhost').pathname;
    const handler = handlers[`${request.method} ${path}`];
    return handler
      ? handler(request)
      : jsonResponse(404, { message: 'Not found', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

export function buildMe(overrides: Partial<TMe> = {}): TMe {
  return {
    id: 1,
    email: 'ada@example.com',
    role: 'user',
    locale: 'en',
    email_confirmed: true,
    remaining_page_limit: 10,
    remaining_color_pages: 3,
    is_premium: false,
    last_login_mobile: null,
    has_password: true,
    has_facebook: false,
    is_new_account: false,
    ...overrides,
  };
}

export function buildSession(overrides: Partial<TSessionState> = {}): TSessionState {
  return {
    user: null,
    csrf_token: 'session-token',
    facebook_enabled: false,
    locale: 'en',
    max_upload_bytes: 50 * 1024 * 1024,
    ...overrides,
  };
}

export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZPublicPrinter } from '@printomat/shared';
import { buildSession, clearCookies, jsonResponse, mockFetch } from '../test/fetch-mock';
import {
  ApiError,
  ApiResponseMismatch,
  api,
  errorMessage,
  readCookie,
  setCsrfFallback,
} from './client';
import { fetchSession } from './session';

describe('api client', () => {
  beforeEach(() => {
    clearCookies();
    setCsrfFallback(null);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends X-CSRF-Token from the csrf_token cookie, read at call time', async () => {
    const { requests } = mockFetch({ 'POST /api/things': () => jsonResponse(200, { ok: true }) });
    document.cookie = 'csrf_token=first';
    await api.post('/api/things', { a: 1 });
    document.cookie = 'csrf_token=rotated%2Ftoken';
    await api.post('/api/things', { a: 2 });

    expect(requests[0]?.headers.get('X-CSRF-Token')).toBe('first');
    expect(requests[1]?.headers.get('X-CSRF-Token')).toBe('rotated/token');
    expect(requests[1]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[1]?.body).toBe('{"a":2}');
  });

  it('passes same-origin credentials and sends no token on GET', async () => {
    const { fetchMock, requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, { user: null }),
    });
    document.cookie = 'csrf_token=abc';
    await expect(api.get('/api/session')).resolves.toEqual({ user: null });
    expect(requests[0]?.headers.has('X-CSRF-Token')).toBe(false);
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
  });

  it('falls back to the token from GET /api/session when the cookie is missing', async () => {
    const { requests } = mockFetch({
      'PUT /api/account/locale': () => jsonResponse(200, { locale: 'de' }),
    });
    setCsrfFallback('from-session');
    await api.put('/api/account/locale', { locale: 'de' });
    expect(requests[0]?.headers.get('X-CSRF-Token')).toBe('from-session');
  });

  it('throws ApiError with status, code, message and field errors', async () => {
    mockFetch({
      'POST /api/auth/register': () =>
        jsonResponse(422, {
          message: 'Please correct the highlighted fields.',
          code: 'validation',
          errors: {
            email: ['has already been taken'],
            password: ['is too short (minimum is 8 characters)'],
          },
        }),
    });
    const error = await api.post('/api/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.code).toBe('validation');
    expect(apiError.message).toBe('Please correct the highlighted fields.');
    expect(apiError.fieldErrors).toEqual({
      email: ['has already been taken'],
      password: ['is too short (minimum is 8 characters)'],
    });
  });

  it('turns a network failure or a non-JSON error into an ApiError without a message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/api/session')).rejects.toMatchObject({
      status: 0,
      code: 'network',
      message: '',
    });

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502 }))),
    );
    await expect(api.get('/api/session')).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: '',
    });
  });

  it('checks an answer against its response schema in tests and names the endpoint', async () => {
    expect(import.meta.env.DEV).toBe(true);
    mockFetch({
      'GET /api/printers/7': () => jsonResponse(200, { id: '7', name: 'Library' }),
    });
    const error = await api
      .get('/api/printers/7', { schema: ZPublicPrinter })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseMismatch);
    const mismatch = error as ApiResponseMismatch;
    expect(mismatch.endpoint).toBe('GET /api/printers/7');
    expect(mismatch.message).toMatch(/^GET \/api\/printers\/7: the answer does not match/);
    expect(mismatch.issues).toContain('id: Invalid input: expected number, received string');
  });

  it('returns a matching answer as it came, and the API helpers pass their schemas', async () => {
    const session = { ...buildSession(), extra: 'kept' };
    mockFetch({ 'GET /api/session': () => jsonResponse(200, session) });
    await expect(fetchSession()).resolves.toEqual(session);

    mockFetch({ 'GET /api/session': () => jsonResponse(200, { ...session, locale: 'fr' }) });
    await expect(fetchSession()).rejects.toThrow(
      'GET /api/session: the answer does not match its schema: locale: invalid',
    );
  });

  it('shows only the server message of a failed request; anything else gets the fallback', async () => {
    mockFetch({
      'POST /api/thing': () =>
        jsonResponse(409, { message: 'Drukarka jest wyłączona.', code: 'x' }),
      'GET /api/session': () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    const refused = await api.post('/api/thing').catch((e: unknown) => e);
    expect(errorMessage(refused, 'Spróbuj ponownie.')).toBe('Drukarka jest wyłączona.');
    const proxied = await api.get('/api/session').catch((e: unknown) => e);
    expect(errorMessage(proxied, 'Spróbuj ponownie.')).toBe('Spróbuj ponownie.');
    // Developer English (a bug, a schema mismatch, a browser error) never reaches the person.
    expect(errorMessage(new TypeError('Failed to fetch'), 'Spróbuj ponownie.')).toBe(
      'Spróbuj ponownie.',
    );
    expect(
      errorMessage(new ApiResponseMismatch('GET /x', ['id: invalid']), 'Spróbuj ponownie.'),
    ).toBe('Spróbuj ponownie.');
    expect(errorMessage(undefined, 'Spróbuj ponownie.')).toBe('Spróbuj ponownie.');
  });

  it('reads one cookie among several', () => {
    document.cookie = 'lang=pl';
    document.cookie = 'csrf_token=xyz';
    expect(readCookie('lang')).toBe('pl');
    expect(readCookie('csrf_token')).toBe('xyz');
    expect(readCookie('missing')).toBeNull();
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { fetchAjaxUser, fetchCurrentPrintjob } from './print-api';

// Issue 19: the polls answer with an ETag and `Cache-Control: private, no-cache`; the browser
// revalidates them itself (If-None-Match → 304, served from its cache) unless the request tells
// it not to keep the answer at all.
describe('poll requests', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('ask the browser to revalidate (no-cache), never to bypass its cache (no-store)', async () => {
    const user = { id: 1, remaining_page_limit: 3, is_premium: false, last_login_mobile: null };
    const { fetchMock } = mockFetch({
      'GET /ajax/user': () => jsonResponse(200, user),
      'GET /ajax/printjobs/current': () => jsonResponse(500, { message: '', code: 'x' }),
    });
    await expect(fetchAjaxUser()).resolves.toEqual(user);
    await expect(fetchCurrentPrintjob()).rejects.toThrow();
    const inits = fetchMock.mock.calls.map((call) => call[1]);
    expect(inits).toHaveLength(2);
    for (const init of inits) {
      expect(init?.cache).toBe('no-cache');
      expect(init?.method).toBe('GET');
      expect(new Headers(init?.headers).has('If-None-Match')).toBe(false);
    }
  });
});

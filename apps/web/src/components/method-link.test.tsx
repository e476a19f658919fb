// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { methodOverrideUrl } from '../api/method-request';
import { clearCookies, jsonResponse, mockFetch } from '../test/fetch-mock';
import { MethodLink } from './method-link';

describe('MethodLink', () => {
  afterEach(() => {
    cleanup();
    clearCookies();
    vi.unstubAllGlobals();
  });

  it('POSTs with ?_method=DELETE, a _method form field and the CSRF header, then calls onDone', async () => {
    document.cookie = 'csrf_token=tok';
    const { requests } = mockFetch({ 'POST /api/things/7': () => jsonResponse(200, { ok: true }) });
    const onDone = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MethodLink href="/api/things/7" method="delete" onDone={onDone}>
          Remove
        </MethodLink>
      </QueryClientProvider>,
    );
    const link = screen.getByRole('link', { name: 'Remove' });
    expect(link.getAttribute('data-method')).toBe('delete');
    fireEvent.click(link);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ ok: true }));

    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/things/7?_method=DELETE');
    expect(request?.body).toBe('_method=DELETE');
    expect(request?.headers.get('Content-Type')).toContain('application/x-www-form-urlencoded');
    expect(request?.headers.get('X-CSRF-Token')).toBe('tok');
  });

  it('builds override addresses', () => {
    expect(methodOverrideUrl('/a?x=1', 'put')).toBe('/a?x=1&_method=PUT');
    expect(methodOverrideUrl('/a#frag', 'patch')).toBe('/a?_method=PATCH#frag');
    expect(methodOverrideUrl('/api/auth/sign-out', 'post')).toBe('/api/auth/sign-out');
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../test/fake-event-source';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';

describe('home page', () => {
  afterEach(() => {
    cleanup();
    FakeEventSource.opened = [];
    vi.unstubAllGlobals();
  });

  it('shows guests the landing page, whose print-now link asks them to sign in', async () => {
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession()) });
    const { location } = renderApp('/');
    const printNow = await screen.findByRole('link', { name: 'Print now' });
    expect(printNow.getAttribute('href')).toBe('/print');
    expect(screen.getByTestId('landing-page')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-panel')).toBeNull();
    fireEvent.click(printNow);
    await screen.findByRole('heading', { name: 'Welcome back', level: 1 });
    expect(location.pathname + location.search).toBe('/sign-in?next=/print');
  });

  it('shows a signed-in person the dashboard, not the landing page', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /ajax/user.html': () =>
        new Response('<p data-testid="remaining-pages">5 pages left</p>', {
          headers: { 'Content-Type': 'text/html' },
        }),
    });
    renderApp('/');
    expect(await screen.findByTestId('dashboard-panel')).toBeTruthy();
    expect(screen.queryByTestId('landing-page')).toBeNull();
  });

  it('welcomes a brand-new account, and welcomes back a returning one', async () => {
    const panel = () =>
      new Response('<p>5 pages left</p>', { headers: { 'Content-Type': 'text/html' } });
    mockFetch({
      'GET /api/session': () =>
        jsonResponse(200, buildSession({ user: buildMe({ is_new_account: true }) })),
      'GET /ajax/user.html': panel,
    });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome to Printomat', level: 1 });
    expect(screen.queryByText('Welcome back')).toBeNull();
    cleanup();
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /ajax/user.html': panel,
    });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome back', level: 1 });
  });

  it('shows the server’s dashboard panel, refreshes it every 5 s, and stops after a failure', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let panel = '<p data-testid="remaining-pages">5 pages left</p>';
    let failing = false;
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /ajax/user.html': () =>
        failing
          ? new Response('down', { status: 500 })
          : new Response(panel, { headers: { 'Content-Type': 'text/html' } }),
    });
    renderApp('/');
    expect((await screen.findByTestId('remaining-pages')).textContent).toBe('5 pages left');
    panel = '<p data-testid="remaining-pages">4 pages left</p>';
    await vi.advanceTimersByTimeAsync(5_000);
    expect(screen.getByTestId('remaining-pages').textContent).toBe('4 pages left');
    failing = true;
    await vi.advanceTimersByTimeAsync(5_000);
    const afterFailure = requests.filter((r) => r.url === '/ajax/user.html').length;
    await vi.advanceTimersByTimeAsync(30_000);
    // No request after the failed one, and the last good panel stays.
    expect(requests.filter((r) => r.url === '/ajax/user.html')).toHaveLength(afterFailure);
    expect(screen.getByTestId('remaining-pages').textContent).toBe('4 pages left');
    vi.useRealTimers();
  });

  it('reloads the panel at once when the server reports a printjob change', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let panel = '<p data-testid="remaining-pages">5 pages left</p>';
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /ajax/user.html': () =>
        new Response(panel, { headers: { 'Content-Type': 'text/html' } }),
    });
    renderApp('/');
    expect((await screen.findByTestId('remaining-pages')).textContent).toBe('5 pages left');
    const source = FakeEventSource.opened.find((s) => !s.closed);
    expect(source?.url).toBe('/ajax/printjobs/events');

    panel = '<p data-testid="remaining-pages">2 pages left</p>';
    act(() => source?.emit('printjob', { id: 7, status: 'archived' }));
    // Well before the next 5 s poll.
    await waitFor(
      () => expect(screen.getByTestId('remaining-pages').textContent).toBe('2 pages left'),
      { timeout: 1_000 },
    );
  });

  it('opens no event stream for guests', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession()) });
    renderApp('/');
    await screen.findByRole('link', { name: 'Print now' });
    expect(FakeEventSource.opened).toEqual([]);
  });

  it('asks to confirm the e-mail address and sends the link again', async () => {
    const { requests } = mockFetch({
      'GET /api/session': () =>
        jsonResponse(
          200,
          buildSession({ user: buildMe({ email_confirmed: false, remaining_color_pages: 1 }) }),
        ),
      'POST /api/auth/resend-confirmation': () => jsonResponse(200, { ok: true }),
    });
    renderApp('/');
    expect(
      await screen.findByText('Confirm your e-mail address: we sent a link to ada@example.com'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect((await screen.findByRole('status')).textContent).toBe('We sent a new link.');
    expect(requests.filter((r) => r.url === '/api/auth/resend-confirmation')).toHaveLength(1);
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPrintjob } from '@printomat/shared';
import { buildMe, buildSession, clearCookies, jsonResponse, mockFetch } from '../test/fetch-mock';
import { buildAjaxUser, buildPrinter, buildPrintjob } from '../test/printing-fixtures';
import { renderApp } from '../test/render-app';

function rowsOf(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent).join(' '));
}

describe('printer page', () => {
  afterEach(() => {
    cleanup();
    clearCookies();
    vi.unstubAllGlobals();
  });

  it('shows a guest where the printer is, that it can print, its open hours, and a sign-in that comes back', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'GET /api/printers/5': () => jsonResponse(200, buildPrinter()),
    });
    renderApp('/printers/5');

    expect(await screen.findByRole('heading', { level: 1, name: 'Library' })).toBeTruthy();
    expect(screen.getByText('University Library, ground floor')).toBeTruthy();
    expect(screen.getByTestId('printer-address').textContent).toBe('Main Street 1, 00-001 Warsaw');
    expect(screen.getByText('Next to the lockers by the main entrance.')).toBeTruthy();
    expect(
      within(screen.getByTestId('printer-badges'))
        .getAllByRole('listitem')
        .map((b) => b.textContent),
    ).toEqual(['Colour', 'Copier']);
    expect(screen.getByTestId('printer-availability').textContent).toBe(
      'Available – ready to print',
    );
    expect(rowsOf(screen.getByRole('table', { name: 'Open hours' }))).toEqual([
      'Monday 08:00–20:00',
      'Tuesday 08:00–20:00',
      'Wednesday 08:00–20:00',
      'Thursday 08:00–20:00',
      'Friday 08:00–20:00',
      'Saturday 10:00–14:00',
      'Sunday Closed',
    ]);

    expect(
      await screen.findByText('Sign in to print your documents at this printer.'),
    ).toBeTruthy();
    const panel = screen.getByTestId('printer-print');
    expect(within(panel).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/sign-in?next=/printers/5',
    );
    // Or no account at all: the printer's express page (issue 13).
    expect(
      within(panel).getByRole('link', { name: 'Print without an account' }).getAttribute('href'),
    ).toBe('/express/5');
    expect(screen.queryByTestId('print-here')).toBeNull();
  });

  it('says a working printer at a closed place is closed, and that it still takes jobs', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'GET /api/printers/5': () =>
        jsonResponse(200, buildPrinter({ availability: 'available', open_now: false })),
    });
    renderApp('/printers/5');
    const state = await screen.findByTestId('printer-availability');
    expect(state.getAttribute('data-availability')).toBe('closed');
    expect(state.textContent).toBe(
      'Closed now (see the open hours) – a job sent now waits at the printer until you print it or it expires',
    );
    expect(screen.getByTestId('printer-page').textContent).not.toContain('Available');
  });

  it.each([
    ['disabled', 'printer unavailable'],
    ['maintenance', 'Maintenance mode enabled - printing not possible'],
    [
      'offline',
      'The printer is offline right now. Try again in a moment or choose another printer.',
    ],
  ] as const)('says when the printer is %s', async (availability, text) => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'GET /api/printers/5': () =>
        jsonResponse(
          200,
          buildPrinter({
            availability,
            is_color: false,
            is_copier: false,
            // A day the server does not list is closed as well.
            open_hours: [{ weekday: 1, is_open: true, open_time: null, close_time: null }],
          }),
        ),
    });
    renderApp('/printers/5');
    expect((await screen.findByTestId('printer-availability')).textContent).toBe(text);
    expect(screen.getByTestId('printer-badges').textContent).toBe('Black and white');
    const rows = rowsOf(screen.getByTestId('open-hours'));
    expect(rows[0]).toBe('Monday Open 24 hours');
    expect(rows.slice(1)).toEqual([
      'Tuesday Closed',
      'Wednesday Closed',
      'Thursday Closed',
      'Friday Closed',
      'Saturday Closed',
      'Sunday Closed',
    ]);
  });

  it('prints a confirmed job here: posts the printer, then follows the job on /print', async () => {
    document.cookie = 'csrf_token=page-token';
    let current = buildPrintjob({ is_submitted: true });
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /api/printers/5': () => jsonResponse(200, buildPrinter()),
      'GET /ajax/printjobs/current': () => jsonResponse(200, current),
      'GET /ajax/user': () => jsonResponse(200, buildAjaxUser()),
      'POST /ajax/printjobs/7/print': () => {
        current = {
          ...current,
          status: 'scheduled',
          phase: 'waiting',
          printer: { id: 5, name: 'Library' },
        };
        return jsonResponse(200, current);
      },
    });
    const { location } = renderApp('/printers/5');

    expect(
      await screen.findByText('Your confirmed documents are ready. Start printing them here.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Print here' }));

    expect((await screen.findByTestId('job-status')).textContent).toBe(
      'Your job is waiting at Library.',
    );
    expect(location.pathname).toBe('/print');
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/ajax/printjobs/7/print');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ printer_id: 5 });
    expect(post?.headers.get('X-CSRF-Token')).toBe('page-token');
  });

  it('shows the server’s message when the printer refuses the job, and stays', async () => {
    mockFetch({
      'GET /api/session': () =>
        jsonResponse(200, buildSession({ locale: 'pl', user: buildMe({ locale: 'pl' }) })),
      'GET /api/printers/5': () => jsonResponse(200, buildPrinter()),
      'GET /ajax/printjobs/current': () => jsonResponse(200, buildPrintjob({ is_submitted: true })),
      'POST /ajax/printjobs/7/print': () =>
        jsonResponse(409, { message: 'drukarka niedostępna', code: 'printer_disabled' }),
    });
    const { location } = renderApp('/printers/5');

    fireEvent.click(await screen.findByRole('button', { name: 'Drukuj tutaj' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('drukarka niedostępna');
    expect(alert.getAttribute('data-testid')).toBe('print-here-error');
    expect(location.pathname).toBe('/printers/5');
    expect(screen.getByRole('button', { name: 'Drukuj tutaj' })).toHaveProperty('disabled', false);
  });

  it.each<[string, Partial<TPrintjob>, string, string]>([
    [
      'asks to confirm the documents first',
      { is_submitted: false },
      'Confirm your documents first, then come back to print them here.',
      'Go to your documents',
    ],
    [
      'says when the job was already sent to a printer',
      {
        is_submitted: true,
        status: 'scheduled',
        phase: 'printing',
        printer: { id: 9, name: 'Mall' },
      },
      'Your job has already been sent to Mall.',
      'See how it is going',
    ],
  ])('%s, with a link to /print', async (_name, job, text, link) => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /api/printers/5': () => jsonResponse(200, buildPrinter()),
      'GET /ajax/printjobs/current': () => jsonResponse(200, buildPrintjob(job)),
    });
    renderApp('/printers/5');
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe('/print');
    expect(screen.queryByRole('button', { name: 'Print here' })).toBeNull();
  });

  it('says so for an unknown printer', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'GET /api/printers/404': () => jsonResponse(404, { message: 'Not found', code: 'not_found' }),
    });
    renderApp('/printers/404');
    expect(await screen.findByRole('heading', { name: 'Printer not found' })).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPrintjob } from '@printomat/shared';
import { cleanUpAfterEachTest } from '../test/admin-app';
import { FakeEventSource } from '../test/fake-event-source';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { buildAjaxUser, buildPrinter, buildPrintjob } from '../test/printing-fixtures';
import { renderApp } from '../test/render-app';
import { buildPrinterMap } from '../map/map-fixtures';

cleanUpAfterEachTest();

/** The browser's geolocation answering with `answer` (a position, or an error code). */
function fakeGeolocation(answer: { lat: number; lon: number } | { code: 1 | 2 | 3 }) {
  const calls: PositionOptions[] = [];
  const geolocation = {
    getCurrentPosition(
      ok: PositionCallback,
      fail: PositionErrorCallback,
      options: PositionOptions,
    ) {
      calls.push(options);
      if ('code' in answer) {
        fail({
          code: answer.code,
          message: '',
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        });
      } else {
        ok({
          coords: { latitude: answer.lat, longitude: answer.lon, accuracy: 20 },
          timestamp: Date.now(),
        } as GeolocationPosition);
      }
    },
  };
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: geolocation });
  return calls;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
  FakeEventSource.opened = [];
});

describe('nearby printers (/app)', () => {
  it('asks for the position on the button and lists the printers nearest first, with their live state', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'GET /api/map': () => jsonResponse(200, buildPrinterMap()),
    });
    // Standing by the canteen: the canteen, the library (306 m), the dormitory (1.15 km), Kraków.
    const asked = fakeGeolocation({ lat: 52.2318, lon: 21.0066 });
    renderApp('/app');
    expect(asked).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Find printers near me' }));
    expect(asked).toHaveLength(1);

    const items = await screen.findAllByTestId('nearby-printer');
    expect(items.map((item) => within(item).getByTestId('nearby-name').textContent)).toEqual([
      'Canteen',
      'Library',
      'Dormitory',
      'Main Square',
    ]);
    expect(items.map((item) => within(item).getByTestId('nearby-distance').textContent)).toEqual([
      '10 m',
      '310 m',
      '1.1 km',
      '253 km',
    ]);
    // The map's words for the state: the canteen is out of paper but its place is closed.
    expect(
      items.map((item) =>
        item.querySelector('[data-availability]')?.getAttribute('data-availability'),
      ),
    ).toEqual(['out_of_paper', 'available', 'maintenance', 'available']);
    expect(within(items[1] as HTMLElement).getByText('Open now')).toBeTruthy();
    expect(items[1]?.getAttribute('href')).toBe('/app?printer=5');
    expect(screen.getByRole('button', { name: 'Update my location' })).toBeTruthy();
  });

  it('says why without a position and offers the map', async () => {
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession()) });
    fakeGeolocation({ code: 1 });
    renderApp('/app');
    fireEvent.click(await screen.findByRole('button', { name: 'Find printers near me' }));
    const alert = await screen.findByTestId('geo-error');
    expect(alert.textContent).toContain(
      'You did not allow this app to use your location. Allow it in your browser’s settings, or choose a printer on the map.',
    );
    expect(
      within(alert).getByRole('link', { name: 'Open the printer map' }).getAttribute('href'),
    ).toBe('/map');
    expect(screen.queryByTestId('nearby-list')).toBeNull();
  });

  it('says so in Polish when finding the position took too long', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ locale: 'pl' })),
    });
    fakeGeolocation({ code: 3 });
    renderApp('/app');
    fireEvent.click(await screen.findByRole('button', { name: 'Znajdź drukarki w pobliżu' }));
    expect((await screen.findByTestId('geo-error')).textContent).toContain(
      'Ustalanie lokalizacji trwało zbyt długo.',
    );
  });
});

describe('the chosen printer (/app?printer=ID)', () => {
  it('asks a guest to sign in and come back to this printer', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'GET /api/printers/5': () => jsonResponse(200, buildPrinter()),
    });
    renderApp('/app?printer=5');
    expect((await screen.findByTestId('chosen-name')).textContent).toBe('Library');
    expect((await screen.findByTestId('mobile-sign-in')).getAttribute('href')).toBe(
      '/sign-in?next=/app%3Fprinter%3D5',
    );
    expect(screen.queryByTestId('print-here')).toBeNull();
  });

  it('sends a person without enough pages to buy some', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /api/printers/5': () => jsonResponse(200, buildPrinter()),
      'GET /ajax/printjobs/current': () =>
        jsonResponse(200, buildPrintjob({ is_submitted: true, cost: 9, page_count: 3 })),
      'GET /ajax/user': () => jsonResponse(200, buildAjaxUser({ remaining_page_limit: 4 })),
    });
    renderApp('/app?printer=5');
    const alert = await screen.findByTestId('release-not-enough');
    expect(alert.textContent).toContain(
      'You do not have enough pages for this job: it costs 9 pages, you have 4 pages.',
    );
    expect(within(alert).getByRole('link', { name: 'Buy pages' }).getAttribute('href')).toBe(
      '/kup-pakiet',
    );
    expect(screen.queryByTestId('print-here')).toBeNull();
  });

  it('sends a person without a confirmed job to upload and confirm first', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /api/printers/5': () => jsonResponse(200, buildPrinter()),
      'GET /ajax/printjobs/current': () => jsonResponse(200, buildPrintjob({ documents: [] })),
      'GET /ajax/user': () => jsonResponse(200, buildAjaxUser()),
    });
    renderApp('/app?printer=5');
    expect((await screen.findByTestId('release-no-job')).textContent).toBe(
      'You have no documents to print yet. Upload them and confirm them first.',
    );
    expect(screen.getByRole('link', { name: 'Upload documents' }).getAttribute('href')).toBe(
      '/print',
    );
  });

  it('releases the confirmed job here and follows it live until it is printed', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    document.cookie = 'csrf_token=page-token';
    let current: TPrintjob = buildPrintjob({ is_submitted: true });
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
    const { location } = renderApp('/app?printer=5');
    expect((await screen.findByTestId('job-cost')).textContent).toBe('3');
    expect(screen.getByTestId('remaining-pages').textContent).toBe('10');
    fireEvent.click(screen.getByRole('button', { name: 'Print here' }));

    const status = await screen.findByTestId('release-status');
    expect(status.getAttribute('data-state')).toBe('waiting');
    expect(screen.getByTestId('job-status').textContent).toBe('Your job is waiting at Library.');
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/ajax/printjobs/7/print');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ printer_id: 5 });
    expect(post?.headers.get('X-CSRF-Token')).toBe('page-token');
    // The address remembers the job: a reload keeps following it.
    await waitFor(() => expect(location.search).toBe('?printer=5&job=7'));
    expect(screen.getByRole('button', { name: 'Cancel printing' })).toBeTruthy();

    // The agent reports: printing, then printed (the person's current job is a fresh one).
    const source = FakeEventSource.opened.at(-1);
    current = { ...current, phase: 'printing' };
    act(() => source?.emit('printjob', { id: 7 }));
    await waitFor(() =>
      expect(screen.getByTestId('job-status').textContent).toBe('Printing at Library…'),
    );
    expect(screen.queryByRole('button', { name: 'Cancel printing' })).toBeNull();

    current = buildPrintjob({
      id: 8,
      documents: [],
      last_result: {
        printjob_id: 7,
        status: 'printed',
        printed_pages: 3,
        charged_pages: 3,
        printer_name: 'Library',
        finished_at: '2026-03-02T10:00:00.000Z',
        files_delete_at: '2026-03-03T10:00:00.000Z',
        files_deleted_at: null,
      },
    });
    act(() => source?.emit('printjob', { id: 7 }));
    await waitFor(() =>
      expect(screen.getByTestId('release-status').getAttribute('data-state')).toBe('printed'),
    );
    expect(screen.getByTestId('last-result-text').textContent).toBe(
      'Printed 3 pages at Library. 3 pages charged.',
    );
    const steps = screen
      .getAllByRole('listitem')
      .filter((item) => item.hasAttribute('data-step'))
      .map((item) => `${item.textContent}:${item.getAttribute('data-step-state')}`);
    expect(steps).toEqual(['Sent to the printer:done', 'Printing:done', 'Printed:done']);
  });

  it('shows the server’s reason when the printer refuses the job', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /api/printers/5': () => jsonResponse(200, buildPrinter()),
      'GET /ajax/printjobs/current': () => jsonResponse(200, buildPrintjob({ is_submitted: true })),
      'GET /ajax/user': () => jsonResponse(200, buildAjaxUser()),
      'POST /ajax/printjobs/7/print': () =>
        jsonResponse(409, {
          message: 'This printer is out of paper.',
          code: 'printer_unavailable',
        }),
    });
    renderApp('/app?printer=5');
    fireEvent.click(await screen.findByRole('button', { name: 'Print here' }));
    expect((await screen.findByTestId('print-here-error')).textContent).toBe(
      'This printer is out of paper.',
    );
  });

  it('does not offer a printer in maintenance, and says why', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /api/printers/5': () => jsonResponse(200, buildPrinter({ availability: 'maintenance' })),
      'GET /ajax/printjobs/current': () => jsonResponse(200, buildPrintjob({ is_submitted: true })),
      'GET /ajax/user': () => jsonResponse(200, buildAjaxUser()),
    });
    renderApp('/app?printer=5');
    expect((await screen.findByTestId('release-unavailable')).textContent).toContain(
      'You cannot print at this printer right now.',
    );
    expect(screen.getByTestId<HTMLButtonElement>('print-here').disabled).toBe(true);
  });
});

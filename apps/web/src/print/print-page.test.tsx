// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, type TPrintjob, type TPrintjobResult } from '@printomat/shared';
import { FakeEventSource } from '../test/fake-event-source';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { buildAjaxUser, buildPrintjob } from '../test/printing-fixtures';
import { renderApp } from '../test/render-app';
import { PRINTJOB_QUERY_KEY } from './print-api';

function result(overrides: Partial<TPrintjobResult> = {}): TPrintjobResult {
  return {
    printjob_id: 6,
    status: 'printed',
    printed_pages: 3,
    charged_pages: 3,
    printer_name: 'Library',
    finished_at: '2026-01-15T12:00:00.000Z',
    files_delete_at: '2026-01-15T20:00:00.000Z',
    files_deleted_at: null,
    ...overrides,
  };
}

/** The uploader at /print with the given current job; `job.current` may be swapped later. */
function renderPrintPage(first: TPrintjob, locale: 'en' | 'pl' = 'en') {
  const job = { current: first };
  mockFetch({
    'GET /api/session': () =>
      jsonResponse(200, buildSession({ locale, user: buildMe({ locale }) })),
    'GET /ajax/printjobs/current': () => jsonResponse(200, job.current),
    'GET /ajax/user': () => jsonResponse(200, buildAjaxUser()),
  });
  const rendered = renderApp('/print');
  const reload = () =>
    act(() => rendered.queryClient.invalidateQueries({ queryKey: PRINTJOB_QUERY_KEY }));
  return { job, reload };
}

describe('uploader: how the last job ended', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says what was printed and charged, can be dismissed, and comes back for the next job', async () => {
    const { job, reload } = renderPrintPage(buildPrintjob({ last_result: result() }));

    const banner = await screen.findByTestId('last-result');
    expect(within(banner).getByTestId('last-result-text').textContent).toBe(
      'Printed 3 pages at Library. 3 pages charged.',
    );
    fireEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('last-result')).toBeNull();

    // The same result again (the next poll) stays dismissed.
    await reload();
    expect(screen.queryByTestId('last-result')).toBeNull();

    // A later job failed half-way: its result is shown.
    job.current = buildPrintjob({
      last_result: result({ printjob_id: 8, status: 'failed', printed_pages: 1, charged_pages: 1 }),
    });
    await reload();
    expect((await screen.findByTestId('last-result-text')).textContent).toBe(
      'Printing at Library failed. 1 page charged – only what came out of the printer.',
    );
  });

  it('leaves the printer out when it is not known, and says when nothing was charged', async () => {
    renderPrintPage(
      buildPrintjob({
        last_result: result({
          status: 'failed',
          printed_pages: 0,
          charged_pages: 0,
          printer_name: null,
        }),
      }),
    );
    expect((await screen.findByTestId('last-result-text')).textContent).toBe(
      'Printing failed. Nothing was charged.',
    );
  });

  it.each([
    [
      result({ printed_pages: 1, charged_pages: 1 }),
      'Wydrukowano 1 stronę na drukarce Library. Pobrano 1 stronę.',
    ],
    [
      result({ printed_pages: 2, charged_pages: 6 }),
      'Wydrukowano 2 strony na drukarce Library. Pobrano 6 stron.',
    ],
    [
      result({ status: 'failed', printed_pages: 22, charged_pages: 22 }),
      'Drukowanie na drukarce Library nie powiodło się. Pobrano 22 strony – tylko za to, co wyszło z drukarki.',
    ],
  ])('speaks Polish with the right plural forms (%#)', async (last, text) => {
    renderPrintPage(buildPrintjob({ last_result: last }), 'pl');
    expect((await screen.findByTestId('last-result-text')).textContent).toBe(text);
  });

  it('says when the job’s files will be deleted, and once they were, when', async () => {
    const { job, reload } = renderPrintPage(buildPrintjob({ last_result: result() }));
    const will = await screen.findByTestId('last-result-retention');
    expect(will.textContent).toBe(
      `Its files will be deleted at ${formatDateTime('en', '2026-01-15T20:00:00.000Z')}.`,
    );
    job.current = buildPrintjob({
      last_result: result({ files_deleted_at: '2026-01-15T12:30:00.000Z' }),
    });
    await reload();
    await waitFor(() =>
      expect(screen.getByTestId('last-result-retention').textContent).toBe(
        `Its files were deleted at ${formatDateTime('en', '2026-01-15T12:30:00.000Z')}.`,
      ),
    );
  });

  it('says when documents never printed will be deleted, and nothing without one', async () => {
    const { job, reload } = renderPrintPage(
      buildPrintjob({ files_delete_at: '2026-01-18T09:15:00.000Z' }),
      'pl',
    );
    expect((await screen.findByTestId('files-delete-at')).textContent).toBe(
      `Jeśli te pliki nie zostaną wydrukowane ani zmienione, zostaną usunięte ${formatDateTime('pl', '2026-01-18T09:15:00.000Z')}.`,
    );
    job.current = buildPrintjob({ documents: [], files_delete_at: null });
    await reload();
    await waitFor(() => expect(screen.queryByTestId('files-delete-at')).toBeNull());
  });

  it('is not shown while the new job is confirmed or printing', async () => {
    renderPrintPage(
      buildPrintjob({
        status: 'scheduled',
        is_submitted: true,
        phase: 'waiting',
        printer: { id: 5, name: 'Library' },
        last_result: result(),
      }),
    );
    await screen.findByTestId('job-status');
    expect(screen.queryByTestId('last-result')).toBeNull();
  });
});

describe('uploader: where a released job is', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('follows the job from waiting at the printer to printing there', async () => {
    const { job, reload } = renderPrintPage(
      buildPrintjob({
        status: 'scheduled',
        is_submitted: true,
        phase: 'waiting',
        printer: { id: 5, name: 'Library' },
      }),
    );
    expect((await screen.findByTestId('job-status')).textContent).toBe(
      'Your job is waiting at Library.',
    );
    job.current = { ...job.current, phase: 'printing' };
    await reload();
    expect((await screen.findByText('Printing at Library…')).getAttribute('data-testid')).toBe(
      'job-status',
    );
  });

  it('shows the printer’s report as soon as the server pushes it, and closes the stream on leaving', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { job } = renderPrintPage(
      buildPrintjob({
        status: 'scheduled',
        is_submitted: true,
        phase: 'waiting',
        printer: { id: 5, name: 'Library' },
      }),
    );
    await screen.findByText('Your job is waiting at Library.');
    const source = FakeEventSource.opened.find((s) => !s.closed);
    expect(source?.url).toBe('/ajax/printjobs/events');

    job.current = buildPrintjob({
      last_result: result({ printjob_id: 7, printed_pages: 3, charged_pages: 3 }),
    });
    act(() => source?.emit('printjob', { id: 7, status: 'archived' }));
    // Well before the next 5 s poll.
    await waitFor(
      () =>
        expect(screen.getByTestId('last-result-text').textContent).toBe(
          'Printed 3 pages at Library. 3 pages charged.',
        ),
      { timeout: 1_000 },
    );
    expect(screen.queryByTestId('job-status')).toBeNull();

    cleanup();
    expect(FakeEventSource.opened.every((s) => s.closed)).toBe(true);
    FakeEventSource.opened = [];
  });

  it('keeps the general texts when the printer is not known', async () => {
    const { job, reload } = renderPrintPage(
      buildPrintjob({ status: 'scheduled', is_submitted: true, phase: 'waiting' }),
    );
    expect((await screen.findByTestId('job-status')).textContent).toBe(
      'Your job is waiting for the printer.',
    );
    job.current = { ...job.current, phase: 'printing' };
    await reload();
    expect((await screen.findByText('Printing…')).getAttribute('data-testid')).toBe('job-status');
  });
});

describe('uploader: cancelling a released job', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function renderReleased(cancel: () => Response) {
    const job = {
      current: buildPrintjob({
        status: 'scheduled',
        is_submitted: true,
        phase: 'waiting',
        printer: { id: 5, name: 'Library' },
      }),
    };
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /ajax/printjobs/current': () => jsonResponse(200, job.current),
      'GET /ajax/user': () => jsonResponse(200, buildAjaxUser()),
      [`POST /ajax/printjobs/${job.current.id}/cancel`]: cancel,
    });
    renderApp('/print');
    return { job, requests };
  }

  it('takes the job back: the page shows it editable again and says the pages are back', async () => {
    const { job, requests } = renderReleased(() => {
      job.current = buildPrintjob({ status: 'created', is_submitted: true, phase: 'editing' });
      return jsonResponse(200, job.current);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel printing' }));
    expect((await screen.findByTestId('cancel-done')).textContent).toBe(
      'Printing cancelled: your pages are back. Send the job to a printer again, or press Edit to change it.',
    );
    expect(screen.queryByTestId('job-status')).toBeNull();
    expect(screen.queryByTestId('cancel-printing')).toBeNull();
    const sent = requests.find((r) => r.method === 'POST' && r.url.endsWith('/cancel'));
    expect(sent?.headers.get('x-csrf-token')).toBeTruthy();
  });

  it('says why when printing started meanwhile, and shows the job printing', async () => {
    const { job } = renderReleased(() => {
      job.current = { ...job.current, phase: 'printing' };
      return jsonResponse(409, {
        code: 'printing_started',
        message: 'The printer has already started this job: it can no longer be cancelled.',
      });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel printing' }));
    expect((await screen.findByTestId('cancel-refused')).textContent).toBe(
      'The printer has already started this job: it can no longer be cancelled.',
    );
    expect((await screen.findByText('Printing at Library…')).getAttribute('data-testid')).toBe(
      'job-status',
    );
    expect(screen.queryByTestId('cancel-printing')).toBeNull();
  });
});

describe('uploader: a job that expired', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says it was not printed in time and nothing was charged', async () => {
    renderPrintPage(
      buildPrintjob({
        last_result: result({
          status: 'failed',
          reason: 'expired',
          printed_pages: 0,
          charged_pages: 0,
        }),
      }),
      'pl',
    );
    expect((await screen.findByTestId('last-result-text')).textContent).toBe(
      'Twoje ostatnie zlecenie druku nie zostało wydrukowane na czas i wygasło. Nic nie pobrano: jego strony wróciły na Twoje konto.',
    );
  });
});

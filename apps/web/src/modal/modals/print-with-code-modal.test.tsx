// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildMe,
  buildSession,
  clearCookies,
  jsonResponse,
  mockFetch,
} from '../../test/fetch-mock';
import { buildPrintjob } from '../../test/printing-fixtures';
import { renderApp } from '../../test/render-app';

describe('print with the printer’s code (printjobs/print_with_code)', () => {
  afterEach(() => {
    cleanup();
    clearCookies();
    vi.unstubAllGlobals();
  });

  it('refuses an empty code with the server’s message without sending it, then sends a typed one', async () => {
    const job = buildPrintjob({ is_submitted: true });
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /ajax/printjobs/current': () => jsonResponse(200, job),
      'POST /ajax/printjobs/7/print_with_code': () =>
        jsonResponse(200, { ...job, status: 'scheduled', phase: 'waiting' }),
    });
    renderApp('/#modal=printjobs.print_with_code');
    const dialog = await screen.findByTestId('modal', {}, { timeout: 5000 });
    const form = await within(dialog).findByRole('button', { name: 'Print' }, { timeout: 5000 });

    fireEvent.change(within(dialog).getByLabelText('Printer code'), { target: { value: '   ' } });
    fireEvent.click(form);
    expect((await within(dialog).findByTestId('release-error')).textContent).toBe("can't be blank");
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Printer code'), { target: { value: '4821' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(await within(dialog).findByTestId('release-started')).toBeTruthy();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.url, JSON.parse(r.body ?? '{}')])).toEqual([
      ['/ajax/printjobs/7/print_with_code', { code: '4821' }],
    ]);
  }, 15_000);
});

// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TDetectedPrinter } from '@printomat/shared';
import { cleanUpAfterEachTest, renderAsAdmin } from '../../test/admin-app';
import { jsonResponse } from '../../test/fetch-mock';
import { buildIndex } from './admin-printers-fixtures';

cleanUpAfterEachTest();

function detected(overrides: Partial<TDetectedPrinter> = {}): TDetectedPrinter {
  return {
    minion_id: 'kiosk-new-42',
    agent_version: '1.2.0',
    printer: null,
    remote_address: '10.0.0.5',
    first_seen_at: '2026-11-23T10:00:00.000Z',
    last_seen_at: '2026-11-23T10:05:00.000Z',
    claimed_by: null,
    ...overrides,
  };
}

/** The index, with Złote Tarasy (id 1) still waiting for its agent under the minion id typed. */
function index() {
  const printers = buildIndex();
  const first = printers.printers[0];
  if (first) first.minion_id = 'kiosk-typed';
  return printers;
}

const registered = (minion: string, id: number) =>
  jsonResponse(200, { id, minion_id: minion, api_version: 3 });

describe('detected printers', () => {
  it('explains an agent whose minion id was typed on a printer and attaches it there', async () => {
    const { requests } = renderAsAdmin('/admin/printers/detected', {
      'GET /api/admin/printers/detected': () =>
        jsonResponse(200, {
          detected: [
            detected({ minion_id: 'kiosk-typed', claimed_by: { id: 1, name: 'Złote Tarasy' } }),
          ],
        }),
      'GET /api/admin/printers': () => jsonResponse(200, index()),
      'POST /api/admin/printers/1/register_agent': () => registered('kiosk-typed', 1),
    });
    const note = await screen.findByTestId('detected-claimed', {}, { timeout: 5_000 });
    expect(note.textContent).toBe(
      'This minion ID is set on Złote Tarasy, which has no agent secret yet, so the agent cannot sign in. Attach it to Złote Tarasy to let it in.',
    );
    const table = screen.getByTestId('detected-table');
    // The printer that has the id is chosen already.
    await waitFor(() =>
      expect(within(table).getByRole<HTMLSelectElement>('combobox').value).toBe('1'),
    );
    fireEvent.click(within(table).getByRole('button', { name: 'Attach' }));
    // Same minion id: nothing is replaced, so nothing to ask.
    expect((await screen.findByRole('status')).textContent).toBe(
      'Agent kiosk-typed is now the agent of Złote Tarasy.',
    );
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/api/admin/printers/1/register_agent');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ minion_id: 'kiosk-typed' });
  });

  it('asks before replacing a printer’s minion id, naming the old and the new one', async () => {
    const { requests } = renderAsAdmin('/admin/printers/detected', {
      'GET /api/admin/printers/detected': () => jsonResponse(200, { detected: [detected()] }),
      'GET /api/admin/printers': () => jsonResponse(200, index()),
      'POST /api/admin/printers/2/register_agent': () => registered('kiosk-new-42', 2),
    });
    const table = await screen.findByTestId('detected-table', {}, { timeout: 5_000 });
    expect(screen.queryByTestId('detected-claimed')).toBeNull();
    const select = within(table).getByRole<HTMLSelectElement>('combobox');
    await waitFor(() => expect(select.options.length).toBeGreaterThan(1));
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.click(within(table).getByRole('button', { name: 'Attach' }));

    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe(
      'Replace the minion ID of Politechnika?',
    );
    expect(dialog.textContent).toContain(
      'Politechnika has minion ID kiosk-2. Attaching replaces it with kiosk-new-42: the agent using kiosk-2 is disconnected and can no longer sign in as this printer.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.click(within(table).getByRole('button', { name: 'Attach' }));
    fireEvent.click(
      within(await screen.findByTestId('confirm-dialog')).getByRole('button', {
        name: 'Replace and attach',
      }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      'Agent kiosk-new-42 is now the agent of Politechnika.',
    );
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/admin/printers/2/register_agent',
    ]);
  });
});

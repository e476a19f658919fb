// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPrinterMap } from '@printomat/shared';
import { buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { buildPrinter } from '../test/printing-fixtures';
import { renderApp } from '../test/render-app';
import { buildPrinterMap } from './map-fixtures';

/** The map with printer 7 (Warsaw) in the given state, its details loaded from /api/printers/7. */
function mapWithPrinter7(availability: TPrinterMap['printers'][number]['availability']) {
  const map = buildPrinterMap();
  map.printers = map.printers.map((p) => (p.id === 7 ? { ...p, availability } : p));
  mockFetch({
    'GET /api/session': () => jsonResponse(200, buildSession()),
    'GET /api/map': () => jsonResponse(200, map),
    'GET /api/printers/7': () =>
      jsonResponse(200, buildPrinter({ id: 7, name: 'Dormitory', availability })),
  });
}

describe('a printer whose device is in error, on the map', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says what keeps it from printing, and that a door left open only delays the job', async () => {
    mapWithPrinter7('paper_jam');
    renderApp('/map/warszawa/7');
    await screen.findByTestId('map-printer-details');
    let state = screen.getByTestId('map-availability');
    expect(state.getAttribute('data-availability')).toBe('paper_jam');
    expect(state.textContent).toBe(
      'Paper is jammed in the printer. Nothing was charged; choose another printer or try again once it is cleared.',
    );
    cleanup();
    vi.unstubAllGlobals();

    // The city's list shows the short badge.
    mapWithPrinter7('paper_jam');
    renderApp('/map/warszawa');
    const list = await screen.findByTestId('printer-list');
    expect(list.querySelector('[data-availability=paper_jam]')?.textContent).toBe('Paper jam');
    cleanup();
    vi.unstubAllGlobals();

    mapWithPrinter7('door_open');
    renderApp('/map/warszawa/7');
    await screen.findByTestId('map-printer-details');
    state = screen.getByTestId('map-availability');
    expect(state.textContent).toBe(
      'A door or cover of the printer is open – jobs are taken and print once it is closed',
    );
  });
});

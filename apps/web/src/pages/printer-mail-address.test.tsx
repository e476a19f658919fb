// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession, clearCookies, jsonResponse, mockFetch } from '../test/fetch-mock';
import { buildPrinter } from '../test/printing-fixtures';
import { renderApp } from '../test/render-app';

// Issue 14 point 2: the printer page tells people where to send their documents.
describe('printer page: print by e-mail', () => {
  afterEach(() => {
    cleanup();
    clearCookies();
    vi.unstubAllGlobals();
  });

  it('shows the printer’s address as a mailto link with what to do', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ locale: 'pl' })),
      'GET /api/printers/5': () =>
        jsonResponse(200, buildPrinter({ email: 'zlote-tarasy@print.printomat.example' })),
    });
    renderApp('/printers/5');
    const row = await screen.findByTestId('printer-email', {}, { timeout: 5_000 });
    expect(row.previousElementSibling?.textContent).toBe('Drukowanie przez e-mail');
    expect(
      within(row)
        .getByRole('link', { name: 'zlote-tarasy@print.printomat.example' })
        .getAttribute('href'),
    ).toBe('mailto:zlote-tarasy@print.printomat.example');
    expect(row.textContent).toContain(
      'Wyślij dokumenty na zlote-tarasy@print.printomat.example: w odpowiedzi podamy cenę i powiemy, jak rozpocząć tu drukowanie.',
    );
  });

  it('shows no e-mail line for a printer without an address', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'GET /api/printers/5': () => jsonResponse(200, buildPrinter({ email: null })),
    });
    renderApp('/printers/5');
    expect(await screen.findByTestId('printer-address', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByTestId('printer-email')).toBeNull();
  });
});

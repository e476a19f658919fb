// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession, clearCookies, jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';

describe('i18n provider and language switcher', () => {
  afterEach(() => {
    cleanup();
    clearCookies();
    vi.unstubAllGlobals();
  });

  it('takes the locale from the session answer and sets <html lang>', async () => {
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession({ locale: 'pl' })) });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Drukuj teraz' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('pl');
    expect(screen.getByLabelText('Język')).toBe(screen.getByTestId('language-switcher'));
  });

  it('switches at once, before the server answers, and stores the choice with PUT /api/account/locale', async () => {
    document.cookie = 'csrf_token=cookie-token';
    let answerPut: (response: Response) => void = () => {};
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ locale: 'en' })),
      'PUT /api/account/locale': () => new Promise<Response>((resolve) => (answerPut = resolve)),
    });
    renderApp('/');
    await screen.findByRole('link', { name: 'Print now' });

    fireEvent.change(screen.getByTestId('language-switcher'), { target: { value: 'de' } });
    expect(screen.getByRole('link', { name: 'Jetzt drucken' })).toBeTruthy();
    expect(screen.getByLabelText('Sprache')).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));

    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/api/account/locale');
    expect(put?.body).toBe('{"locale":"de"}');
    expect(put?.headers.get('X-CSRF-Token')).toBe('cookie-token');
    answerPut(jsonResponse(200, { locale: 'de' }));
  });

  it('offers Deutsch, English and Polski', async () => {
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession()) });
    renderApp('/');
    const select = await screen.findByTestId('language-switcher');
    const options = Array.from(select.querySelectorAll('option')).map((o) => [
      o.value,
      o.textContent,
    ]);
    expect(options).toEqual([
      ['de', 'Deutsch'],
      ['en', 'English'],
      ['pl', 'Polski'],
    ]);
  });
});

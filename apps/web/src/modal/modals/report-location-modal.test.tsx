// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMarker, buildPrinterMap } from '../../map/map-fixtures';
import {
  buildMe,
  buildSession,
  clearCookies,
  jsonResponse,
  mockFetch,
} from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** The error messages listed under the field labelled `label`. */
function errorsOf(label: string): string[] {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids
    .map((id) => document.getElementById(id))
    .filter((el): el is HTMLElement => el?.tagName === 'UL')
    .flatMap((list) =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    );
}

describe('suggest a location (mailings/report_location)', () => {
  afterEach(() => {
    cleanup();
    clearCookies();
    vi.unstubAllGlobals();
  });

  it('checks the fields with the shared schema first (the server’s messages, nothing sent), then thanks after a good try', async () => {
    document.cookie = 'csrf_token=form-token';
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'GET /api/map': () => jsonResponse(200, buildPrinterMap()),
      'POST /api/mailings/report_location': () => jsonResponse(201, { id: 12 }),
    });
    renderApp('/map/warszawa#modal=mailings.report_location');

    const dialog = await screen.findByTestId('modal', {}, { timeout: 5000 });
    // The modal's chunk is imported on first open: slow when the whole suite runs in parallel.
    expect(
      await within(dialog).findByRole(
        'heading',
        { name: 'Suggest a printer location' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    // Opened over Warsaw's printers: the city is filled in.
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveProperty('value', 'Warsaw'));

    fill('Street and number', 'Campus Road 5');
    fill('Your email (optional)', 'not-an-address');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Please correct the highlighted fields.',
    );
    expect(errorsOf('Place')).toEqual(["can't be blank"]);
    expect(errorsOf('Your email (optional)')).toEqual(['is invalid']);
    expect(screen.getByLabelText('Place').getAttribute('aria-invalid')).toBe('true');
    expect(errorsOf('Street and number')).toEqual([]);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    fill('Place', 'Faculty of Physics');
    fill('Your email (optional)', 'ada@example.com');
    fill('Comment (optional)', 'Next to the cafeteria');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));

    expect((await screen.findByTestId('suggestion-thanks')).textContent).toBe(
      'Thank you! We have your suggestion and will look into it.',
    );
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers.get('X-CSRF-Token')).toBe('form-token');
    expect(JSON.parse(posts[0]?.body ?? '{}')).toEqual({
      place: 'Faculty of Physics',
      address: 'Campus Road 5',
      city: 'Warsaw',
      comment: 'Next to the cafeteria',
      email: 'ada@example.com',
    });

    // The dialog's own × and the Close under the thanks both close it.
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('modal')).toBeNull());
  });

  it('fills in the city once the map data arrives after the dialog opened', async () => {
    let answerMap: () => void = () => {};
    const mapAnswered = new Promise<void>((resolve) => {
      answerMap = resolve;
    });
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'GET /api/map': async () => {
        await mapAnswered;
        return jsonResponse(200, buildPrinterMap());
      },
    });
    renderApp('/map/krakow#modal=mailings.report_location');
    await screen.findByRole('heading', { name: 'Suggest a printer location' }, { timeout: 5000 });
    expect(screen.getByLabelText('City')).toHaveProperty('value', '');
    answerMap();
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveProperty('value', 'Kraków'));
    // What the person types wins.
    fill('City', 'Kraków-Podgórze');
    expect(screen.getByLabelText('City')).toHaveProperty('value', 'Kraków-Podgórze');
  });

  it('fills in a signed-in person’s e-mail and shows the server’s message when rate limited', async () => {
    mockFetch({
      'GET /api/session': () =>
        jsonResponse(200, buildSession({ user: buildMe({ email: 'ada@example.com' }) })),
      'GET /api/map': () => jsonResponse(200, buildPrinterMap({ printers: [buildMarker()] })),
      'POST /api/mailings/report_location': () =>
        jsonResponse(429, {
          message: 'Too many requests. Please wait a moment and try again.',
          code: 'rate_limited',
        }),
    });
    renderApp('/map#modal=mailings.report_location');
    const dialog = await screen.findByTestId('modal', {}, { timeout: 5000 });
    await within(dialog).findByRole(
      'heading',
      { name: 'Suggest a printer location' },
      { timeout: 5000 },
    );
    expect(screen.getByLabelText('Your email (optional)')).toHaveProperty(
      'value',
      'ada@example.com',
    );
    expect(screen.getByLabelText('City')).toHaveProperty('value', '');
    fill('Place', 'Library');
    fill('Street and number', 'Main Street 1');
    fill('City', 'Gdańsk');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
    expect(screen.queryByTestId('suggestion-thanks')).toBeNull();
  });
});

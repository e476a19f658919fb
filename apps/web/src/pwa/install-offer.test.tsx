// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';
import { captureInstallPrompt } from './install-prompt';
import { installWay } from './install-offer';
import { resetPwaState } from './pwa-state';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

function dashboardOf(user = buildMe(), locale: 'en' | 'de' = 'en') {
  mockFetch({
    'GET /api/session': () => jsonResponse(200, buildSession({ user, locale })),
    'GET /ajax/user.html': () =>
      new Response(
        '<p data-testid="panel-hint">Download the Printomat app to your phone: with it you start printing right at the printer.</p>',
        { headers: { 'Content-Type': 'text/html' } },
      ),
  });
  return renderApp('/');
}

/** Chromium's event, as it reaches the page before anything renders. */
function firePromptEvent(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe('the dashboard’s install offer', () => {
  beforeAll(() => captureInstallPrompt(window));
  afterEach(() => {
    cleanup();
    resetPwaState();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('offers the browser’s install prompt when there is one, and says when it is installed', async () => {
    const event = firePromptEvent('accepted');
    // Kept for the button instead of the browser's own mini-infobar.
    expect(event.defaultPrevented).toBe(true);
    dashboardOf();
    const offer = await screen.findByTestId('install-offer');
    expect(offer.dataset.way).toBe('prompt');
    expect(offer.textContent).toContain('Get the Printomat app');
    fireEvent.click(screen.getByRole('button', { name: 'Install the app' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByText('The app is installed: start Printomat from your home screen.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();
  });

  it('drops a dismissed prompt (a prompt can be shown once)', async () => {
    const event = firePromptEvent('dismissed');
    dashboardOf();
    fireEvent.click(await screen.findByRole('button', { name: 'Install the app' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(screen.getByTestId('install-offer').dataset.way).toBe('desktop'));
  });

  it('tells iPhone users to add it to the home screen', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_UA);
    dashboardOf();
    const offer = await screen.findByTestId('install-offer');
    expect(offer.dataset.way).toBe('ios');
    expect(offer.textContent).toContain(
      'On your iPhone or iPad: tap the Share button, then “Add to Home Screen”.',
    );
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();
  });

  it('without a prompt on a computer, names the address to open on the phone (in German too)', async () => {
    dashboardOf(buildMe({ locale: 'de' }), 'de');
    const offer = await screen.findByTestId('install-offer');
    expect(offer.dataset.way).toBe('desktop');
    expect(offer.textContent).toContain(
      `Öffne auf deinem Handy ${window.location.host} und füge die App deinem Startbildschirm hinzu.`,
    );
  });

  it('is not shown to people who use the app already', async () => {
    dashboardOf(buildMe({ last_login_mobile: '2026-11-20T09:30:00.000Z' }));
    await screen.findByTestId('panel-hint');
    expect(screen.queryByTestId('install-offer')).toBeNull();
  });

  it('picks the way by what the browser can do', () => {
    const base = {
      hasPrompt: false,
      installed: false,
      standalone: false,
      ios: false,
      mobile: false,
    };
    expect(installWay(base)).toBe('desktop');
    expect(installWay({ ...base, mobile: true })).toBe('mobile');
    expect(installWay({ ...base, mobile: true, ios: true })).toBe('ios');
    expect(installWay({ ...base, ios: true, hasPrompt: true })).toBe('prompt');
    expect(installWay({ ...base, hasPrompt: true, standalone: true })).toBe('installed');
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEachTest } from '../test/admin-app';
import { buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { buildPrinter } from '../test/printing-fixtures';
import { renderApp } from '../test/render-app';

cleanUpAfterEachTest();

/** The browser's BarcodeDetector, seeing `text` in whatever it is shown (null: nothing). */
function fakeDetector(text: () => string | null) {
  class FakeBarcodeDetector {
    static getSupportedFormats = () => Promise.resolve(['qr_code', 'ean_13']);
    constructor(readonly options: { formats: string[] }) {}
    detect() {
      const value = text();
      return Promise.resolve(value === null ? [] : [{ rawValue: value }]);
    }
  }
  vi.stubGlobal('BarcodeDetector', FakeBarcodeDetector);
  vi.stubGlobal('createImageBitmap', () =>
    Promise.resolve({ width: 800, height: 600, close() {} }),
  );
}

/** getUserMedia answering `answer`; each stream has one track that records being stopped. */
function fakeCamera(answer: 'denied' | 'none' | 'ok') {
  const tracks: Array<{ stopped: boolean; stop(): void }> = [];
  const getUserMedia = vi.fn(() => {
    if (answer !== 'ok') {
      const name = answer === 'denied' ? 'NotAllowedError' : 'NotFoundError';
      return Promise.reject(new DOMException('no camera', name));
    }
    const track = {
      stopped: false,
      stop() {
        this.stopped = true;
      },
    };
    tracks.push(track);
    return Promise.resolve({ getTracks: () => [track] });
  });
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  return { tracks, getUserMedia };
}

function photo() {
  return new File([new Uint8Array([0xff, 0xd8, 0xff])], 'sticker.jpg', { type: 'image/jpeg' });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  vi.restoreAllMocks();
});

describe('the QR scanner (/app/scan)', () => {
  it('asks for the rear camera and turns it off when the person leaves', async () => {
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession()) });
    const camera = fakeCamera('ok');
    fakeDetector(() => null);
    renderApp('/app/scan');
    await waitFor(() =>
      expect(screen.getByTestId('scan-video').getAttribute('data-camera')).toBe('scanning'),
    );
    expect(camera.getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: { ideal: 'environment' } },
      audio: false,
    });
    // StrictMode mounts twice: the first stream was stopped at once, the one in use is live.
    const live = camera.tracks.filter((track) => !track.stopped);
    expect(live).toHaveLength(1);
    fireEvent.click(screen.getByRole('link', { name: '← Back to the printers' }));
    await screen.findByTestId('mobile-app');
    expect(camera.tracks.every((track) => track.stopped)).toBe(true);
  });

  it('says the camera was not allowed and offers a photo instead', async () => {
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession()) });
    fakeCamera('denied');
    renderApp('/app/scan');
    const problem = await screen.findByTestId('camera-problem');
    expect(problem.textContent).toBe(
      'You did not allow the camera. Allow it in your browser’s settings, or scan the code from a photo.',
    );
    const input = screen.getByLabelText('Scan from a photo');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
  });

  it('says so in German when there is no camera at all', async () => {
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession({ locale: 'de' })) });
    renderApp('/app/scan');
    expect((await screen.findByTestId('camera-problem')).textContent).toBe(
      'Es wurde keine Kamera gefunden. Scanne den Code stattdessen von einem Foto.',
    );
  });

  it('opens the printer of a photographed sticker, and refuses other codes', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
      'GET /api/printers/5': () => jsonResponse(200, buildPrinter()),
    });
    fakeCamera('none');
    let seen: string | null = 'https://elsewhere.example/printers/5';
    fakeDetector(() => seen);
    const { location } = renderApp('/app/scan');
    const input = await screen.findByLabelText('Scan from a photo');

    fireEvent.change(input, { target: { files: [photo()] } });
    expect((await screen.findByTestId('scan-notice')).textContent).toBe(
      'This QR code is not a Printomat printer.',
    );

    seen = null;
    fireEvent.change(input, { target: { files: [photo()] } });
    await waitFor(() =>
      expect(screen.getByTestId('scan-notice').getAttribute('data-notice')).toBe('no_code'),
    );

    seen = `${window.location.origin}/printers/5`;
    fireEvent.change(input, { target: { files: [photo()] } });
    expect((await screen.findByTestId('chosen-name')).textContent).toBe('Library');
    expect(location.pathname + location.search).toBe('/app?printer=5');
  });

  it('releases with a printer’s code read from a QR code', async () => {
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession()) });
    fakeCamera('none');
    fakeDetector(() => '418273');
    const { location } = renderApp('/app/scan');
    fireEvent.change(await screen.findByLabelText('Scan from a photo'), {
      target: { files: [photo()] },
    });
    expect((await screen.findByTestId('code-release')).textContent).toContain(
      'Printer code 418273',
    );
    // The code stays out of the address.
    expect(location.pathname + location.search).toBe('/app');
  });
});

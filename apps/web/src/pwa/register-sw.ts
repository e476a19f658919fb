import { Workbox } from 'workbox-window';
import { setPwaState } from './pwa-state';

/**
 * Registers the service worker (built by vite-plugin-pwa / Workbox, `registerType: 'prompt'`).
 * A new version installs in the background and waits; the update banner's "Reload" tells it to
 * take over (SKIP_WAITING), and the page reloads once it controls the page, so the page and the
 * cached files are of one version. Loaded lazily by main.tsx (workbox-window stays out of the
 * entry chunk).
 */
export function registerServiceWorker(url = '/sw.js'): void {
  const wb = new Workbox(url, { scope: '/' });
  wb.addEventListener('waiting', () => {
    setPwaState({
      activateUpdate: () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  void wb.register().then((registration) => {
    // An open app checks for a new version every hour (the browser checks at each navigation).
    if (registration) setInterval(() => void registration.update(), 60 * 60_000);
  });
}

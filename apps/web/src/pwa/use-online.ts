import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * Whether the page can reach the server: the browser's online flag, and not the offline shell
 * (the service worker answers a navigation it could not fetch with `offline.html`, whose
 * `<html data-offline>` says so even when the device thinks it is online but the server is
 * out of reach). Pre-rendering and hydration assume online.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine && document.documentElement.dataset.offline !== 'true',
    () => true,
  );
}

// What kind of window the app runs in. Functions only: nothing here touches `window` at import
// time, so the server's pre-rendering (entry-server.tsx) may import it.

/** `navigator.standalone`: iOS Safari's own flag for an app started from the home screen. */
type TIosNavigator = Navigator & { standalone?: boolean };

/** Started from the home screen (installed app), not in a browser tab. */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  if ((window.navigator as TIosNavigator).standalone === true) return true;
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(display-mode: standalone)').matches
  );
}

/** iPhone, iPad (iPadOS presents itself as a Mac with a touch screen) or iPod. */
export function isIos(): boolean {
  if (typeof navigator === 'undefined') return false;
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  );
}

/** A phone or tablet (the install offer's wording differs from a desktop's). */
export function isMobileDevice(): boolean {
  if (typeof navigator === 'undefined') return false;
  return isIos() || /Android|Mobi/i.test(navigator.userAgent);
}

import { setPwaState, type TBeforeInstallPromptEvent } from './pwa-state';

/**
 * Keeps Chromium's `beforeinstallprompt` (it fires once, early, often before React renders) so
 * the dashboard's install button can show it later; `appinstalled` ends the offer. Called by
 * main.tsx before the first render.
 */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Without this the browser may show its own mini-infobar; we offer it in the page instead.
    event.preventDefault();
    setPwaState({ installPrompt: event as TBeforeInstallPromptEvent });
  });
  target.addEventListener('appinstalled', () => {
    setPwaState({ installPrompt: null, installed: true });
  });
}

/** Shows the kept prompt; a prompt can be used once, so it is dropped whatever the answer. */
export async function showInstallPrompt(prompt: TBeforeInstallPromptEvent): Promise<boolean> {
  setPwaState({ installPrompt: null });
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  if (outcome === 'accepted') setPwaState({ installed: true });
  return outcome === 'accepted';
}

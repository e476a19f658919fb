import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in TypeScript's DOM library). */
export interface TBeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface TPwaState {
  /** The browser's install prompt, kept to be shown when the person asks for it. */
  installPrompt: TBeforeInstallPromptEvent | null;
  /** The app was installed during this visit. */
  installed: boolean;
  /** A new version of the service worker waits: calling this activates it and reloads. */
  activateUpdate: (() => void) | null;
}

const INITIAL: TPwaState = { installPrompt: null, installed: false, activateUpdate: null };
let state: TPwaState = INITIAL;
const listeners = new Set<() => void>();

export function setPwaState(changes: Partial<TPwaState>): void {
  state = { ...state, ...changes };
  for (const listener of listeners) listener();
}

export function getPwaState(): TPwaState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The app's install and update state; pre-rendering and hydration see the initial one. */
export function usePwaState(): TPwaState {
  return useSyncExternalStore(subscribe, getPwaState, () => INITIAL);
}

/** For tests: back to the state of a fresh page. */
export function resetPwaState(): void {
  setPwaState(INITIAL);
}

import './zod-jitless';
// The global styles first: component styles (imported by their components) come after them.
import './styles/index.css';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { MESSAGE_CHUNKS } from 'virtual:printomat-messages';
import { isLocale, type TLocale } from '@printomat/shared/i18n';
import { AppProviders } from './app-providers';
import { AppRoutes } from './app-routes';
import { guessInitialLocale } from './i18n/initial-locale';
import { loadMessages, setMessageSource, type TMessageSource } from './i18n/messages-store';
import { captureInstallPrompt } from './pwa/install-prompt';
import { PwaShell } from './pwa/pwa-shell';
import { createQueryClient } from './query-client';
import { readSsrData, seedQueryClient } from './ssr-data';

// The installable app (issue 16): the browser's install prompt fires early, so it is caught
// before anything renders; the service worker (offline shell, updates) registers once the page
// has loaded, from its own chunk. Not in development: Vite serves the files there.
captureInstallPrompt();
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('./pwa/register-sw').then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Texts load per language and group of namespaces (i18n/message-groups.ts), each its own chunk.
const source: TMessageSource = (group, locale) => {
  const load = MESSAGE_CHUNKS[group]?.[locale];
  return load ? load() : Promise.reject(new Error(`no messages ${group}/${locale}`));
};
setMessageSource(source);

const queryClient = createQueryClient();
// A page the server pre-rendered comes with the data it was rendered with: hydrate over it.
const ssr = readSsrData();
if (ssr) seedQueryClient(queryClient, ssr);
// The server writes the page's language into <html lang>; the plain shell guesses until the
// session answers (I18nProvider switches once that language's texts are loaded).
const htmlLang = document.documentElement.lang;
const locale: TLocale = ssr && isLocale(htmlLang) ? htmlLang : guessInitialLocale();

/**
 * Marks the page interactive once React has attached its handlers (after hydration of a
 * pre-rendered page): browser tests wait for it before they type or click. Renders nothing, so
 * the server's markup and the hydrated tree stay the same.
 */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <PwaShell />
      <HydrationMark />
    </AppProviders>
  </StrictMode>
);

function start(): void {
  if (ssr && container?.firstElementChild) hydrateRoot(container, app);
  else createRoot(container!).render(app);
}

// The language's public texts before the first render, so hydration sees the server's texts
// (no keys flash); should they fail to load, render anyway: missing texts are requested on use.
loadMessages(locale, ['public']).then(start, start);

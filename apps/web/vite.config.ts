import { fileURLToPath } from 'node:url';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const API_ORIGIN = 'http://127.0.0.1:3000';
const SHARED_SRC = /[\\/]packages[\\/]shared[\\/]src[\\/]/;
// Everything the Fastify server answers itself; the rest is the SPA.
const SERVER_PREFIXES = ['/api', '/ajax', '/auth', '/healthz', '/dev'];

const MESSAGES = 'virtual:printomat-messages';
const MESSAGES_CHUNK = `${MESSAGES}/messages-`;
type TTree = { readonly [key: string]: string | TTree };
type TSources = {
  catalogFor: (locale: string) => TTree;
  locales: readonly string[];
  groups: Record<string, readonly string[]>;
  groupMessages: (catalog: TTree, group: string) => Record<string, TTree>;
};

/** Reads the catalog (packages/shared) and the groups (src/i18n/message-groups.ts) afresh. */
async function readMessageSources(): Promise<TSources> {
  const read = <T>(file: string) =>
    runnerImport<T>(fileURLToPath(new URL(file, import.meta.url))).then((r) => r.module);
  const [catalog, locales, groups] = await Promise.all([
    read<Pick<TSources, 'catalogFor'>>('../../packages/shared/src/i18n/catalog.ts'),
    read<{ LOCALES: readonly string[] }>('../../packages/shared/src/i18n/locales.ts'),
    read<{ MESSAGE_GROUPS: TSources['groups'] } & Pick<TSources, 'groupMessages'>>(
      './src/i18n/message-groups.ts',
    ),
  ]);
  return {
    catalogFor: catalog.catalogFor,
    locales: locales.LOCALES,
    groups: groups.MESSAGE_GROUPS,
    groupMessages: groups.groupMessages,
  };
}

/**
 * The browser's message catalog, split by language and group (src/i18n/message-groups.ts):
 * `virtual:printomat-messages` exports `MESSAGE_CHUNKS[group][locale]()`, each a dynamic import
 * of its own chunk (`messages-<group>-<locale>`) with that group's texts in that language only.
 */
function messagesPlugin(): Plugin {
  let sources: Promise<TSources> | null = null;
  return {
    name: 'printomat-messages',
    buildStart() {
      sources = null;
    },
    resolveId(id) {
      return id === MESSAGES || id.startsWith(MESSAGES_CHUNK) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${MESSAGES}`)) return null;
      const name = id.slice(1);
      // Read once per build; in development on every load, so edited texts show on reload.
      const { catalogFor, groups, groupMessages, locales } = await (this.environment.mode === 'dev'
        ? readMessageSources()
        : (sources ??= readMessageSources()));
      if (name === MESSAGES) {
        const chunks = Object.keys(groups).map((group) => {
          const byLocale = locales.map(
            (locale) =>
              `${locale}: () => import(${JSON.stringify(`${MESSAGES_CHUNK}${group}-${locale}`)}).then((m) => m.default)`,
          );
          return `${group}: { ${byLocale.join(', ')} }`;
        });
        return `export const MESSAGE_CHUNKS = {\n${chunks.join(',\n')}\n};\n`;
      }
      const [group = '', locale = ''] = name.slice(MESSAGES_CHUNK.length).split('-');
      if (!(group in groups) || !locales.includes(locale))
        throw new Error(`unknown message chunk ${name}`);
      const tree = groupMessages(catalogFor(locale), group);
      // JSON.parse of a string: parsed faster than an object literal, and no eval (CSP).
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(tree))});\n`;
    },
  };
}

/**
 * `offline.html`: the page shell (index.html) marked `<html data-offline="true">`. The service
 * worker answers a navigation it could not fetch with it; the app boots from the precached files
 * and shows its offline notice (src/pwa/use-online.ts).
 */
function offlineShellPlugin(): Plugin {
  return {
    name: 'printomat-offline-shell',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const html = String(index.source);
      const marked = html.replace(/<html([^>]*)>/, '<html$1 data-offline="true">');
      if (marked === html) throw new Error('offline shell: no <html> element in index.html');
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: marked });
    },
  };
}

/**
 * The service worker (Workbox generateSW, issue 16). Precaches the built files (not the source
 * maps, not index.html: pages come from the server, pre-rendered or not). Page navigations go to
 * the network and never into a cache; when the network fails, the precached offline shell
 * answers. Nothing else is cached at run time (no API, /ajax, /agent, /auth, /dev, /modal
 * answers). `registerType: 'prompt'`: a new version waits until the update banner activates it
 * (src/pwa/register-sw.ts). The manifest is the server's (GET /manifest.webmanifest, localized).
 */
function pwaPlugin() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifest: false,
    includeManifestIcons: false,
    strategies: 'generateSW',
    filename: 'sw.js',
    workbox: {
      globPatterns: ['**/*.{js,css,svg,png,woff2}', 'offline.html'],
      globIgnores: ['**/*.map', 'index.html'],
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      // The first version takes the open page at once; later ones wait for "Reload".
      clientsClaim: true,
      skipWaiting: false,
      sourcemap: false,
      runtimeCaching: [
        {
          // Copied into sw.js as source: it may use nothing from this file. Server paths (API,
          // sign-in, agents, payment sandboxes) are not the SW's business at all.
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' &&
            !/^\/(api|ajax|agent|auth|dev|healthz|sandbox-pay|sandbox-sms)(\/|$)/.test(
              url.pathname,
            ),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: '/offline.html' } },
        },
      ],
    },
  });
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), messagesPlugin(), offlineShellPlugin(), pwaPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      treeshake: {
        // packages/shared only declares things (zod schemas, messages, constants). Marking it
        // side-effect free lets the bundler drop what the web app does not use (zod: ~26 kB gzip).
        moduleSideEffects: (id: string) => !SHARED_SRC.test(id),
      },
    },
  },
  // The server bundle (entry-server.tsx, for pre-rendering public pages) includes our own
  // TypeScript packages; npm dependencies stay external and load from node_modules.
  ssr: { noExternal: ['@printomat/shared'] },
  server: {
    proxy: Object.fromEntries(
      // `^/auth(/|$)` and friends, so that an SPA route such as `/authors` is never proxied.
      SERVER_PREFIXES.map((prefix) => [`^${prefix}(/|\\?|$)`, { target: API_ORIGIN }]),
    ),
  },
});

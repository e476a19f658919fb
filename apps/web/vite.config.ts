import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_ORIGIN = 'http://127.0.0.1:3000';
const SHARED_SRC = /[\\/]packages[\\/]shared[\\/]src[\\/]/;
// Everything the Fastify server answers itself; the rest is the SPA.
const SERVER_PREFIXES = ['/api', '/ajax', '/auth', '/healthz', '/dev'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
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

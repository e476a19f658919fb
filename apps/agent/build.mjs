// Builds the printer agent into one plain JavaScript file, dist/printomat-agent.js, with a
// shebang, so a kiosk runs `printomat-agent` with Node alone (issue 18 point 6). The workspace
// package @printomat/shared (TypeScript source) and the agent's dependencies (ws, zod, pdf-lib)
// are bundled: the installed agent needs no node_modules.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
// `--outdir <dir>`: tests build elsewhere.
const outdirArg = process.argv.indexOf('--outdir');
const dist =
  outdirArg === -1 ? path.join(root, 'dist') : path.resolve(process.argv[outdirArg + 1] ?? '');
const outfile = path.join(dist, 'printomat-agent.js');

fs.rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['src/main.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  // ws tries these optional native speed-ups with require(); it works without them.
  external: ['bufferutil', 'utf-8-validate'],
  banner: {
    js:
      '#!/usr/bin/env node\n' +
      // Bundled CommonJS code (ws, zod's dependencies...) may call require().
      "import { createRequire as __printomatCreateRequire } from 'node:module';\nconst require = __printomatCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
fs.chmodSync(outfile, 0o755);
console.log(`build: ${path.relative(root, outfile)}`);

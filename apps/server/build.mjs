// Builds the server into apps/server/dist as plain JavaScript, so production runs
// `node apps/server/dist/main.js` without a TypeScript loader (issue 11).
//
// Every entry is written flat into dist/: things resolved next to the running file
// (`new URL('./pipeline.worker.js', import.meta.url)`, `./office-bridge.py`) sit beside it, and
// dist/ is as deep as src/, so REPO_ROOT (config.ts) and the default DATA_DIR / WEB_DIST_DIR
// resolve the same. Packages listed in dependencies stay external (node_modules at run time);
// the workspace package @printomat/shared is TypeScript source and is bundled.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
// `--outdir <dir>`: tests build elsewhere (keep it beside src/: REPO_ROOT is counted from it).
const outdirArg = process.argv.indexOf('--outdir');
const dist =
  outdirArg === -1 ? path.join(root, 'dist') : path.resolve(process.argv[outdirArg + 1] ?? '');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const BUNDLED = new Set(['@printomat/shared']);
const external = Object.keys(pkg.dependencies).filter((name) => !BUNDLED.has(name));

const entryPoints = {
  main: 'src/main.ts',
  'create-admin': 'src/bootstrap/create-admin-command.ts',
  seed: 'src/seed/seed-command.ts',
  migrate: 'src/db/migrate-command.ts',
  'check-ledger': 'src/bootstrap/check-ledger-command.ts',
  'storage-import': 'src/bootstrap/storage-import-command.ts',
};
const WORKER = 'src/modules/documents/pipeline/pipeline.worker.ts';
if (fs.existsSync(path.join(root, WORKER))) entryPoints['pipeline.worker'] = WORKER;
else console.warn(`build: ${WORKER} not found; no document worker entry built`);

/** Files the code opens next to itself at run time. */
const COPIED = ['src/modules/documents/converters/office-bridge.py'];

fs.rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints,
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // dependencies resolve from node_modules; subpaths (`pino/file`, `tsx/esm/api`) too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  sourcemap: 'linked',
  // Bundled CommonJS code (from @printomat/shared's dependencies) may call require().
  banner: {
    js: "import { createRequire as __printomatCreateRequire } from 'node:module';\nconst require = __printomatCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
for (const file of COPIED) {
  const from = path.join(root, file);
  if (fs.existsSync(from)) fs.copyFileSync(from, path.join(dist, path.basename(file)));
  else throw new Error(`build: ${file} is missing`);
}
console.log(
  `build: ${Object.keys(entryPoints)
    .map((name) => `${path.relative(root, dist)}/${name}.js`)
    .join(', ')}`,
);

// Runs every check in order and ends with one line "tests: N passed, N failed".
// Steps: format, lint, boundaries, types, web build, unit + integration (PGlite; PostgreSQL too when
// TEST_DATABASE_URL is set), browser tests. All steps run; the exit code says whether any failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.test-data');
fs.mkdirSync(reports, { recursive: true });

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const vitestProjects = [
  'unit',
  'integration',
  'agent',
  ...(withPostgres ? ['integration-pg'] : []),
];

const steps = [
  { name: 'format', cmd: ['npx', 'prettier', '--check', '--log-level', 'warn', '.'] },
  { name: 'lint', cmd: ['npx', 'eslint', '--max-warnings', '0', '.'] },
  // Module boundaries (.dependency-cruiser.cjs); "no SQL outside repos" is part of lint.
  { name: 'boundaries', cmd: ['npm', 'run', '--silent', 'boundaries'] },
  { name: 'types', cmd: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'web build', cmd: ['npm', 'run', '--silent', 'build'] },
  {
    name: `tests (${vitestProjects.join(', ')})`,
    report: path.join(reports, 'vitest-main.json'),
    cmd: ['npx', 'vitest', 'run', ...vitestProjects.flatMap((p) => ['--project', p])],
  },
  {
    name: 'browser tests',
    report: path.join(reports, 'vitest-e2e.json'),
    cmd: ['npx', 'vitest', 'run', '--project', 'e2e'],
  },
];

let passed = 0;
let failed = 0;
const summary = [];
for (const step of steps) {
  const started = Date.now();
  console.log(`\n=== ${step.name}`);
  const args = step.report
    ? [...step.cmd, '--reporter=default', '--reporter=json', `--outputFile=${step.report}`]
    : step.cmd;
  if (step.report) fs.rmSync(step.report, { force: true });
  const result = spawnSync(args[0], args.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  const ok = result.status === 0;
  if (step.report && fs.existsSync(step.report)) {
    const json = JSON.parse(fs.readFileSync(step.report, 'utf8'));
    passed += json.numPassedTests ?? 0;
    failed += json.numFailedTests ?? 0;
    if (!ok && (json.numFailedTests ?? 0) === 0) failed += 1; // a suite that crashed before counting
  } else if (!ok) {
    failed += 1; // a failed check counts as one failed test
  }
  summary.push(
    `${ok ? 'ok  ' : 'FAIL'} ${step.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}
console.log(`\n${summary.join('\n')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || summary.some((s) => s.startsWith('FAIL')) ? 1 : 0);

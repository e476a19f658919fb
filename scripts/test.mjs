// Runs every check in order and ends with one line "tests: N passed, N failed".
// Steps: format, lint, boundaries, engines, types, web build, unit + integration (PGlite; PostgreSQL too when
// TEST_DATABASE_URL is set), browser tests. All steps run; the exit code says whether any failed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.test-data');
fs.mkdirSync(reports, { recursive: true });

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const vitest = (projects, report) => ({
  name: projects.join(', '),
  report: path.join(reports, report),
  cmd: ['npx', 'vitest', 'run', ...projects.flatMap((p) => ['--project', p])],
});

const steps = [
  { name: 'format', cmd: ['npx', 'prettier', '--check', '--log-level', 'warn', '.'] },
  { name: 'lint', cmd: ['npx', 'eslint', '--max-warnings', '0', '.'] },
  // Module boundaries (.dependency-cruiser.cjs); "no SQL outside repos" is part of lint.
  { name: 'boundaries', cmd: ['npm', 'run', '--silent', 'boundaries'] },
  // No installed package may want more Node than our engines field allows, nor exclude the LTS.
  { name: 'engines', cmd: ['node', 'scripts/check-engines.mjs'] },
  { name: 'types', cmd: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'web build', cmd: ['npm', 'run', '--silent', 'build'] },
  {
    // Two vitest runs side by side: the PostgreSQL tests mostly wait on the database server, so
    // they overlap well with the PGlite ones (each run keeps vitest's one worker on 2 cores). The
    // web's unit tests go with the PostgreSQL run, which is the shorter one without them.
    name: `tests (integration, agent${withPostgres ? ' | unit, integration-pg' : ', unit'})`,
    parallel: withPostgres
      ? [
          vitest(['integration', 'agent'], 'vitest-main.json'),
          vitest(['unit', 'integration-pg'], 'vitest-pg.json'),
        ]
      : [vitest(['unit', 'integration', 'agent'], 'vitest-main.json')],
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

const withReport = (run) =>
  run.report
    ? [...run.cmd, '--reporter=default', '--reporter=json', `--outputFile=${run.report}`]
    : run.cmd;

/** Adds a finished run's counts: a vitest JSON report, else one failure for a failed check. */
function count(run, ok) {
  if (run.report && fs.existsSync(run.report)) {
    const json = JSON.parse(fs.readFileSync(run.report, 'utf8'));
    passed += json.numPassedTests ?? 0;
    failed += json.numFailedTests ?? 0;
    if (!ok && (json.numFailedTests ?? 0) === 0) failed += 1; // a suite that crashed before counting
  } else if (!ok) {
    failed += 1; // a failed check counts as one failed test
  }
}

/** Runs side by side, each writing to its own log, printed one after the other when all ended. */
async function runParallel(runs) {
  const results = await Promise.all(
    runs.map(
      (run) =>
        new Promise((resolve) => {
          const log = path.join(
            reports,
            `${run.report ? path.basename(run.report, '.json') : 'run'}.log`,
          );
          if (run.report) fs.rmSync(run.report, { force: true });
          const out = fs.openSync(log, 'w');
          const args = withReport(run);
          const child = spawn(args[0], args.slice(1), {
            cwd: root,
            stdio: ['ignore', out, out],
            env: process.env,
          });
          let ended = false;
          const end = (ok, why) => {
            if (ended) return;
            ended = true;
            if (why) fs.writeSync(out, `${why}\n`);
            fs.closeSync(out);
            resolve({ run, log, ok });
          };
          // A command that cannot start (not installed) fails the step instead of hanging it.
          child.on('error', (err) => end(false, `could not run ${args[0]}: ${err.message}`));
          child.on('close', (code) => end(code === 0));
        }),
    ),
  );
  for (const { run, log } of results) {
    console.log(`\n--- ${run.name}`);
    process.stdout.write(fs.readFileSync(log, 'utf8'));
  }
  return results;
}

for (const step of steps) {
  const started = Date.now();
  console.log(`\n=== ${step.name}`);
  let ok;
  if (step.parallel) {
    const results = await runParallel(step.parallel);
    for (const { run, ok: runOk } of results) count(run, runOk);
    ok = results.every((r) => r.ok);
  } else {
    if (step.report) fs.rmSync(step.report, { force: true });
    const args = withReport(step);
    const result = spawnSync(args[0], args.slice(1), {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    });
    ok = result.status === 0;
    count(step, ok);
  }
  summary.push(
    `${ok ? 'ok  ' : 'FAIL'} ${step.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}
console.log(`\n${summary.join('\n')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || summary.some((s) => s.startsWith('FAIL')) ? 1 : 0);

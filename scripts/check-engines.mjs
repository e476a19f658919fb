// Fails when an installed package (runtime or dev, at any depth) declares an engines.node range
// that excludes a Node version our own engines field allows: the lowest version of each major
// line our range admits, up to the current Node LTS that the Docker images run (for
// "^20.19.0 || ^22.12.0 || >=24.11.0": 20.19.0, 22.12.0 and 24.11.0), and that LTS itself. The
// list of packages is package-lock.json; each one's range is read from its installed package.json
// (the lock file's copy as a fallback). Optional packages built for other platforms (sharp's
// win32 binaries, ...) are not installed here and are skipped.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const semver = require('semver');

/** The Node LTS line the images use (deploy/docker/*.Dockerfile); 24.11.0 opened it. */
const CURRENT_LTS = '24.11.0';

// The repository root; another directory as the argument (tests check the check on a made-up tree).
const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const problems = [];

const ownRange = readJson(path.join(root, 'package.json')).engines?.node;
if (typeof ownRange !== 'string' || !semver.validRange(ownRange)) {
  console.error(`engines: package.json has no valid engines.node (${ownRange})`);
  process.exit(1);
}
const ltsMajor = semver.major(CURRENT_LTS);
/** The lowest version of `major` that `range` allows, or null. */
function lowestOf(range, major) {
  const line = `>=${major}.0.0 <${major + 1}.0.0`;
  const found = new semver.Range(range).set
    .map((comparators) => {
      const set = `${comparators.map((c) => c.value).join(' ')} ${line}`.trim();
      return semver.minVersion(set);
    })
    .filter((v) => v !== null && semver.satisfies(v, range));
  return found.length > 0 ? semver.sort(found)[0].version : null;
}
const targets = [];
for (let major = semver.minVersion(ownRange).major; major <= ltsMajor; major += 1) {
  const version = lowestOf(ownRange, major);
  if (version !== null) targets.push(version);
}
if (!targets.includes(CURRENT_LTS)) targets.push(CURRENT_LTS);
if (!semver.satisfies(CURRENT_LTS, ownRange))
  problems.push(`package.json engines.node "${ownRange}" excludes the current LTS ${CURRENT_LTS}`);

// The images must run the LTS line this script checks.
const dockerDir = path.join(root, 'deploy', 'docker');
if (fs.existsSync(dockerDir)) {
  for (const file of fs.readdirSync(dockerDir).filter((f) => f.endsWith('Dockerfile'))) {
    const text = fs.readFileSync(path.join(dockerDir, file), 'utf8');
    // FROM [--platform=…] [registry[:port]/][library/]node:<tag>
    for (const [, tag] of text.matchAll(/^FROM\s+(?:--\S+\s+)*(?:[\w.:-]+\/)*node:(\S+)/gim)) {
      if (semver.coerce(tag)?.major !== ltsMajor)
        problems.push(`deploy/docker/${file}: FROM node:${tag} is not Node ${ltsMajor} (the LTS)`);
    }
  }
}

const lock = readJson(path.join(root, 'package-lock.json'));
let checked = 0;
let skipped = 0;
for (const [key, entry] of Object.entries(lock.packages ?? {})) {
  if (key === '' || entry.link) continue; // the root (checked above); links point at workspaces
  const manifest = path.join(root, key, 'package.json');
  let installed;
  if (fs.existsSync(manifest)) {
    installed = readJson(manifest);
  } else if (entry.optional) {
    skipped += 1; // not installed on this platform
    continue;
  } else {
    problems.push(`${key} is in package-lock.json but not installed (run npm ci)`);
    continue;
  }
  checked += 1;
  const range = installed.engines?.node ?? entry.engines?.node;
  if (range === undefined) continue;
  const name = `${installed.name ?? key}@${installed.version ?? entry.version ?? '?'}`;
  const where = entry.dev ? 'dev' : 'runtime';
  if (typeof range !== 'string' || !semver.validRange(range)) {
    problems.push(`${name} (${where}, ${key}): unreadable engines.node ${JSON.stringify(range)}`);
    continue;
  }
  for (const version of targets) {
    if (!semver.satisfies(version, range))
      problems.push(`${name} (${where}, ${key}) wants node "${range}": excludes ${version}`);
  }
}

if (problems.length > 0) {
  console.error(`engines: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `engines: ${checked} installed packages allow Node ${targets.join(', ')} (package.json: "${ownRange}"; ${skipped} optional packages for other platforms not installed)`,
);

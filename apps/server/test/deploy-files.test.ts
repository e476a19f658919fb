import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { parse } from 'yaml';
import { ConfigError, loadConfig, REPO_ROOT } from '../src/config';

// The deployment files (issue 19, docs/deploy.md). Images cannot be built here, so this checks
// that the Dockerfiles and the compose file follow the plain Debian recipe the other tests run:
// the same Debian packages as scripts/system-deps.sh, the same paths and user as the systemd
// units, files and settings that exist. And the engines check itself, on a made-up tree.

const run = promisify(execFile);
const read = (file: string) => fs.readFile(path.join(REPO_ROOT, file), 'utf8');

/** The Debian packages a Dockerfile's `apt-get install` lines name. */
function aptPackages(dockerfile: string): string[] {
  const joined = dockerfile.replace(/\\\n/g, ' ');
  return [...joined.matchAll(/apt-get install -y --no-install-recommends ([^&\n]+)/g)].flatMap(
    ([, list]) => (list ?? '').trim().split(/\s+/),
  );
}

/** An nginx file's lines outside its `server { }` blocks, without comments and blank lines. */
function outsideServers(conf: string): string[] {
  const lines: string[] = [];
  let depth = 0;
  let skipping = false;
  for (const line of conf.split('\n')) {
    const code = line.replace(/#.*/, '').trim();
    if (depth === 0 && /^server\s*\{/.test(code)) skipping = true;
    depth += (code.match(/\{/g) ?? []).length - (code.match(/\}/g) ?? []).length;
    if (!skipping && code !== '') lines.push(code);
    if (skipping && depth === 0) skipping = false;
  }
  return lines;
}

/** Every setting config.ts reads. */
async function configKeys(): Promise<string[]> {
  const source = await read('apps/server/src/config.ts');
  return [...source.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map(([, key]) => key ?? '');
}

describe('Dockerfiles follow the Debian recipe', () => {
  it('installs scripts/system-deps.sh runtime packages: the server all but the kiosk/agent ones', async () => {
    const deps = await read('scripts/system-deps.sh');
    const runtime = (/RUNTIME_PACKAGES=\(([^)]*)\)/.exec(deps)?.[1] ?? '').trim().split(/\s+/);
    expect(runtime.length).toBeGreaterThan(5);
    // The demo kiosk's printer (refused in production) and the agent's raster renderer.
    const notServer = ['cups-ipp-utils', 'dbus', 'ghostscript'];
    const server = aptPackages(await read('deploy/docker/server.Dockerfile'));
    expect(server.sort()).toEqual(runtime.filter((p) => !notServer.includes(p)).sort());
    expect(aptPackages(await read('deploy/docker/agent.Dockerfile'))).toEqual(['ghostscript']);
  });

  it('uses the systemd units’ user, paths and command, and copies every workspace for npm ci', async () => {
    const dockerfile = await read('deploy/docker/server.Dockerfile');
    const unit = await read('deploy/systemd/printomat-server@.service');
    expect(unit).toMatch(/^User=printomat$/m);
    expect(unit).toMatch(/^WorkingDirectory=\/opt\/printomat$/m);
    expect(unit).toMatch(/^Environment=DATA_DIR=\/var\/lib\/printomat$/m);
    expect(unit).toMatch(
      /ExecStart=\/usr\/bin\/node --enable-source-maps apps\/server\/dist\/main\.js/,
    );
    expect(dockerfile).toMatch(/^USER printomat$/m);
    expect(dockerfile).toMatch(/^WORKDIR \/opt\/printomat$/m);
    expect(dockerfile).toMatch(/DATA_DIR=\/var\/lib\/printomat/);
    expect(dockerfile).toMatch(
      /^CMD \["node", "--enable-source-maps", "apps\/server\/dist\/main\.js"\]$/m,
    );
    expect(dockerfile).toMatch(/HEALTHCHECK[^\n]*\n[^\n]*\/healthz/);

    const workspaces = [];
    for (const parent of ['apps', 'packages'])
      for (const dir of await fs.readdir(path.join(REPO_ROOT, parent)))
        if (await fs.stat(path.join(REPO_ROOT, parent, dir, 'package.json')).catch(() => null))
          workspaces.push(`${parent}/${dir}/package.json`);
    for (const file of ['server.Dockerfile', 'agent.Dockerfile']) {
      const text = await read(`deploy/docker/${file}`);
      for (const manifest of workspaces) expect(text).toContain(`COPY ${manifest} ${manifest}`);
      // Every file copied from the build context exists.
      for (const [, from] of text.matchAll(/^COPY (?!--from)(\S+) /gm))
        if (from !== '.')
          await expect(fs.stat(path.join(REPO_ROOT, from ?? ''))).resolves.toBeTruthy();
    }
  });

  it('runs built entries that apps/server/build.mjs and apps/agent/build.mjs write', async () => {
    const serverBuild = await read('apps/server/build.mjs');
    for (const entry of [
      'main:',
      'migrate:',
      "'create-admin':",
      "'check-ledger':",
      "'storage-import':",
    ])
      expect(serverBuild).toContain(entry);
    expect(await read('apps/agent/build.mjs')).toContain("'printomat-agent.js'");
    expect(await read('deploy/docker/agent.Dockerfile')).toContain(
      '/src/apps/agent/dist/printomat-agent.js /usr/local/bin/printomat-agent',
    );
  });
});

describe('compose.yaml', () => {
  let compose: {
    services: Record<
      string,
      { environment?: Record<string, string>; volumes?: string[]; command?: string[] }
    >;
  };
  beforeAll(async () => {
    compose = parse(await read('deploy/docker/compose.yaml'), { merge: true }) as typeof compose;
  });

  it('has PostgreSQL, the migrations once, two servers, nginx and an agent', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['agent', 'migrate', 'nginx', 'postgres', 'server-1', 'server-2'].sort(),
    );
    expect(compose.services.migrate?.command).toContain('apps/server/dist/migrate.js');
  });

  it('sets only settings config.ts knows, the same on both servers but their names', async () => {
    const keys = await configKeys();
    const one = compose.services['server-1']?.environment ?? {};
    const two = compose.services['server-2']?.environment ?? {};
    for (const key of Object.keys(one)) expect(keys).toContain(key);
    expect(one).toMatchObject({ STORAGE: 'database', TRUST_PROXY: 'true', NODE_ENV: 'production' });
    expect({ ...one, INSTANCE_NAME: '' }).toEqual({ ...two, INSTANCE_NAME: '' });
    const example = await read('deploy/docker/printomat.env.example');
    for (const [, key] of example.matchAll(/^([A-Z][A-Z0-9_]+)=/gm)) expect(keys).toContain(key);
  });

  it('mounts files that exist, and nginx balances over both servers with the recipe’s locations', async () => {
    const mounts = (compose.services.nginx?.volumes ?? []).map((v) => v.split(':')[0] ?? '');
    for (const from of mounts.filter((m) => m.startsWith('.') && !m.includes('certs')))
      await expect(fs.stat(path.join(REPO_ROOT, 'deploy/docker', from))).resolves.toBeTruthy();
    expect(mounts).toContain('../nginx/printomat-locations.conf');
    const nginx = await read('deploy/docker/nginx.conf');
    expect([...nginx.matchAll(/^\s*server (server-\d):3000/gm)].map(([, s]) => s)).toEqual([
      'server-1',
      'server-2',
    ]);
    expect(nginx).toContain('include /etc/nginx/snippets/printomat-locations.conf;');
  });

  it('nginx.conf is the tested printomat.conf outside its server blocks, but names and resolve', async () => {
    const recipe = outsideServers(await read('deploy/nginx/printomat.conf')).map((line) =>
      line.replace(/^server 127\.0\.0\.1:\d+ /, 'server <instance> '),
    );
    const composed = outsideServers(await read('deploy/docker/nginx.conf'));
    // Docker's DNS, looked up again (a recreated container gets a new address): zone + resolver.
    expect(composed).toContain('zone printomat 64k;');
    expect(composed).toContain('resolver 127.0.0.11 valid=10s;');
    const normalized = composed
      .filter((line) => !/^(zone|resolver) /.test(line))
      .map((line) => line.replace(/^server server-\d:3000 resolve /, 'server <instance> '));
    expect(normalized).toEqual(recipe);
    expect(recipe).toContain('server <instance> max_fails=0;');
  });
});

describe('nginx and TRUST_PROXY: the client address', () => {
  it('the locations set X-Forwarded-For to the address nginx sees, never append to it', async () => {
    const locations = await read('deploy/nginx/printomat-locations.conf');
    const code = locations.replace(/#.*/g, '');
    expect(code).not.toContain('$proxy_add_x_forwarded_for');
    const passes = code.match(/proxy_pass /g) ?? [];
    expect(passes.length).toBe(3);
    expect(code.match(/proxy_set_header X-Forwarded-For \$remote_addr;/g)?.length).toBe(
      passes.length,
    );
  });

  it('TRUST_PROXY takes true/false or proxies’ addresses, CIDRs and names, nothing else', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('1')).toBe(true);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('loopback')).toEqual(['loopback']);
    expect(trust('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    // A hop count is refused: Fastify would believe no proxy at all.
    for (const bad of ['2', 'nginx', '10.0.0.0/33', '127.0.0.1,', '1.2.3.4/8/1'])
      expect(() => trust(bad), bad).toThrow(ConfigError);
  });

  it('a client-written X-Forwarded-For does not become request.ip behind the recipe', async () => {
    const ipWith = async (setting: string, forwardedFor: string, remoteAddress = '127.0.0.1') => {
      const app = Fastify({ trustProxy: loadConfig({ TRUST_PROXY: setting }).trustProxy });
      app.get('/ip', (request) => ({ ip: request.ip }));
      try {
        const res = await app.inject({
          url: '/ip',
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
        });
        return res.json<{ ip: string }>().ip;
      } finally {
        await app.close();
      }
    };
    // The recipe: nginx on loopback replaces the header with the address it sees.
    expect(await ipWith('loopback', '198.51.100.7')).toBe('198.51.100.7');
    expect(await ipWith('true', '198.51.100.7')).toBe('198.51.100.7');
    // Were a client's header appended to ($proxy_add_x_forwarded_for), `loopback` still takes
    // the entry nginx wrote; `true` would believe the leftmost one, the client's own.
    expect(await ipWith('loopback', '203.0.113.66, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipWith('true', '203.0.113.66, 198.51.100.7')).toBe('203.0.113.66');
    // Not from a listed proxy: the socket's address, whatever the header says.
    expect(await ipWith('loopback', '203.0.113.66', '192.0.2.1')).toBe('192.0.2.1');
    expect(await ipWith('false', '203.0.113.66')).toBe('127.0.0.1');
  });
});

/** Whether systemd-analyze runs here (Debian with systemd; not in every container). */
const systemdAnalyze = (() => {
  try {
    execFileSync('systemd-analyze', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('deploy/systemd', () => {
  const unit = (name: string) => read(`deploy/systemd/${name}`);

  it('instances want the migration and start after it; it runs again on every start', async () => {
    const server = await unit('printomat-server@.service');
    const migrate = await unit('printomat-migrate.service');
    // Requires= would stop or restart every instance with it, and keep them down when it fails.
    expect(server).not.toMatch(/^Requires=/m);
    expect(server).toMatch(/^Wants=.*\bprintomat-migrate\.service\b/m);
    expect(server).toMatch(/^After=.*\bprintomat-migrate\.service\b/m);
    expect(migrate).toMatch(/^Type=oneshot$/m);
    // RemainAfterExit=yes: `systemctl start` on the still-active unit would migrate nothing.
    expect(migrate).not.toMatch(/^RemainAfterExit=/m);
    // The short host name: an FQDN can pass INSTANCE_NAME's 64 characters.
    expect(server).toMatch(/^Environment=INSTANCE_NAME=%l-%i$/m);
  });

  it('sandboxes both units, allowing the namespaces of unshare -rn to the server', async () => {
    for (const name of ['printomat-server@.service', 'printomat-migrate.service']) {
      const text = await unit(name);
      for (const line of [
        'NoNewPrivileges=yes',
        'CapabilityBoundingSet=',
        'ProtectSystem=strict',
        'ProtectHome=yes',
        'PrivateTmp=yes',
        'ProtectProc=invisible',
        'SystemCallArchitectures=native',
        'SystemCallFilter=@system-service',
      ])
        expect(text, name).toMatch(new RegExp(`^${line.replace(/[.@]/g, '\\$&')}$`, 'm'));
    }
    // LibreOffice runs inside `unshare -rn`: a user and a network namespace.
    expect(await unit('printomat-server@.service')).toMatch(/^RestrictNamespaces=user net$/m);
    expect(await unit('printomat-migrate.service')).toMatch(/^RestrictNamespaces=yes$/m);
  });

  it.skipIf(!systemdAnalyze)('systemd-analyze verify finds nothing to say', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-units-'));
    try {
      const node = await fs
        .access('/usr/bin/node')
        .then(() => '/usr/bin/node')
        .catch(() => process.execPath);
      const files = {
        'printomat-migrate.service': 'printomat-migrate.service',
        'printomat-server@3001.service': 'printomat-server@.service',
        'printomat-server@3002.service': 'printomat-server@.service',
        'printomat.target': 'printomat.target',
      };
      for (const [to, from] of Object.entries(files)) {
        const text = (await unit(from)).replaceAll('/usr/bin/node ', `${node} `);
        await fs.writeFile(path.join(dir, to), text);
      }
      const { stdout, stderr } = await run('systemd-analyze', [
        'verify',
        '--man=no',
        ...Object.keys(files).map((name) => path.join(dir, name)),
      ]);
      const said = `${stdout}${stderr}`.split('\n').filter((line) => line.includes(dir));
      expect(said).toEqual([]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('scripts/system-deps.sh', () => {
  /** The script with only a fake dpkg-query (postgresql-client not installed) and `commands` on PATH. */
  async function systemDeps(commands: string[]) {
    const bin = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-deps-'));
    try {
      const { stdout } = await run('sh', ['-c', 'command -v bash; command -v grep']);
      const [bash = 'bash', grep = 'grep'] = stdout.trim().split('\n');
      await fs.symlink(grep, path.join(bin, 'grep'));
      const script = (body: string) => `#!${bash}\n${body}\n`;
      await fs.writeFile(
        path.join(bin, 'dpkg-query'),
        script(
          'case "$3" in postgresql-client) echo "unknown ok not-installed";; *) echo "install ok installed";; esac',
        ),
        { mode: 0o755 },
      );
      for (const command of commands)
        await fs.writeFile(path.join(bin, command), script('exit 0'), { mode: 0o755 });
      return await run(bash, [path.join(REPO_ROOT, 'scripts/system-deps.sh'), '--test'], {
        env: { PATH: bin },
      }).then(
        ({ stdout: out, stderr }) => ({ code: 0, output: out + stderr }),
        (err: { code?: number; stdout?: string; stderr?: string }) => ({
          code: err.code,
          output: (err.stdout ?? '') + (err.stderr ?? ''),
        }),
      );
    } finally {
      await fs.rm(bin, { recursive: true, force: true });
    }
  }

  it('wants postgresql-client for the tests, present when pg_dump, pg_restore and createdb are', async () => {
    // No apt-get on this PATH: a missing package is named and the script fails.
    const without = await systemDeps([]);
    expect(without.code).toBe(1);
    expect(without.output).toContain('needs these system packages: postgresql-client');
    // The commands from any package (postgresql-client-15, PGDG's -17): nothing to install.
    expect(await systemDeps(['pg_dump', 'pg_restore', 'createdb'])).toEqual({
      code: 0,
      output: '',
    });
  });
});

describe('docs/deploy.md', () => {
  it('lists every setting config.ts reads', async () => {
    const doc = await read('docs/deploy.md');
    const keys = await configKeys();
    expect(keys.length).toBeGreaterThan(100);
    expect(keys.filter((key) => !doc.includes(`\`${key}\``))).toEqual([]);
  });
});

describe('scripts/check-engines.mjs', () => {
  let tree: string;
  beforeAll(async () => {
    tree = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-engines-'));
  });
  afterAll(() => fs.rm(tree, { recursive: true, force: true }));

  /** A made-up installation: our engines field and one installed package with its own. */
  async function install(ownRange: string, packageRange: string): Promise<void> {
    await fs.rm(tree, { recursive: true, force: true });
    await fs.mkdir(path.join(tree, 'node_modules', 'needs-node'), { recursive: true });
    await fs.writeFile(
      path.join(tree, 'package.json'),
      JSON.stringify({ name: 'x', engines: { node: ownRange } }),
    );
    await fs.writeFile(
      path.join(tree, 'package-lock.json'),
      JSON.stringify({
        lockfileVersion: 3,
        packages: {
          '': { name: 'x' },
          'node_modules/needs-node': { version: '1.0.0', engines: { node: packageRange } },
          'node_modules/other-platform': { version: '1.0.0', optional: true },
        },
      }),
    );
    await fs.writeFile(
      path.join(tree, 'node_modules', 'needs-node', 'package.json'),
      JSON.stringify({ name: 'needs-node', version: '1.0.0', engines: { node: packageRange } }),
    );
  }

  const check = () =>
    run(process.execPath, [path.join(REPO_ROOT, 'scripts/check-engines.mjs'), tree]).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (err: { code?: number; stderr?: string }) => ({ code: err.code, output: err.stderr ?? '' }),
    );

  const ours = '^20.19.0 || ^22.13.0 || >=24.11.0';

  it('passes packages that allow the lowest Node of each line we allow, fails one that does not', async () => {
    await install(ours, '^20.19.0 || ^22.13.0 || >=24');
    const ok = await check();
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.output).toContain('allow Node 20.19.0, 22.13.0, 24.11.0');
    await install(ours, '>=22');
    const tooNew = await check();
    expect(tooNew.code).toBe(1);
    expect(tooNew.output).toContain('needs-node@1.0.0 (runtime, node_modules/needs-node)');
    expect(tooNew.output).toContain('excludes 20.19.0');
    await install(ours, '^20.19.0 || >=22.14.0');
    expect((await check()).output).toContain('excludes 22.13.0');
    await install(ours, '^20.19.0 || ^22.12.0');
    expect((await check()).output).toContain('excludes 24.11.0');
    // A wide range of ours is checked at every major line in it, up to the LTS.
    await install('>=20.19', '^20.19.0 || >=22.12.0');
    const wide = await check();
    expect(wide.output).toContain('excludes 21.0.0');
    expect(wide.output).toContain('excludes 22.0.0');
    await install('>=20.19 <24', '>=18');
    expect((await check()).output).toContain('excludes the current LTS 24.11.0');
  });

  it('reads the Node line of every FROM, with --platform and a registry', async () => {
    await install(ours, '>=18');
    const docker = path.join(tree, 'deploy', 'docker');
    await fs.mkdir(docker, { recursive: true });
    await fs.writeFile(
      path.join(docker, 'server.Dockerfile'),
      'FROM --platform=$BUILDPLATFORM docker.io/library/node:24-bookworm-slim AS build\nFROM node:24.11.1-bookworm-slim\n',
    );
    expect(await check()).toMatchObject({ code: 0 });
    await fs.writeFile(
      path.join(docker, 'agent.Dockerfile'),
      'FROM --platform=linux/amd64 registry.example.com:5000/node:22-bookworm-slim\n',
    );
    expect((await check()).output).toContain(
      'deploy/docker/agent.Dockerfile: FROM node:22-bookworm-slim is not Node 24',
    );
  });
});

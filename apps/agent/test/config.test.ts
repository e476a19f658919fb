import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, agentSecret, loadConfig } from '../src/config.js';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-agent-config-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function write(name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, text);
  return file;
}

const problemsOf = async (promise: Promise<unknown>) => {
  const err = await promise.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ConfigError);
  return (err as ConfigError).problems;
};

describe('agent configuration', () => {
  it('reads KEY=VALUE files, with comments and quotes, and the environment overrides them', async () => {
    const file = await write(
      'agent.conf',
      [
        '# /etc/printomat-agent.conf',
        'PRINTOMAT_SERVER_URL=https://printomat.example',
        'PRINTOMAT_MINION_ID = kiosk-krakow-3',
        'PRINTER_URI="ipps://printer.local/ipp/print"',
        'PRINTER_USERNAME=kiosk',
        "PRINTER_PASSWORD='p=ss word'",
        `AGENT_STATE_DIR=${path.join(dir, 'state')}`,
        '',
      ].join('\n'),
    );
    const settings = await loadConfig({
      configPath: file,
      env: { PRINTER_URI: 'ipp://10.0.0.7:631/ipp/print' },
    });
    expect(settings).toEqual({
      serverUrl: 'https://printomat.example',
      minionId: 'kiosk-krakow-3',
      printerUri: 'ipp://10.0.0.7:631/ipp/print',
      stateDir: path.join(dir, 'state'),
      printerCredentials: { username: 'kiosk', password: 'p=ss word' },
      configFile: file,
    });
  });

  it('reads JSON files with the camelCase keys of earlier agents', async () => {
    const file = await write(
      'agent.json',
      JSON.stringify({
        serverUrl: 'http://127.0.0.1:3000',
        minionId: 'kiosk-1',
        secret: 'a-secret-of-enough-length',
        printerUri: 'ipp://127.0.0.1:631/ipp/print',
        stateDir: path.join(dir, 'json-state'),
      }),
    );
    const settings = await loadConfig({ env: { PRINTOMAT_AGENT_CONFIG: file } });
    expect(settings).toMatchObject({
      serverUrl: 'http://127.0.0.1:3000',
      secret: 'a-secret-of-enough-length',
      configFile: file,
    });
  });

  it('works from the environment alone when no file is named and the default is absent', async () => {
    const settings = await loadConfig({
      defaultConfigPath: path.join(dir, 'absent', 'printomat-agent.conf'),
      env: {
        PRINTOMAT_SERVER_URL: 'https://printomat.example',
        PRINTOMAT_MINION_ID: 'kiosk-2',
        PRINTER_URI: 'ipp://127.0.0.1/ipp/print',
        STATE_DIRECTORY: '/var/lib/printomat-agent',
      },
    });
    // systemd's StateDirectory= is the default state directory.
    expect(settings).toMatchObject({ stateDir: '/var/lib/printomat-agent', configFile: null });
  });

  it('lists every problem at once', async () => {
    const file = await write(
      'bad.conf',
      'PRINTER_URL=ipp://x/ipp/print\nthis line is wrong\nPRINTOMAT_SERVER_URL=ftp://x\n',
    );
    expect(await problemsOf(loadConfig({ configPath: file, env: {} }))).toEqual([
      `${file}:1: unknown setting PRINTER_URL (known: PRINTOMAT_SERVER_URL, PRINTOMAT_MINION_ID, ` +
        'PRINTOMAT_AGENT_SECRET, PRINTER_URI, PRINTER_USERNAME, PRINTER_PASSWORD, AGENT_STATE_DIR, ' +
        'PANEL_KEY, PANEL_LISTEN, PANEL_ALLOW_REMOTE, SCANNER_URL)',
      `${file}:2: expected KEY=VALUE`,
    ]);
    expect(
      await problemsOf(
        loadConfig({
          configPath: await write('empty.conf', ''),
          env: {
            PRINTOMAT_SERVER_URL: 'ftp://printomat.example',
            PRINTER_URI: 'lpd://printer/queue',
            PRINTOMAT_MINION_ID: 'a b',
            PRINTER_USERNAME: 'kiosk',
          },
        }),
      ),
    ).toEqual([
      'PRINTOMAT_SERVER_URL must start with http:// or https://: ftp://printomat.example',
      'PRINTER_URI must start with ipp:// or ipps:// or http:// or https://: lpd://printer/queue',
      'PRINTOMAT_MINION_ID must be 3 to 64 letters, digits, dots, dashes or underscores',
      'PRINTER_USERNAME is set but PRINTER_PASSWORD is not',
    ]);
    expect(await problemsOf(loadConfig({ configPath: path.join(dir, 'missing.conf') }))).toEqual([
      `config file ${path.join(dir, 'missing.conf')} does not exist`,
    ]);
    expect(await problemsOf(loadConfig({ configPath: await write('x.json', '{ nope') }))).toEqual([
      expect.stringContaining('not valid JSON'),
    ]);
  });

  it('makes a secret on first start and keeps it, readable by the agent only', async () => {
    const settings = await loadConfig({
      env: {
        PRINTOMAT_SERVER_URL: 'https://printomat.example',
        PRINTOMAT_MINION_ID: 'kiosk-3',
        PRINTER_URI: 'ipp://127.0.0.1/ipp/print',
        AGENT_STATE_DIR: path.join(dir, 'secret-state'),
      },
    });
    const secret = await agentSecret(settings);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(await agentSecret(settings)).toBe(secret);
    const mode = (await fs.stat(path.join(dir, 'secret-state', 'secret'))).mode & 0o777;
    expect(mode).toBe(0o600);
  });
});

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_PANEL_LISTEN, isLoopbackHost, parseListen } from './device/panel-gateway.js';
import { PRINTER_URI_SCHEMES } from './ipp/ipp-client.js';
import type { TPrinterCredentials } from './ipp/transport.js';

/**
 * The agent's settings: from a config file (KEY=VALUE lines, or JSON), each overridden by the
 * environment variable of the same name.
 *
 *   PRINTOMAT_SERVER_URL    the server, e.g. https://printomat.example
 *   PRINTOMAT_MINION_ID     this printer's agent id (what admins see among detected printers)
 *   PRINTOMAT_AGENT_SECRET  the secret; without one the agent makes one and keeps it in the
 *                           state directory, and shows up as a detected printer until registered
 *   PRINTER_URI             the local printer, e.g. ipp://192.168.1.20/ipp/print or ipps://...
 *   PRINTER_USERNAME        for a printer that asks for HTTP basic authentication
 *   PRINTER_PASSWORD
 *   AGENT_STATE_DIR         the journal of jobs, the secret, pinned certificates (default: systemd's
 *                           $STATE_DIRECTORY, else ./agent-state)
 *   PANEL_KEY               copying and scanning with ID + PIN at a multifunction device: the key
 *                           its panel app sends (X-Panel-Key); setting it starts the panel gateway
 *   PANEL_LISTEN            where the panel gateway listens (host:port, default 127.0.0.1:7631);
 *                           an address other than loopback needs PANEL_ALLOW_REMOTE=true
 *   PANEL_ALLOW_REMOTE      true: allow a PANEL_LISTEN reachable from the network (IDs, PINs
 *                           and the panel key then cross it as plain HTTP)
 *   SCANNER_URL             the device's eSCL scanner, e.g. http://192.168.1.20/eSCL (scans go
 *                           to the person's account); needs PANEL_KEY
 *
 * The file is --config, else $PRINTOMAT_AGENT_CONFIG, else /etc/printomat-agent.conf when it exists.
 */
export const DEFAULT_CONFIG_FILE = '/etc/printomat-agent.conf';

const KEYS = {
  PRINTOMAT_SERVER_URL: 'serverUrl',
  PRINTOMAT_MINION_ID: 'minionId',
  PRINTOMAT_AGENT_SECRET: 'secret',
  PRINTER_URI: 'printerUri',
  PRINTER_USERNAME: 'printerUsername',
  PRINTER_PASSWORD: 'printerPassword',
  AGENT_STATE_DIR: 'stateDir',
  PANEL_KEY: 'panelKey',
  PANEL_LISTEN: 'panelListen',
  PANEL_ALLOW_REMOTE: 'panelAllowRemote',
  SCANNER_URL: 'scannerUrl',
} as const;
type TKey = keyof typeof KEYS;
const KEY_NAMES = Object.keys(KEYS) as TKey[];
/** JSON files may also use the camelCase names (the agent's first config files did). */
const CAMEL_TO_KEY = new Map<string, TKey>(KEY_NAMES.map((key) => [KEYS[key], key]));

export interface TAgentSettings {
  serverUrl: string;
  minionId: string;
  /** Absent: made on first start and kept in the state directory (see agentSecret). */
  secret?: string;
  printerUri: string;
  stateDir: string;
  printerCredentials?: TPrinterCredentials;
  /**
   * The panel gateway (copy and scan with ID + PIN), when PANEL_KEY is set. `remote`: it listens
   * on an address other than loopback (allowed by PANEL_ALLOW_REMOTE=true).
   */
  panel?: { key: string; listen: string; remote?: true };
  /** The device's eSCL scanner root (SCANNER_URL). */
  scannerUrl?: string;
  /** The file read, or null when all came from the environment. */
  configFile: string | null;
}

/** What is wrong with the settings, every problem at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`agent configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

const MINION_ID = /^[A-Za-z0-9._-]{3,64}$/;

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && (v[0] === '"' || v[0] === "'") && v.at(-1) === v[0]) return v.slice(1, -1);
  return v;
}

/** Reads a config file's text: JSON when it starts with `{`, else KEY=VALUE lines (# comments). */
export function parseConfigText(text: string, file: string): Partial<Record<TKey, string>> {
  const out: Partial<Record<TKey, string>> = {};
  const problems: string[] = [];
  const take = (name: string, value: unknown, where: string) => {
    const key = (KEY_NAMES as string[]).includes(name) ? (name as TKey) : CAMEL_TO_KEY.get(name);
    if (!key) problems.push(`${where}: unknown setting ${name} (known: ${KEY_NAMES.join(', ')})`);
    else if (typeof value !== 'string') problems.push(`${where}: ${name} must be text`);
    else out[key] = value;
  };
  if (text.trimStart().startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw new ConfigError([`${file}: not valid JSON (${(err as Error).message})`]);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new ConfigError([`${file}: expected a JSON object`]);
    for (const [name, value] of Object.entries(parsed)) take(name, value, file);
  } else {
    text.split(/\r?\n/).forEach((raw, i) => {
      const line = raw.trim();
      if (line === '' || line.startsWith('#')) return;
      const eq = line.indexOf('=');
      if (eq <= 0) {
        problems.push(`${file}:${i + 1}: expected KEY=VALUE`);
        return;
      }
      take(line.slice(0, eq).trim(), unquote(line.slice(eq + 1)), `${file}:${i + 1}`);
    });
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return out;
}

async function readConfigFile(
  configPath: string | undefined,
  env: NodeJS.ProcessEnv,
  defaultPath: string,
): Promise<{ file: string | null; values: Partial<Record<TKey, string>> }> {
  const explicit = configPath ?? env.PRINTOMAT_AGENT_CONFIG;
  const file = path.resolve(explicit ?? defaultPath);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // Without a file named anywhere, the environment alone may configure the agent.
    if (code === 'ENOENT' && explicit === undefined) return { file: null, values: {} };
    throw new ConfigError([
      code === 'ENOENT'
        ? `config file ${file} does not exist`
        : code === 'EACCES'
          ? `config file ${file} cannot be read by this user (it should be readable by the agent's user only)`
          : `config file ${file}: ${(err as Error).message}`,
    ]);
  }
  return { file, values: parseConfigText(text, file) };
}

function checkUrl(value: string, name: string, schemes: string[], problems: string[]): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`${name} is not a URL: ${value}`);
    return;
  }
  if (!schemes.includes(url.protocol))
    problems.push(`${name} must start with ${schemes.map((s) => `${s}//`).join(' or ')}: ${value}`);
}

/**
 * The settings from the config file and the environment; throws ConfigError listing problems.
 * `defaultConfigPath` (DEFAULT_CONFIG_FILE unless given) is read when it exists and no file is
 * named; tests name a path of their own so the machine's /etc does not decide the outcome.
 */
export async function loadConfig(
  options: { configPath?: string; env?: NodeJS.ProcessEnv; defaultConfigPath?: string } = {},
): Promise<TAgentSettings> {
  const env = options.env ?? process.env;
  const { file, values } = await readConfigFile(
    options.configPath,
    env,
    options.defaultConfigPath ?? DEFAULT_CONFIG_FILE,
  );
  const get = (key: TKey): string | undefined => {
    const value = env[key] ?? values[key];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  const problems: string[] = [];
  const serverUrl = get('PRINTOMAT_SERVER_URL');
  const printerUri = get('PRINTER_URI');
  const minionId = get('PRINTOMAT_MINION_ID');
  const username = get('PRINTER_USERNAME');
  const password = env.PRINTER_PASSWORD ?? values.PRINTER_PASSWORD;
  if (!serverUrl) problems.push('PRINTOMAT_SERVER_URL is not set');
  else checkUrl(serverUrl, 'PRINTOMAT_SERVER_URL', ['http:', 'https:'], problems);
  if (!printerUri)
    problems.push('PRINTER_URI is not set (`printomat-agent discover` lists printers nearby)');
  else checkUrl(printerUri, 'PRINTER_URI', PRINTER_URI_SCHEMES, problems);
  if (!minionId) problems.push('PRINTOMAT_MINION_ID is not set');
  else if (!MINION_ID.test(minionId))
    problems.push(
      'PRINTOMAT_MINION_ID must be 3 to 64 letters, digits, dots, dashes or underscores',
    );
  const secret = get('PRINTOMAT_AGENT_SECRET');
  if (secret !== undefined && (secret.length < 16 || secret.length > 200))
    problems.push('PRINTOMAT_AGENT_SECRET must be 16 to 200 characters');
  if (username !== undefined && !password)
    problems.push('PRINTER_USERNAME is set but PRINTER_PASSWORD is not');
  if (username === undefined && password)
    problems.push('PRINTER_PASSWORD is set but PRINTER_USERNAME is not');
  if (username?.includes(':')) problems.push('PRINTER_USERNAME cannot contain ":"');
  const panelKey = get('PANEL_KEY');
  const panelListen = get('PANEL_LISTEN');
  const scannerUrl = get('SCANNER_URL');
  const allowRemote = get('PANEL_ALLOW_REMOTE');
  let remote = false;
  if (allowRemote !== undefined && !['true', 'false'].includes(allowRemote.toLowerCase()))
    problems.push(`PANEL_ALLOW_REMOTE must be true or false: ${allowRemote}`);
  if (panelKey !== undefined && (panelKey.length < 16 || panelKey.length > 200))
    problems.push('PANEL_KEY must be 16 to 200 characters');
  if (panelListen !== undefined) {
    if (!panelKey) problems.push('PANEL_LISTEN is set but PANEL_KEY is not');
    try {
      remote = !isLoopbackHost(parseListen(panelListen).host);
      if (remote && allowRemote?.toLowerCase() !== 'true')
        problems.push(
          `PANEL_LISTEN ${panelListen} is reachable from the network, where IDs, PINs and the ` +
            'panel key would cross it as plain HTTP: listen on 127.0.0.1 (reach it through a ' +
            'tunnel), or set PANEL_ALLOW_REMOTE=true to accept that',
        );
    } catch {
      problems.push(`PANEL_LISTEN must be host:port (e.g. 127.0.0.1:7631): ${panelListen}`);
    }
  }
  if (scannerUrl !== undefined) {
    if (!panelKey)
      problems.push('SCANNER_URL is set but PANEL_KEY is not (scans start at the panel)');
    checkUrl(scannerUrl, 'SCANNER_URL', ['http:', 'https:'], problems);
  }
  if (problems.length > 0 || !serverUrl || !printerUri || !minionId)
    throw new ConfigError(problems);
  const stateDir = path.resolve(get('AGENT_STATE_DIR') ?? env.STATE_DIRECTORY ?? 'agent-state');
  return {
    serverUrl,
    minionId,
    ...(secret ? { secret } : {}),
    printerUri,
    stateDir,
    ...(username && password ? { printerCredentials: { username, password } } : {}),
    ...(panelKey
      ? {
          panel: {
            key: panelKey,
            listen: panelListen ?? DEFAULT_PANEL_LISTEN,
            ...(remote ? { remote: true as const } : {}),
          },
        }
      : {}),
    ...(scannerUrl ? { scannerUrl } : {}),
    configFile: file,
  };
}

const secretFile = (stateDir: string) => path.join(stateDir, 'secret');

/** The configured secret, else the one kept in the state directory, if any. */
export async function existingSecret(settings: TAgentSettings): Promise<string | undefined> {
  if (settings.secret) return settings.secret;
  const kept = await fs.readFile(secretFile(settings.stateDir), 'utf8').catch(() => undefined);
  return kept?.trim() || undefined;
}

/** The secret the agent presents; made and kept (readable by the agent only) on first start. */
export async function agentSecret(settings: TAgentSettings): Promise<string> {
  const existing = await existingSecret(settings);
  if (existing) return existing;
  const secret = randomBytes(32).toString('base64url');
  await fs.mkdir(settings.stateDir, { recursive: true, mode: 0o700 });
  await fs.writeFile(secretFile(settings.stateDir), secret, { mode: 0o600 });
  return secret;
}

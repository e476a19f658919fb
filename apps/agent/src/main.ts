import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { PrinterAgent, consoleLog } from './agent.js';

/**
 * Starts the printer agent. Settings come from a JSON file (--config) and/or the environment:
 *   PRINTOMAT_SERVER_URL  the server, e.g. https://printomat.example
 *   PRINTOMAT_MINION_ID   this printer's agent id (what admins see among detected printers)
 *   PRINTOMAT_AGENT_SECRET  the secret; without one the agent makes one and keeps it in the
 *                         state directory, and shows up as a detected printer until registered
 *   PRINTER_URI           the local printer, e.g. ipp://127.0.0.1:631/ipp/print
 *   AGENT_STATE_DIR       where the journal of jobs lives (default ./agent-state)
 */
interface TFileConfig {
  serverUrl?: string;
  minionId?: string;
  secret?: string;
  printerUri?: string;
  stateDir?: string;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { config: { type: 'string' } } });
  const file: TFileConfig = values.config
    ? (JSON.parse(await fs.readFile(values.config, 'utf8')) as TFileConfig)
    : {};
  const env = process.env;
  const serverUrl = env.PRINTOMAT_SERVER_URL ?? file.serverUrl;
  const printerUri = env.PRINTER_URI ?? file.printerUri;
  const stateDir = path.resolve(env.AGENT_STATE_DIR ?? file.stateDir ?? 'agent-state');
  const minionId = env.PRINTOMAT_MINION_ID ?? file.minionId;
  const missing = [
    ...(serverUrl ? [] : ['PRINTOMAT_SERVER_URL']),
    ...(printerUri ? [] : ['PRINTER_URI']),
    ...(minionId ? [] : ['PRINTOMAT_MINION_ID']),
  ];
  if (missing.length > 0 || !serverUrl || !printerUri || !minionId) {
    console.error(`printer agent: missing settings: ${missing.join(', ')}`);
    process.exit(2);
  }
  let secret = env.PRINTOMAT_AGENT_SECRET ?? file.secret;
  if (!secret) {
    const secretFile = path.join(stateDir, 'secret');
    secret = await fs.readFile(secretFile, 'utf8').catch(() => undefined);
    if (!secret) {
      secret = randomBytes(32).toString('base64url');
      await fs.mkdir(stateDir, { recursive: true });
      await fs.writeFile(secretFile, secret, { mode: 0o600 });
    }
    secret = secret.trim();
  }
  const agent = new PrinterAgent({
    serverUrl,
    printerUri,
    stateDir,
    minionId,
    secret,
    log: consoleLog,
  });
  await agent.start();
  consoleLog.info('printer agent started', { serverUrl, printerUri, minionId });
  const stop = () => {
    void agent.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface TAgentProcess {
  output: () => string;
  /** SIGKILL: the agent gets no chance to tidy up, as when a kiosk loses power. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** The printer agent as it runs at a kiosk: its own process, started with its one command. */
export function startAgentProcess(env: {
  serverUrl: string;
  printerUri: string;
  minionId: string;
  stateDir: string;
}): TAgentProcess {
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/agent/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PRINTOMAT_SERVER_URL: env.serverUrl,
        PRINTER_URI: env.printerUri,
        PRINTOMAT_MINION_ID: env.minionId,
        AGENT_STATE_DIR: env.stateDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  return { output: () => output, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

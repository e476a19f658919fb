import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../config';
import type { TAppContext } from '../context';
import { issueAgentSecret } from '../modules/agents/agents.service';
import { findPrinterByCode } from '../modules/printers/printers.repo';
import { DEMO_KIOSK_CODE } from '../seed/demo-data';

const MINION_ID = 'demo-kiosk';

export interface TDemoKiosk {
  code: string;
  printedFilesDir: string;
  stop(): Promise<void>;
}

function hasCommand(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Development only: gives the demo printer an agent secret (kept in DATA_DIR/kiosk/agent.json)
 * and starts the demo kiosk (ippeveprinter + agent) as a child process. Returns null, after
 * saying why, when the demo data or the IPP printer program is missing.
 */
export async function startDemoKiosk(
  ctx: TAppContext,
  serverUrl: string,
): Promise<TDemoKiosk | null> {
  const printer = await findPrinterByCode(ctx.db, DEMO_KIOSK_CODE);
  if (!printer) {
    ctx.log.info('demo kiosk not started: the demo printer is not in the database');
    return null;
  }
  if (!hasCommand('ippeveprinter') || !hasCommand('dbus-daemon')) {
    ctx.log.warn(
      'demo kiosk not started: install cups-ipp-utils and dbus (scripts/system-deps.sh does)',
    );
    return null;
  }
  const dir = path.join(ctx.config.dataDir, 'kiosk');
  const configFile = path.join(dir, 'agent.json');
  await fs.mkdir(dir, { recursive: true });
  const saved = await fs
    .readFile(configFile, 'utf8')
    .then((text) => JSON.parse(text) as { minionId?: string; serverUrl?: string; secret?: string })
    .catch(() => undefined);
  let credentials = saved?.secret && saved.minionId === printer.minion_id ? saved : undefined;
  if (!credentials) {
    const issued = await issueAgentSecret(ctx, null, printer.id, MINION_ID);
    credentials = { minionId: issued.minionId, secret: issued.secret };
  }
  await fs.writeFile(configFile, JSON.stringify({ ...credentials, serverUrl }, null, 2), {
    mode: 0o600,
  });
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'apps/agent/src/kiosk/demo-kiosk.ts'), '--dir', dir],
    { cwd: REPO_ROOT, stdio: ['pipe', 'inherit', 'inherit'] },
  );
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal === null) ctx.log.warn({ code }, 'demo kiosk stopped');
  });
  return {
    code: printer.direct_print_code,
    printedFilesDir: path.join(dir, 'printer', 'spool'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

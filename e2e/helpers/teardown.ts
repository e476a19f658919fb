import fs from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import type { TestPrinter } from '../../apps/agent/src/kiosk/ipp-printer';
import type { TAgentProcess } from './agent-process';
import type { TRunningServer } from './server';

/**
 * Stops what a browser test file started (whichever parts did start), agent first and server
 * last, then removes its scratch folder.
 */
export async function stopAll(parts: {
  agent?: TAgentProcess | undefined;
  browser?: Browser | undefined;
  printer?: TestPrinter | undefined;
  server?: TRunningServer | undefined;
  dir?: string | undefined;
}): Promise<void> {
  await parts.agent?.stop();
  await parts.browser?.close();
  await parts.printer?.stop();
  await parts.server?.stop();
  if (parts.dir) await fs.rm(parts.dir, { recursive: true, force: true });
}

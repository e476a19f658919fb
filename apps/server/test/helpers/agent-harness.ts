import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PrinterAgent, type TAgentLog } from '../../../agent/src/agent';
import { startTestPrinter, type TestPrinter } from '../../../agent/src/kiosk/ipp-printer';
import { EsclScanner, PanelGateway } from '../../../agent/src/device';
import {
  startSimulatedScanner,
  type SimulatedEsclScanner,
  type TSimulatedScannerOptions,
} from '../../../agent/src/kiosk/escl-scanner';
import { SimulatedPanel } from '../../../agent/src/kiosk/simulated-panel';
import { issueAgentSecret } from '../../src/modules/agents/agents.service';
import { seedDemoData } from '../../src/seed/seed';
import { createTestApp, type TTestApp } from './test-app';

/** Złote Tarasy's code in the demo data: the kiosk the agent tests drive. */
export const KIOSK_CODE = '418273';

/** Agents in tests are silent, unless AGENT_LOG is set. */
export const quietAgentLog: TAgentLog = process.env.AGENT_LOG
  ? { info: console.log, warn: console.log, error: console.log }
  : { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface TAgentHarness {
  t: TTestApp;
  serverUrl: string;
  printer: TestPrinter;
  printerId: number;
  credentials: { minionId: string; secret: string };
  /** A real agent against the server and (by default) the real IPP printer; stopped by stopAgents. */
  startAgent(options?: {
    stateDir?: string;
    minionId?: string;
    secret?: string;
    printerUri?: string;
    /** How long a job waits at a printer in error (the agent's default: 45 s). */
    printerErrorWaitMs?: number;
  }): Promise<PrinterAgent>;
  /**
   * The device side of copying and scanning in front of a running agent: the agent's panel
   * gateway on 127.0.0.1 (a free port), a simulated eSCL scanner, and a simulated panel driving
   * the gateway. Stopped by stopAgents (before the agents).
   */
  startDevice(
    agent: PrinterAgent,
    options?: { scanner?: TSimulatedScannerOptions; authorizeTimeoutMs?: number },
  ): Promise<{ panel: SimulatedPanel; scanner: SimulatedEsclScanner; gateway: PanelGateway }>;
  stopAgents(): Promise<void>;
  close(): Promise<void>;
}

const PANEL_KEY = 'test-panel-key-0123456789abcdef';

/**
 * The server on a real port with the demo data, a real IPP printer (ippeveprinter), and the demo
 * kiosk given an agent secret under `minionName`: what the tests of the agent link start from.
 */
export async function startAgentHarness(minionName: string): Promise<TAgentHarness> {
  const t = await createTestApp();
  await seedDemoData(t.ctx.db);
  const serverUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const printer = await startTestPrinter();
  const { id: printerId } = await t.ctx.db
    .selectFrom('printers')
    .select('id')
    .where('direct_print_code', '=', KIOSK_CODE)
    .executeTakeFirstOrThrow();
  const credentials = await issueAgentSecret(t.ctx, null, printerId, minionName);
  const agents: PrinterAgent[] = [];
  const dirs: string[] = [];
  const devices: Array<() => Promise<void>> = [];
  const stopDevices = async () => {
    for (const stop of devices.splice(0)) await stop();
  };
  return {
    t,
    serverUrl,
    printer,
    printerId,
    credentials,
    async startAgent(options = {}) {
      const stateDir =
        options.stateDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-agent-')));
      dirs.push(stateDir);
      const agent = new PrinterAgent({
        serverUrl,
        printerUri: options.printerUri ?? printer.uri,
        stateDir,
        minionId: options.minionId ?? credentials.minionId,
        secret: options.secret ?? credentials.secret,
        log: quietAgentLog,
        minReconnectMs: 50,
        maxReconnectMs: 200,
        ...(options.printerErrorWaitMs ? { printerErrorWaitMs: options.printerErrorWaitMs } : {}),
      });
      agents.push(agent);
      await agent.start();
      return agent;
    },
    async startDevice(agent, options = {}) {
      const scanner = await startSimulatedScanner(options.scanner);
      const gateway = new PanelGateway({
        link: agent,
        scanner: new EsclScanner({ baseUrl: scanner.url }),
        panelKey: PANEL_KEY,
        listen: '127.0.0.1:0',
        log: quietAgentLog,
        ...(options.authorizeTimeoutMs ? { authorizeTimeoutMs: options.authorizeTimeoutMs } : {}),
      });
      const { url } = await gateway.start();
      devices.push(async () => {
        await gateway.stop();
        await scanner.stop();
      });
      return { panel: new SimulatedPanel(url, PANEL_KEY), scanner, gateway };
    },
    async stopAgents() {
      await stopDevices();
      for (const agent of agents.splice(0)) await agent.stop();
    },
    async close() {
      await stopDevices();
      for (const agent of agents.splice(0)) await agent.stop();
      await printer.stop();
      await t.close();
      for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

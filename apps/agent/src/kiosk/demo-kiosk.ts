import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PrinterAgent, consoleLog } from '../agent.js';
import { EsclScanner, PanelGateway } from '../device/index.js';
import { startSimulatedScanner } from './escl-scanner.js';
import { startTestPrinter } from './ipp-printer.js';

/**
 * The demo kiosk that `npm start` brings up beside the server: a real IPP printer
 * (ippeveprinter) with the printer agent in front of it, so one can print end to end on one
 * machine. Printed files stay in `<dir>/printer/spool`, their IPP attributes in
 * `<dir>/printer/jobs.jsonl`. The server writes `<dir>/agent.json` (server URL, minion id,
 * secret) before starting this. DEMO_KIOSK_PRINTER_FORMATS (comma-separated MIME types, default
 * application/pdf) sets what the printer accepts: `image/pwg-raster` makes it a printer that
 * takes only PWG raster, as many IPP Everywhere printers are, so the agent renders rasters.
 *
 * The kiosk is also a copier and scanner: a simulated eSCL scanner and the agent's panel gateway
 * (on 127.0.0.1, port DEMO_KIOSK_PANEL_PORT, default 7631) start with it. The panel key is
 * `panelKey` in agent.json, else made here and written to `<dir>/panel.json` with the gateway's
 * address, so a simulated panel (kiosk/simulated-panel.ts) or curl can sign in with ID + PIN.
 */
interface TKioskConfig {
  serverUrl: string;
  minionId: string;
  secret: string;
  panelKey?: string;
}

const MIME_TYPE = /^[a-z]+\/[a-z0-9][a-z0-9.+-]*$/;

/** The printer's formats from DEMO_KIOSK_PRINTER_FORMATS; a wrong value stops the kiosk. */
function printerFormats(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return ['application/pdf'];
  const formats = value.split(',').map((f) => f.trim().toLowerCase());
  const bad = formats.filter((f) => !MIME_TYPE.test(f));
  if (bad.length > 0)
    throw new Error(
      `DEMO_KIOSK_PRINTER_FORMATS: not MIME types: ${bad.join(', ')} ` +
        '(expected e.g. application/pdf or image/pwg-raster, comma-separated)',
    );
  return formats;
}

/** The panel gateway's port from DEMO_KIOSK_PANEL_PORT (0: any free port). */
function panelPort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 7631;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`DEMO_KIOSK_PANEL_PORT: not a port number: ${value}`);
  return port;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { dir: { type: 'string' } } });
  if (!values.dir) throw new Error('usage: demo-kiosk --dir <kiosk directory>');
  const dir = path.resolve(values.dir);
  const config = JSON.parse(
    await fs.readFile(path.join(dir, 'agent.json'), 'utf8'),
  ) as TKioskConfig;
  const formats = printerFormats(process.env.DEMO_KIOSK_PRINTER_FORMATS);
  const printer = await startTestPrinter({
    dir: path.join(dir, 'printer'),
    name: 'PrintomatDemoKiosk',
    formats,
  });
  const agent = new PrinterAgent({
    serverUrl: config.serverUrl,
    minionId: config.minionId,
    secret: config.secret,
    printerUri: printer.uri,
    stateDir: path.join(dir, 'agent-state'),
    log: consoleLog,
  });
  await agent.start();
  const scanner = await startSimulatedScanner({ pages: 2 });
  const panelFile = path.join(dir, 'panel.json');
  const kept = await fs
    .readFile(panelFile, 'utf8')
    .then((text) => (JSON.parse(text) as { panelKey?: string }).panelKey)
    .catch(() => undefined);
  const panelKey = config.panelKey ?? kept ?? randomBytes(24).toString('base64url');
  const gatewayOn = (port: number) =>
    new PanelGateway({
      link: agent,
      scanner: new EsclScanner({ baseUrl: scanner.url }),
      panelKey,
      listen: `127.0.0.1:${port}`,
      log: consoleLog,
    });
  let gateway = gatewayOn(panelPort(process.env.DEMO_KIOSK_PANEL_PORT));
  // Printing must not depend on the panel: a port in use (another demo) takes a free one.
  const panel = await gateway.start().catch(async (err: unknown) => {
    consoleLog.warn('panel gateway port taken: listening on a free port instead', {
      error: err instanceof Error ? err.message : String(err),
    });
    gateway = gatewayOn(0);
    return gateway.start();
  });
  await fs.writeFile(
    panelFile,
    JSON.stringify({ url: panel.url, panelKey, scanner: scanner.url }, null, 2),
    { mode: 0o600 },
  );
  consoleLog.info('demo kiosk ready', {
    printer: printer.uri,
    formats,
    printedFiles: printer.spoolDir,
    panelGateway: panel.url,
    scanner: scanner.url,
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void gateway
      .stop()
      .then(() => scanner.stop())
      .then(() => agent.stop())
      .then(() => printer.stop())
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // The server started us: when it goes away, so do we.
  process.stdin.on('end', stop);
  process.stdin.resume();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PrinterAgent, consoleLog } from '../agent.js';
import { startTestPrinter } from './ipp-printer.js';

/**
 * The demo kiosk that `npm start` brings up beside the server: a real IPP printer
 * (ippeveprinter) with the printer agent in front of it, so one can print end to end on one
 * machine. Printed files stay in `<dir>/printer/spool`, their IPP attributes in
 * `<dir>/printer/jobs.jsonl`. The server writes `<dir>/agent.json` (server URL, minion id,
 * secret) before starting this. DEMO_KIOSK_PRINTER_FORMATS (comma-separated MIME types, default
 * application/pdf) sets what the printer accepts: `image/pwg-raster` makes it a printer that
 * takes only PWG raster, as many IPP Everywhere printers are, so the agent renders rasters.
 */
interface TKioskConfig {
  serverUrl: string;
  minionId: string;
  secret: string;
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
  consoleLog.info('demo kiosk ready', {
    printer: printer.uri,
    formats,
    printedFiles: printer.spoolDir,
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void agent
      .stop()
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

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile, chmod, mkdir } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PrintedJob {
  /** The job's IPP_* environment variables as seen by the -c command. */
  env: Record<string, string>;
  /** Spooled document path (kept because of -k). */
  file: string;
}

/**
 * A real IPP Everywhere printer on this machine: Debian's `ippeveprinter` (cups-ipp-utils), which
 * the demo kiosk and the tests print to. Every job's document (PDF or raster) is kept in the
 * spool directory and its IPP attributes are appended to `jobs.jsonl`, so one can see exactly
 * what was printed.
 */
export interface TestPrinter {
  uri: string;
  /** The same printer over TLS (answers only when started with keysDir). */
  ippsUri: string;
  port: number;
  spoolDir: string;
  /** Jobs the print command has seen so far (one JSON line per job). */
  printedJobs(): Promise<PrintedJob[]>;
  /** While true, the print command exits non-zero (the job fails). */
  setFailing(fail: boolean): Promise<void>;
  /** How long the print command takes per job. */
  setJobDurationMs(ms: number): Promise<void>;
  /**
   * Lines the print command writes to ippeveprinter at the start of each job (until changed):
   * `STATE: +media-empty-error` sets a printer-state-reason (it stays after the job; `-` clears
   * it), `ATTR: job-impressions-completed=3` says how many faces came out so far.
   */
  setCommandMessages(lines: readonly string[]): Promise<void>;
  stop(): Promise<void>;
}

const JOB_SCRIPT = (dir: string) => `#!${process.execPath}
const fs = require('node:fs');
const path = require('node:path');
const dir = ${JSON.stringify(dir)};
const env = {};
for (const [k, v] of Object.entries(process.env)) if (k.startsWith('IPP_')) env[k] = v;
fs.appendFileSync(path.join(dir, 'jobs.jsonl'), JSON.stringify({ env, file: process.argv[2] }) + '\\n');
let ms = 0;
try { ms = Number(fs.readFileSync(path.join(dir, 'duration-ms'), 'utf8')) || 0; } catch {}
try { process.stderr.write(fs.readFileSync(path.join(dir, 'messages'), 'utf8')); } catch {}
const fail = fs.existsSync(path.join(dir, 'fail'));
setTimeout(() => process.exit(fail ? 1 : 0), ms);
`;

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}

async function startDbus(): Promise<{ child: ChildProcess; address: string }> {
  const child = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(out.slice(0, nl).trim());
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`dbus-daemon exited with ${String(code)}`)));
  });
  return { child, address };
}

export async function startTestPrinter(
  opts: {
    name?: string;
    log?: boolean;
    /** Keep the printer's files here (kept after stop); default: a temporary directory. */
    dir?: string;
    port?: number;
    /**
     * Document formats it accepts (ippeveprinter -f), default application/pdf; e.g.
     * image/pwg-raster for a printer that takes only PWG raster, as many IPP Everywhere ones do.
     */
    formats?: readonly string[];
    /** A colour printer (its rasters may be sRGB); default monochrome. */
    color?: boolean;
    /**
     * Where ippeveprinter keeps its TLS certificate and key (-K): it makes a self-signed one there
     * if none is, and then also answers ipps:// on its port. Another directory: another certificate.
     */
    keysDir?: string;
  } = {},
): Promise<TestPrinter> {
  const keep = opts.dir !== undefined;
  const dir = opts.dir ?? (await mkdtemp(path.join(os.tmpdir(), 'printomat-ipp-')));
  const spoolDir = path.join(dir, 'spool');
  await mkdir(spoolDir, { recursive: true });
  if (opts.keysDir) await mkdir(opts.keysDir, { recursive: true });
  const removeDir = () => (keep ? Promise.resolve() : rm(dir, { recursive: true, force: true }));
  const script = path.join(dir, 'print-command.cjs');
  await writeFile(script, JOB_SCRIPT(dir));
  await chmod(script, 0o755);

  let dbus: ChildProcess | undefined;
  let printer: ChildProcess | undefined;
  try {
    const bus = await startDbus();
    dbus = bus.child;
    const port = opts.port ?? (await freePort());
    printer = spawn(
      'ippeveprinter',
      [
        ...['-n', 'localhost', '-p', String(port), '-r', 'off'],
        ...['-d', spoolDir, '-k', '-c', script],
        ...(opts.keysDir ? ['-K', opts.keysDir] : []),
        ...['-f', (opts.formats ?? ['application/pdf']).join(','), '-2'],
        // A colour speed (pages per minute) is what makes ippeveprinter a colour printer.
        ...(opts.color ? ['-s', '10,5'] : []),
        ...['-M', 'Printomat', '-m', 'Test Printer'],
        opts.name ?? 'PrintomatTest',
      ],
      {
        env: {
          ...process.env,
          DBUS_SYSTEM_BUS_ADDRESS: bus.address,
          DBUS_SESSION_BUS_ADDRESS: bus.address,
        },
        stdio: ['ignore', opts.log ? 'inherit' : 'ignore', opts.log ? 'inherit' : 'ignore'],
      },
    );
    const started = printer;
    let exited = false;
    started.once('exit', () => (exited = true));
    const deadline = Date.now() + 10_000;
    while (!(await canConnect(port))) {
      if (exited) throw new Error('ippeveprinter exited during start-up');
      if (Date.now() > deadline) throw new Error('ippeveprinter did not start listening');
      await new Promise((r) => setTimeout(r, 50));
    }
    const dbusChild = dbus;
    return {
      uri: `ipp://127.0.0.1:${port}/ipp/print`,
      ippsUri: `ipps://127.0.0.1:${port}/ipp/print`,
      port,
      spoolDir,
      async printedJobs() {
        let text: string;
        try {
          text = await readFile(path.join(dir, 'jobs.jsonl'), 'utf8');
        } catch {
          return [];
        }
        return text
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as PrintedJob);
      },
      async setFailing(fail) {
        const marker = path.join(dir, 'fail');
        if (fail) await writeFile(marker, '');
        else await rm(marker, { force: true });
      },
      async setJobDurationMs(ms) {
        await writeFile(path.join(dir, 'duration-ms'), String(ms));
      },
      async setCommandMessages(lines) {
        await writeFile(path.join(dir, 'messages'), lines.map((l) => `${l}\n`).join(''));
      },
      async stop() {
        await kill(started);
        await kill(dbusChild);
        await removeDir();
      },
    };
  } catch (err) {
    if (printer) await kill(printer);
    if (dbus) await kill(dbus);
    await removeDir();
    throw err;
  }
}

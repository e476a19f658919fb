import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverPrinters, formatDiscovery, parseIppfindOutput } from '../src/cli/discover.js';
import { runDoctor } from '../src/cli/doctor.js';
import type { TAgentSettings } from '../src/config.js';
import { type TestPrinter, startTestPrinter } from '../src/kiosk/ipp-printer.js';
import { AGENT_VERSION } from '../src/version.js';

const run = promisify(execFile);
const AGENT_DIR = path.resolve(import.meta.dirname, '..');

let dir: string;
let command: string;
let pdfPrinter: TestPrinter;
let rasterPrinter: TestPrinter;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-agent-command-'));
  // Built as it is shipped: one file, run by Node from a directory without node_modules.
  await run(process.execPath, [path.join(AGENT_DIR, 'build.mjs'), '--outdir', dir]);
  command = path.join(dir, 'printomat-agent.js');
  [pdfPrinter, rasterPrinter] = await Promise.all([
    startTestPrinter(),
    startTestPrinter({ formats: ['image/pwg-raster'], color: true }),
  ]);
}, 60_000);
afterAll(async () => {
  await pdfPrinter?.stop();
  await rasterPrinter?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

/** Runs the built command; resolves with its exit code and output whatever the code. */
async function agentCommand(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(command, args, {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

const settings = (printerUri: string): TAgentSettings => ({
  // Nothing listens on port 9 (discard): the server is down.
  serverUrl: 'http://127.0.0.1:9',
  minionId: 'kiosk-doctor',
  secret: 'a-secret-long-enough',
  printerUri,
  stateDir: dir,
  configFile: null,
});

describe('the printomat-agent command', () => {
  it('is a plain JavaScript file with a shebang that tells its version', async () => {
    const text = await fs.readFile(command, 'utf8');
    expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
    const pkg = JSON.parse(await fs.readFile(path.join(AGENT_DIR, 'package.json'), 'utf8')) as {
      version: string;
      bin: Record<string, string>;
    };
    expect(pkg.bin['printomat-agent']).toBe('dist/printomat-agent.js');
    expect(AGENT_VERSION).toBe(pkg.version);
    expect(await agentCommand(['--version'])).toEqual({ code: 0, out: `${pkg.version}\n` });
  });

  it('explains a configuration with problems and exits 2', async () => {
    const { code, out } = await agentCommand(['doctor'], {
      PRINTOMAT_AGENT_CONFIG: path.join(dir, 'nowhere.conf'),
    });
    expect(code).toBe(2);
    expect(out).toContain(`config file ${path.join(dir, 'nowhere.conf')} does not exist`);
  });

  it('doctor reports the printer, its formats and state, and a dead server link', async () => {
    const conf = path.join(dir, 'agent.conf');
    await fs.writeFile(
      conf,
      [
        'PRINTOMAT_SERVER_URL=http://127.0.0.1:9',
        'PRINTOMAT_MINION_ID=kiosk-doctor',
        'PRINTOMAT_AGENT_SECRET=a-secret-long-enough',
        `PRINTER_URI=${pdfPrinter.uri}`,
        `AGENT_STATE_DIR=${dir}`,
      ].join('\n'),
    );
    const { code, out } = await agentCommand(['doctor', '--config', conf]);
    expect(code).toBe(1);
    const lines = out.split('\n');
    expect(lines).toContain(`[ ok ] configuration: ${conf}; minion id kiosk-doctor`);
    expect(lines).toContain(`[ ok ] state directory: ${dir} is writable`);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\[FAIL\] server link: cannot reach http:\/\/127\.0\.0\.1:9: .*ECONNREFUSED/,
      ),
    );
    expect(lines).toContain(`[ ok ] printer: ${pdfPrinter.uri} answers: Printomat Test Printer`);
    expect(lines).toContain('[ ok ] printer state: idle, reasons: none');
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\[ ok \] formats: accepts application\/pdf.*; colour jobs go as PDF, greyscale jobs as PDF; duplex: yes$/,
      ),
    );
    expect(lines).toContain('1 problem(s) found: the agent cannot print until they are fixed');
  });

  it('doctor tells what a raster-only printer gets', async () => {
    const lines: string[] = [];
    const result = await runDoctor(settings(rasterPrinter.uri), {
      out: (line) => lines.push(line),
    });
    expect(result.ok).toBe(false); // the server is down
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\[ ok \] formats: accepts .*image\/pwg-raster.*; colour jobs go as PWG raster at \d+ dpi, srgb_8, greyscale jobs as PWG raster at \d+ dpi, sgray_8/,
      ),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^\[ ok \] ghostscript: version \S+/));
  });

  it('doctor fails on a printer that does not answer', async () => {
    const lines: string[] = [];
    const result = await runDoctor(settings('ipp://127.0.0.1:9/ipp/print'), {
      out: (line) => lines.push(line),
      timeoutMs: 3_000,
    });
    expect(result.ok).toBe(false);
    expect(result.checks.find((c) => c.title === 'printer')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('ipp://127.0.0.1:9/ipp/print does not answer IPP'),
    });
    expect(lines.at(-1)).toBe('2 problem(s) found: the agent cannot print until they are fixed');
  });
});

describe('discover', () => {
  it("reads ippfind's answers, ipps:// first, once each", () => {
    const found = parseIppfindOutput(
      [
        'ipp://Office-Printer.local:631/ipp/print\tOffice Printer\tHP LaserJet M404',
        'ipps://Office-Printer.local:631/ipp/print\tOffice Printer\tHP LaserJet M404',
        'ipp://Office-Printer.local:631/ipp/print\tOffice Printer\tHP LaserJet M404',
        'ipp://Kiosk.local:631/ipp/print\tKiosk\t',
        '',
      ].join('\n'),
    );
    expect(found.map((p) => p.uri)).toEqual([
      'ipps://Office-Printer.local:631/ipp/print',
      'ipp://Kiosk.local:631/ipp/print',
      'ipp://Office-Printer.local:631/ipp/print',
    ]);
    expect(formatDiscovery({ ok: true, printers: found })[1]).toBe(
      '  PRINTER_URI=ipps://Office-Printer.local:631/ipp/print    # Office Printer, HP LaserJet M404',
    );
  });

  it('says what to install when ippfind is missing', async () => {
    const result = await discoverPrinters({ seconds: 1, command: path.join(dir, 'no-ippfind') });
    expect(result).toEqual({
      ok: false,
      problem: 'ippfind is not installed: install the cups-ipp-utils package',
    });
  });
});

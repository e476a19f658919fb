import { X509Certificate } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrinterAgent, type TAgentLog } from '../src/agent.js';
import { trustCertificate } from '../src/cli/trust-certificate.js';
import { CertificatePins, PrinterCertificateChangedError } from '../src/ipp/certificate-pins.js';
import { type PrintJobAttributes, createIppClient } from '../src/ipp/ipp-client.js';
import { PrinterAuthError } from '../src/ipp/transport.js';
import { type TestPrinter, startTestPrinter } from '../src/kiosk/ipp-printer.js';
import { deviceTrouble, readDeviceTrouble } from '../src/print/device-trouble.js';

const attrs: PrintJobAttributes = {
  jobName: 'tls-job',
  copies: 1,
  sides: 'one-sided',
  colorMode: 'monochrome',
  numberUp: 1,
  orientation: null,
};

async function makePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('over TLS', { x: 50, y: 780 });
  return Buffer.from(await doc.save());
}

/** The SHA-256 fingerprint of the certificate ippeveprinter made in `keysDir`. */
async function fingerprintIn(keysDir: string): Promise<string> {
  const file = (await fs.readdir(keysDir)).find((f) => f.endsWith('.crt'));
  if (!file) throw new Error(`no certificate in ${keysDir}`);
  return new X509Certificate(await fs.readFile(path.join(keysDir, file))).fingerprint256;
}

function recordingLog(): TAgentLog & { lines: string[] } {
  const lines: string[] = [];
  const push = (level: string) => (msg: string, details?: Record<string, unknown>) =>
    void lines.push(`${level} ${msg} ${JSON.stringify(details ?? {})}`);
  return { lines, info: push('info'), warn: push('warn'), error: push('error') };
}

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-tls-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('ipps:// printers: the certificate pinned on first use', () => {
  let printer: TestPrinter | undefined;
  afterAll(async () => {
    await printer?.stop();
  });

  it('prints over TLS, pins the certificate, refuses a changed one until trusted', async () => {
    const stateDir = path.join(dir, 'state-tls');
    const firstKeys = path.join(dir, 'keys-1');
    printer = await startTestPrinter({ keysDir: firstKeys });
    const { port } = printer;
    const pins = CertificatePins.inStateDir(stateDir);
    const client = createIppClient(printer.ippsUri, { pins });

    // First use: trusted and pinned; a job prints over TLS.
    expect((await client.getPrinter()).state).toBe('idle');
    const first = await fingerprintIn(firstKeys);
    expect(await pins.get(`127.0.0.1:${port}`)).toMatchObject({ sha256: first });
    const pdf = await makePdf();
    const { jobId } = await client.printJob(pdf, attrs);
    expect((await client.waitForJob(jobId, { timeoutMs: 10_000, pollMs: 100 })).state).toBe(
      'completed',
    );
    const spooled = (await printer.printedJobs()).find((j) => j.env.IPP_JOB_ID === String(jobId));
    expect((await fs.readFile(spooled!.file)).equals(pdf)).toBe(true);

    // The printer comes back at the same address with another certificate (or an impostor does).
    await printer.stop();
    const secondKeys = path.join(dir, 'keys-2');
    printer = await startTestPrinter({ keysDir: secondKeys, port });
    const refused = await client.getPrinter().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(PrinterCertificateChangedError);
    // ippeveprinter makes its certificate on the first TLS connection.
    const second = await fingerprintIn(secondKeys);
    expect(second).not.toBe(first);
    expect(await client.printJob(pdf, attrs).catch((err: unknown) => err)).toBeInstanceOf(
      PrinterCertificateChangedError,
    );
    // Nothing reached the printer: the document was not sent.
    expect(await printer.printedJobs()).toEqual([]);
    expect(await deviceTrouble(client)).toMatch(/TLS certificate is not the pinned one/);
    // Waiting cannot help: a job waiting for the printer fails at once, not after 45 s.
    expect(await readDeviceTrouble(client)).toMatchObject({ operatorNeeded: true });

    // The agent says so: in its log (once) and in the status the server shows.
    const log = recordingLog();
    const agent = new PrinterAgent({
      serverUrl: 'http://127.0.0.1:9',
      minionId: 'kiosk-tls',
      secret: 'a-secret-long-enough',
      printerUri: printer.ippsUri,
      stateDir,
      log,
    });
    const status = await agent.printerStatus();
    expect(status).toMatchObject({
      state: 'unreachable',
      reasons: ['printomat-certificate-changed'],
    });
    await agent.printerStatus();
    const logged = log.lines.filter((l) => l.includes('another TLS certificate'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(`pinned SHA-256 ${first}, now ${second}`);
    expect(logged[0]).toContain('printomat-agent trust-certificate');

    // The operator trusts the new certificate: printing works again, without a restart.
    const settings = {
      serverUrl: 'http://127.0.0.1:9',
      minionId: 'kiosk-tls',
      printerUri: printer.ippsUri,
      stateDir,
      configFile: null,
    };
    expect(await trustCertificate(settings)).toContain(`now trusting SHA-256 ${second}`);
    expect((await client.getPrinter()).state).toBe('idle');
    expect((await agent.printerStatus()).state).toBe('idle');
  });
});

describe('printers that ask for HTTP basic authentication', () => {
  let printer: TestPrinter;
  let proxy: http.Server;
  let proxyUri: string;
  const seen: Array<string | undefined> = [];

  beforeAll(async () => {
    printer = await startTestPrinter();
    // A printer with a login, as many office printers are set up: 401 without the right
    // Authorization header, else the request goes on to the real IPP printer.
    const expected = `Basic ${Buffer.from('kiosk:s3cret pass').toString('base64')}`;
    proxy = http.createServer((req, res) => {
      seen.push(req.headers.authorization);
      if (req.headers.authorization !== expected) {
        req.resume();
        res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="printer"' }).end();
        return;
      }
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: printer.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, host: `127.0.0.1:${printer.port}` },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    proxy.listen(0, '127.0.0.1');
    await once(proxy, 'listening');
    proxyUri = `ipp://127.0.0.1:${(proxy.address() as AddressInfo).port}/ipp/print`;
  });
  afterAll(async () => {
    proxy?.close();
    await printer?.stop();
  });

  it('says what is missing without credentials, and when they are refused', async () => {
    const none = await createIppClient(proxyUri)
      .getPrinter()
      .catch((err: unknown) => err);
    expect(none).toBeInstanceOf(PrinterAuthError);
    expect((none as Error).message).toMatch(/PRINTER_USERNAME and PRINTER_PASSWORD/);

    const wrong = createIppClient(proxyUri, {
      credentials: { username: 'kiosk', password: 'wrong' },
    });
    const refused = await wrong.getPrinter().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(PrinterAuthError);
    expect((refused as Error).message).toMatch(/refused the user name "kiosk"/);

    const agent = new PrinterAgent({
      serverUrl: 'http://127.0.0.1:9',
      minionId: 'kiosk-auth',
      secret: 'a-secret-long-enough',
      printerUri: proxyUri,
      stateDir: path.join(dir, 'state-auth'),
      printerCredentials: { username: 'kiosk', password: 'wrong' },
      log: recordingLog(),
    });
    expect(await agent.printerStatus()).toMatchObject({
      state: 'unreachable',
      reasons: ['printomat-authentication-failed'],
    });
  });

  it('logs in when asked and prints', async () => {
    seen.length = 0;
    const client = createIppClient(proxyUri, {
      credentials: { username: 'kiosk', password: 's3cret pass' },
    });
    expect((await client.getPrinter()).state).toBe('idle');
    const pdf = await makePdf();
    const { jobId } = await client.printJob(pdf, { ...attrs, jobName: 'with-login' });
    expect((await client.waitForJob(jobId, { timeoutMs: 10_000, pollMs: 100 })).state).toBe(
      'completed',
    );
    const spooled = (await printer.printedJobs()).find((j) => j.env.IPP_JOB_ID === String(jobId));
    expect((await fs.readFile(spooled!.file)).equals(pdf)).toBe(true);
    // Asked once, then the credentials go with every request (the document is sent once).
    expect(seen[0]).toBeUndefined();
    // The request refused, then its retry, the job and its polls: all of those after the 401.
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.slice(1).every((h) => h?.startsWith('Basic '))).toBe(true);
  });
});

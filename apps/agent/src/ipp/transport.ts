import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import { pipeline } from 'node:stream/promises';
import type { CertificatePins } from './certificate-pins.js';

const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/** HTTP basic credentials for a printer that asks for them (PRINTER_USERNAME / PASSWORD). */
export interface TPrinterCredentials {
  username: string;
  password: string;
}

/** The printer wants credentials the agent does not have, or refused the ones it sent. */
export class PrinterAuthError extends Error {
  readonly code = 'PRINTER_AUTH';
  constructor(message: string) {
    super(message);
    this.name = 'PrinterAuthError';
  }
}

export interface TTransportOptions {
  timeoutMs: number;
  /** Required for https: the pinned certificates (see certificate-pins.ts). */
  pins?: CertificatePins;
  credentials?: TPrinterCredentials;
}

/** Posts IPP requests to one printer and returns the IPP answer's bytes. */
export interface IppTransport {
  /** `file`, when given, is streamed after `body` (the document data). */
  post(body: Buffer, file?: string): Promise<Buffer>;
}

interface THttpAnswer {
  statusCode: number;
  authenticate: string;
  body: Buffer;
}

/**
 * Opens a TLS connection and checks the certificate against the pinned one before anything,
 * credentials or documents, is sent. The chain is not verified (printers' certificates are
 * self-signed); the pin is what identifies the printer.
 */
function connectPinned(
  url: URL,
  port: number,
  pins: CertificatePins,
  timeoutMs: number,
): Promise<tls.TLSSocket> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const address = `${host}:${port}`;
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host,
      port,
      ...(net.isIP(host) ? {} : { servername: host }),
      rejectUnauthorized: false,
    });
    const fail = (err: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(err);
    };
    const timer = setTimeout(() => fail(new Error('IPP request timed out')), timeoutMs);
    socket.once('error', fail);
    socket.once('secureConnect', () => {
      const sha256 = socket.getPeerCertificate().fingerprint256;
      if (!sha256) return fail(new Error(`the printer at ${address} presented no certificate`));
      pins.check(address, sha256).then(
        () => {
          clearTimeout(timer);
          socket.off('error', fail);
          resolve(socket);
        },
        (err: unknown) => fail(err instanceof Error ? err : new Error(String(err))),
      );
    });
  });
}

async function exchange(
  url: URL,
  body: Buffer,
  file: string | undefined,
  options: TTransportOptions,
  authorization: string | undefined,
): Promise<THttpAnswer> {
  const fileSize = file === undefined ? 0 : (await stat(file)).size;
  const secure = url.protocol === 'https:';
  const port = Number(url.port) || (secure ? 443 : 631);
  if (secure && !options.pins) throw new Error('https printer without certificate pins');
  const socket =
    secure && options.pins
      ? await connectPinned(url, port, options.pins, options.timeoutMs)
      : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port,
        path: url.pathname + url.search,
        method: 'POST',
        headers: {
          'Content-Type': 'application/ipp',
          'Content-Length': body.length + fileSize,
          ...(authorization ? { Authorization: authorization } : {}),
        },
        timeout: options.timeoutMs,
        // The pinned TLS socket, already checked; plain ipp:// connects as usual.
        ...(socket ? { createConnection: () => socket } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          // Answers to our requests are small; a printer sending more is not to be believed.
          if (size > MAX_RESPONSE_BYTES) req.destroy(new Error('IPP response too large'));
          else chunks.push(c);
        });
        res.on('end', () => {
          const header = res.headers['www-authenticate'];
          resolve({
            statusCode: res.statusCode ?? 0,
            authenticate: Array.isArray(header) ? header.join(', ') : (header ?? ''),
            body: Buffer.concat(chunks),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('IPP request timed out')));
    req.on('error', reject);
    if (file === undefined) {
      req.end(body);
      return;
    }
    req.write(body);
    pipeline(createReadStream(file), req).catch((err: unknown) =>
      req.destroy(err instanceof Error ? err : new Error(String(err))),
    );
  });
}

/**
 * The HTTP side of IPP: plain (ipp://, http://) or TLS with the printer's pinned certificate
 * (ipps://, https://), with HTTP basic authentication when the printer answers 401. Credentials
 * are sent only after the printer asked for them once, then with every request (a print job is
 * not uploaded twice each time).
 */
export function createTransport(url: URL, options: TTransportOptions): IppTransport {
  const { credentials } = options;
  let sendCredentials = false;
  const authorization = () =>
    credentials && sendCredentials
      ? `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`
      : undefined;

  return {
    async post(body, file) {
      for (;;) {
        const sent = authorization();
        const answer = await exchange(url, body, file, options, sent);
        if (answer.statusCode === 200) return answer.body;
        // CUPS and printers set to "encryption required" answer plain requests so.
        if (answer.statusCode === 426)
          throw new Error('the printer requires encryption: use ipps:// in PRINTER_URI');
        if (answer.statusCode !== 401)
          throw new Error(`IPP HTTP status ${String(answer.statusCode)}`);
        if (!/^\s*basic\b/i.test(answer.authenticate) && !/,\s*basic\b/i.test(answer.authenticate))
          throw new PrinterAuthError(
            `the printer asks for ${answer.authenticate.split(/\s/)[0] || 'an unknown'} ` +
              'authentication; the agent can log in with HTTP basic authentication only',
          );
        if (!credentials)
          throw new PrinterAuthError(
            'the printer asks for a user name and password: set PRINTER_USERNAME and ' +
              'PRINTER_PASSWORD in the agent configuration',
          );
        if (sent)
          throw new PrinterAuthError(
            `the printer refused the user name "${credentials.username}" and its password ` +
              '(PRINTER_USERNAME / PRINTER_PASSWORD)',
          );
        sendCredentials = true;
      }
    },
  };
}

/**
 * The printer's certificate as it presents it now (host:port as pins are keyed, and the SHA-256
 * fingerprint), for an operator to trust a renewed one.
 */
export function presentedCertificate(
  printerUri: string,
  timeoutMs = 10_000,
): Promise<{ address: string; sha256: string }> {
  const url = new URL(printerUri);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 631);
  const address = `${host}:${port}`;
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host,
      port,
      ...(net.isIP(host) ? {} : { servername: host }),
      rejectUnauthorized: false,
    });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('the printer did not answer')));
    socket.once('error', reject);
    socket.once('secureConnect', () => {
      const sha256 = socket.getPeerCertificate().fingerprint256;
      socket.end();
      if (sha256) resolve({ address, sha256 });
      else reject(new Error(`the printer at ${address} presented no certificate`));
    });
  });
}

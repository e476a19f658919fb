import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { isIP, type AddressInfo } from 'node:net';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { TAppContext } from '../../context';
import { AppError } from '../../http/errors';
import { SenderCheckUnavailable } from './inbound-auth';
import {
  findPrinterForAddress,
  InboundRateLimited,
  receiveInboundMessage,
} from './inbound-receive.service';

export interface TInboundSmtp {
  /** The port it listens on (useful with port 0). */
  port: number;
  close(): Promise<void>;
}

/** An SMTP refusal: smtp-server sends `responseCode` and the message as the reply line. */
function smtpError(responseCode: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode });
}

/** How long a quiet connection is kept (RFC 5321 4.5.3.2 asks for minutes; we allow one). */
const SOCKET_TIMEOUT_MS = 60_000;

/**
 * Printer addresses one message may name: more get 452 (RFC 5321 4.5.3.1.10: the client sends
 * the rest in another transaction), so one message cannot fan out to every printer.
 */
const MAX_RECIPIENTS = 10;

/** A listener only this machine can reach, which no MX record can point at. */
const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));

/**
 * The message as it streams in, kept in a scratch file rather than in memory (a slow client
 * may hold a connection for long); past the size limit the rest is only drained (smtp-server
 * counts it into sizeExceeded). The message's bytes, or null when it was too large.
 */
async function receiveData(
  ctx: TAppContext,
  stream: Readable & { sizeExceeded?: boolean },
): Promise<Buffer | null> {
  const max = ctx.config.inbound.maxMessageBytes;
  const dir = await ctx.storage.scratch();
  try {
    const file = path.join(dir, 'message.eml');
    let size = 0;
    const upToLimit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, size <= max ? chunk : undefined);
      },
    });
    await pipeline(stream, upToLimit, createWriteStream(file));
    if (stream.sizeExceeded || size > max) return null;
    return await fs.readFile(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The built-in SMTP listener (issue 14 point 1): the printers' MX. It takes mail only for
 * existing printer addresses at INBOUND_MAIL_DOMAIN and says so at RCPT, before any data is
 * sent (550; at most MAX_RECIPIENTS per message, 452 beyond), refuses messages over
 * INBOUND_MAX_MESSAGE_BYTES (552, at MAIL FROM when the client declares SIZE=, else while the
 * data streams, to a scratch file) and takes at most INBOUND_SMTP_MAX_CLIENTS connections. The
 * limits are counted once per message, after the data and the sender check (the same code as
 * the webhook): over one, 450 at the end of DATA (temporary: a real server retries later;
 * nothing is kept). A message is answered 250 once recorded (also when it was recorded before:
 * the sender's server must stop retrying), 451 when the sender check could not be made (DNS)
 * or on our own failure, so the sender's server retries and the Message-ID makes the retry
 * harmless. No AUTH: nobody relays through it. Behind a TCP proxy (INBOUND_SMTP_PROXY) the
 * client's address comes from the PROXY protocol header, so SPF checks the real sender.
 */
export async function startInboundSmtp(
  ctx: TAppContext,
  options: { port?: number; host?: string } = {},
): Promise<TInboundSmtp> {
  const { inbound } = ctx.config;
  const tls = inbound.tls
    ? {
        key: await fs.readFile(inbound.tls.keyFile),
        cert: await fs.readFile(inbound.tls.certFile),
      }
    : undefined;
  const serverOptions: SMTPServerOptions = {
    name: inbound.domain,
    banner: 'Printomat print by e-mail',
    size: inbound.maxMessageBytes,
    authOptional: true,
    // STARTTLS is offered only with a certificate; without one it would fail every client.
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(tls ?? {}),
    // The client's name is not used for anything (SPF checks the address itself).
    disableReverseLookup: true,
    socketTimeout: SOCKET_TIMEOUT_MS,
    logger: false,
    maxClients: inbound.smtpMaxClients,
    maxRecipients: MAX_RECIPIENTS,
    ...(inbound.smtpProxy.length > 0 ? { useProxy: inbound.smtpProxy } : {}),
    onRcptTo(address, _session, callback) {
      findPrinterForAddress(ctx, address.address).then(
        (printer) =>
          callback(printer ? undefined : smtpError(550, '5.1.1 No printer has this address')),
        (err: unknown) => {
          ctx.log.error({ err }, 'inbound SMTP recipient check failed');
          callback(smtpError(451, '4.3.0 Temporary failure; try again later'));
        },
      );
    },
    onData(stream, session, reply) {
      // One answer per message, whether the stream ended or broke off.
      let answered = false;
      const callback: typeof reply = (...args) => {
        if (answered) return;
        answered = true;
        reply(...args);
      };
      const { mailFrom, rcptTo } = session.envelope;
      receiveData(ctx, stream)
        .then(async (raw) => {
          if (!raw)
            return smtpError(
              552,
              `5.3.4 Message too large (at most ${inbound.maxMessageBytes} bytes)`,
            );
          await receiveInboundMessage(ctx, {
            raw,
            via: 'smtp',
            envelope: {
              mailFrom: mailFrom ? mailFrom.address : '',
              rcptTo: rcptTo.map((r) => r.address),
              clientIp: session.remoteAddress || null,
              helo: session.hostNameAppearsAs || null,
            },
          });
          return null;
        })
        .then(
          (refusal) => (refusal ? callback(refusal) : callback(null, '2.0.0 Received')),
          (err: unknown) => {
            // A printer deleted between RCPT and the end of DATA: there is nobody to take it.
            if (err instanceof AppError && err.code === 'no_printer_recipient') {
              callback(smtpError(550, '5.1.1 No printer has this address'));
              return;
            }
            if (err instanceof InboundRateLimited) {
              callback(smtpError(450, '4.7.1 Too many messages; try again later'));
              return;
            }
            if (err instanceof SenderCheckUnavailable) {
              callback(smtpError(451, '4.4.3 Sender check failed (DNS); try again later'));
              return;
            }
            ctx.log.error({ err }, 'inbound SMTP message not recorded');
            callback(smtpError(451, '4.3.0 Temporary failure; try again later'));
          },
        );
    },
  };
  const host = options.host ?? inbound.smtpHost;
  const server = new SMTPServer(serverOptions);
  server.on('error', (err) => ctx.log.warn({ err }, 'inbound SMTP connection error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? inbound.smtpPort ?? 0, host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  ctx.log.info({ port, host, tls: Boolean(tls) }, 'inbound SMTP listening');
  if (ctx.config.isProduction && isLoopback(host))
    ctx.log.warn(
      { host, port },
      'inbound SMTP listens on a loopback address only: no MX can reach it (set INBOUND_SMTP_HOST, e.g. 0.0.0.0)',
    );
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

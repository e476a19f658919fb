import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { TAppContext } from '../../context';
import { AppError } from '../../http/errors';
import {
  countInboundAttempt,
  findPrinterForAddress,
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
 * The built-in SMTP listener (issue 14 point 1): the printers' MX. It takes mail only for
 * existing printer addresses at INBOUND_MAIL_DOMAIN and says so at RCPT, before any data is
 * sent (550), refuses messages over INBOUND_MAX_MESSAGE_BYTES (552, at MAIL FROM when the
 * client declares SIZE=, else while the data streams), and answers 450 at RCPT when a sender
 * or printer address is over its limit (temporary: a real server retries later; nothing is
 * kept). A message is answered 250 once recorded (also when it was recorded before: the
 * sender's server must stop retrying), 451 on our own failure, so the sender's server retries
 * and the Message-ID makes the retry harmless. No AUTH: nobody relays through it.
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
    onRcptTo(address, session, callback) {
      void (async () => {
        const printer = await findPrinterForAddress(ctx, address.address);
        if (!printer) return smtpError(550, '5.1.1 No printer has this address');
        const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const limited = await countInboundAttempt(ctx, mailFrom, address.address);
        if (limited) return smtpError(450, '4.7.1 Too many messages; try again later');
        return undefined;
      })().then(
        (refusal) => callback(refusal ?? undefined),
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
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        // Past the limit the rest is only drained (smtp-server counts it into sizeExceeded).
        size += chunk.length;
        if (size <= inbound.maxMessageBytes) chunks.push(chunk);
      });
      stream.on('error', (err) => callback(err));
      stream.on('end', () => {
        if (stream.sizeExceeded || size > inbound.maxMessageBytes) {
          callback(
            smtpError(552, `5.3.4 Message too large (at most ${inbound.maxMessageBytes} bytes)`),
          );
          return;
        }
        const { mailFrom, rcptTo } = session.envelope;
        receiveInboundMessage(ctx, {
          raw: Buffer.concat(chunks),
          via: 'smtp',
          envelope: {
            mailFrom: mailFrom ? mailFrom.address : '',
            rcptTo: rcptTo.map((r) => r.address),
            clientIp: session.remoteAddress || null,
            helo: session.hostNameAppearsAs || null,
          },
        }).then(
          () => callback(null, '2.0.0 Received'),
          (err: unknown) => {
            // A printer deleted between RCPT and the end of DATA: there is nobody to take it.
            if (err instanceof AppError && err.code === 'no_printer_recipient') {
              callback(smtpError(550, '5.1.1 No printer has this address'));
              return;
            }
            ctx.log.error({ err }, 'inbound SMTP message not recorded');
            callback(smtpError(451, '4.3.0 Temporary failure; try again later'));
          },
        );
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  server.on('error', (err) => ctx.log.warn({ err }, 'inbound SMTP connection error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? inbound.smtpPort ?? 0, options.host ?? inbound.smtpHost, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  ctx.log.info({ port, tls: Boolean(tls) }, 'inbound SMTP listening');
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

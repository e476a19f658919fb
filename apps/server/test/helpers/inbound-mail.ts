import { generateKeyPairSync } from 'node:crypto';
import dgram from 'node:dgram';
import net from 'node:net';
import nodemailer from 'nodemailer';
import { dkimSign } from 'mailauth';
import type { TLocale } from '@printomat/shared';
import { startInboundSmtp, type TInboundSmtp } from '../../src/modules/inbound-mail';
import { seedDemoData } from '../../src/seed/seed';
import { seededPrinterId } from './express-guest';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './test-app';

/** A DKIM key of a sending domain: the private half signs, the TXT record publishes the other. */
export interface TDkimKey {
  domain: string;
  selector: string;
  privateKey: string;
  /** The TXT record at `<selector>._domainkey.<domain>`. */
  record: string;
}

export function makeDkimKey(domain: string, selector = 'test'): TDkimKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const spki = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return {
    domain,
    selector,
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    record: `v=DKIM1; k=rsa; p=${spki}`,
  };
}

export interface TRawMessageOptions {
  from: string;
  to: string;
  subject?: string;
  text?: string;
  html?: string;
  attachments?: Array<{ filename: string; content: Buffer | string; contentType?: string }>;
  /** Extra headers (Auto-Submitted, Precedence, Content-Language, ...). */
  headers?: Record<string, string>;
  /** Without <>; default: a fresh one. */
  messageId?: string;
  /** Signed with this key (a DKIM-Signature header in front) when given. */
  dkim?: TDkimKey;
}

/** A real RFC 5322 message, built by nodemailer as a mail client would, optionally DKIM-signed. */
export async function buildRawMessage(options: TRawMessageOptions): Promise<Buffer> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await composer.sendMail({
    from: options.from,
    to: options.to,
    subject: options.subject ?? 'Print please',
    ...(options.text !== undefined && { text: options.text }),
    ...(options.html !== undefined && { html: options.html }),
    ...(options.attachments && { attachments: options.attachments }),
    ...(options.headers && { headers: options.headers }),
    ...(options.messageId && { messageId: `<${options.messageId}>` }),
  });
  const raw = info.message as Buffer;
  if (!options.dkim) return raw;
  // mailauth signs with the keys of `signatureData` only; its types want the top-level fields
  // too, which alone sign nothing (an empty header, no error), hence the check.
  const key = {
    signingDomain: options.dkim.domain,
    selector: options.dkim.selector,
    privateKey: options.dkim.privateKey,
  };
  const signed = await dkimSign(raw, {
    ...key,
    signatureData: [{ canonicalization: 'relaxed/relaxed', ...key }],
  });
  if (signed.errors.length > 0 || !signed.signatures.startsWith('DKIM-Signature:'))
    throw new Error(`DKIM signing failed: ${JSON.stringify(signed.errors)}`);
  return Buffer.concat([Buffer.from(signed.signatures), raw]);
}

/** A DNS name in a packet: labels, possibly ending in a compression pointer. */
function readName(packet: Buffer, start: number): { name: string; end: number } {
  const labels: string[] = [];
  let offset = start;
  let end = -1;
  for (let hops = 0; hops < 64; hops += 1) {
    const length = packet.readUInt8(offset);
    if (length === 0) {
      if (end < 0) end = offset + 1;
      return { name: labels.join('.'), end };
    }
    if ((length & 0xc0) === 0xc0) {
      if (end < 0) end = offset + 2;
      offset = packet.readUInt16BE(offset) & 0x3fff;
      continue;
    }
    labels.push(packet.toString('latin1', offset + 1, offset + 1 + length));
    offset += 1 + length;
  }
  throw new Error('DNS name too long');
}

const DNS_TYPE_TXT = 16;

/** A TXT record's data: the text in strings of at most 255 bytes, as long keys need. */
function txtRdata(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat(parts);
}

/**
 * A real DNS server on loopback (UDP) for the sender check: the server under test resolves with
 * its normal resolver pointed here (DNS_SERVERS=127.0.0.1:<port>). It knows TXT records only
 * (DKIM keys, DMARC and SPF policies); a name it has no record for is NXDOMAIN, and a known name
 * asked for another type (A, AAAA, MX, ...) answers no data.
 */
export class TestDns {
  private readonly txt = new Map<string, string[]>();
  private readonly socket = dgram.createSocket('udp4');
  /** Every name asked for (lower case), for tests that check what was looked up. */
  readonly queries: Array<{ name: string; type: number }> = [];

  async start(): Promise<string> {
    this.socket.on('message', (query, peer) => {
      const answer = this.answer(query);
      if (answer) this.socket.send(answer, peer.port, peer.address);
    });
    await new Promise<void>((resolve) => this.socket.bind(0, '127.0.0.1', resolve));
    return `127.0.0.1:${this.socket.address().port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }

  addTxt(name: string, value: string): void {
    const key = name.toLowerCase().replace(/\.$/, '');
    this.txt.set(key, [...(this.txt.get(key) ?? []), value]);
  }

  /** Publishes what a well-run sending domain has: its DKIM key, DMARC p=reject and SPF. */
  trustDomain(domain: string, key: TDkimKey): void {
    this.addTxt(`${key.selector}._domainkey.${key.domain}`, key.record);
    this.addTxt(`_dmarc.${domain}`, 'v=DMARC1; p=reject');
    this.addTxt(domain, 'v=spf1 ip4:127.0.0.1 -all');
  }

  private answer(query: Buffer): Buffer | undefined {
    if (query.length < 12 || query.readUInt16BE(4) < 1) return undefined;
    let question: { name: string; end: number };
    try {
      question = readName(query, 12);
    } catch {
      return undefined;
    }
    const questionEnd = question.end + 4;
    if (questionEnd > query.length) return undefined;
    const type = query.readUInt16BE(question.end);
    const name = question.name.toLowerCase();
    this.queries.push({ name, type });
    const records = this.txt.get(name);
    const answers = type === DNS_TYPE_TXT && records ? records : [];
    const known = records !== undefined || [...this.txt.keys()].some((k) => k.endsWith(`.${name}`));
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0);
    // QR (answer), the query's opcode and RD, AA, RA; RCODE 3 (NXDOMAIN) for an unknown name.
    const flags = 0x8000 | (query.readUInt16BE(2) & 0x7900) | 0x0400 | 0x0080 | (known ? 0 : 3);
    header.writeUInt16BE(flags, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const records_ = answers.map((value) => {
      const rdata = txtRdata(value);
      const fixed = Buffer.alloc(12);
      fixed.writeUInt16BE(0xc00c, 0); // the question's name
      fixed.writeUInt16BE(DNS_TYPE_TXT, 2);
      fixed.writeUInt16BE(1, 4); // IN
      fixed.writeUInt32BE(60, 6);
      fixed.writeUInt16BE(rdata.length, 10);
      return Buffer.concat([fixed, rdata]);
    });
    return Buffer.concat([header, query.subarray(12, questionEnd), ...records_]);
  }
}

/** An SMTP server's answer, or its refusal (responseCode 550, 552, 450, ...) as the error. */
export interface TSmtpSendResult {
  response: string;
}

/**
 * Sends a raw message over SMTP to 127.0.0.1:`port` as a sending mail server would, with the
 * envelope given (`from: ''` is the null sender of bounces). Rejects with nodemailer's error,
 * which carries the server's `responseCode`.
 */
export async function sendOverSmtp(
  port: number,
  raw: Buffer,
  envelope: { from: string; to: string | string[] },
  /** requireTLS: STARTTLS or fail; localAddress: connect from another loopback address (SPF). */
  options: { requireTLS?: boolean; localAddress?: string } = {},
): Promise<TSmtpSendResult> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ...(options.requireTLS ? { requireTLS: true } : { ignoreTLS: true }),
    tls: { rejectUnauthorized: false },
    connectionTimeout: 10_000,
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
  });
  try {
    const info = await transport.sendMail({
      // nodemailer's null sender is `false` (MAIL FROM:<>).
      envelope: {
        from: envelope.from === '' ? false : envelope.from,
        to: envelope.to,
      },
      raw,
    });
    return { response: info.response };
  } finally {
    transport.close();
  }
}

/**
 * A hand-typed SMTP conversation on a raw socket, for what a client library hides (the EHLO
 * capabilities, MAIL FROM with SIZE=). Sends each line after the previous answer and gives back
 * every answer (multi-line answers joined), the greeting first.
 */
export async function smtpConversation(port: number, lines: string[]): Promise<string[]> {
  const socket = net.connect(port, '127.0.0.1');
  const answers: string[] = [];
  let buffer = '';
  let current: string[] = [];
  let wake: (() => void) | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 2);
      current.push(line);
      // The last line of an answer has a space after the code ("250 OK"; "250-..." continues).
      if (/^\d{3}(?: |$)/.test(line)) {
        answers.push(current.join('\n'));
        current = [];
        wake?.();
      }
    }
  });
  const nextAnswer = async (count: number) => {
    const deadline = Date.now() + 10_000;
    while (answers.length < count) {
      if (Date.now() > deadline) throw new Error(`no SMTP answer; so far: ${answers.join(' | ')}`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 100);
      });
    }
  };
  try {
    await nextAnswer(1);
    for (const line of lines) {
      socket.write(`${line}\r\n`);
      await nextAnswer(answers.length + 1);
    }
    return answers;
  } finally {
    socket.destroy();
  }
}

/** The printers' mail domain, the senders' domain (with a published DKIM key) and the webhook secret. */
export const INBOUND_DOMAIN = 'print.printomat.example';
export const SENDER_DOMAIN = 'sender.example.org';
export const INBOUND_SECRET = 'inbound-webhook-secret-for-tests';

export interface TInboundMailApp {
  t: TTestApp;
  /** The loopback DNS the app resolves with; SENDER_DOMAIN is published in it with `key`. */
  dns: TestDns;
  key: TDkimKey;
  /** The app's own SMTP listener (port 0 on 127.0.0.1), the printers' MX. */
  listener: TInboundSmtp;
  /** The seeded printer (Złote Tarasy, Poland) and the address it now has. */
  printerId: number;
  printerAddress: string;
  /** An account `<localpart>@SENDER_DOMAIN`, signed in on `agent`, confirmed or not. */
  account(
    localpart: string,
    options?: { confirmed?: boolean; locale?: TLocale },
  ): Promise<{ email: string; id: number; agent: TestAgent }>;
  close(): Promise<void>;
}

/**
 * The app as mail reaches it: a loopback DNS publishing SENDER_DOMAIN's DKIM key, DMARC and SPF
 * (127.0.0.1 only), the demo data, the seeded printer at `<printerLocalpart>@INBOUND_DOMAIN`, the
 * webhook on (INBOUND_SECRET) and the SMTP listener. `worker: false` stops the job worker, so
 * queued processing stays queued for the test to read.
 */
export async function startInboundMailApp(
  options: { env?: Record<string, string>; printerLocalpart?: string; worker?: boolean } = {},
): Promise<TInboundMailApp> {
  const dns = new TestDns();
  const dnsServer = await dns.start();
  const key = makeDkimKey(SENDER_DOMAIN);
  dns.trustDomain(SENDER_DOMAIN, key);
  const t = await createTestApp({
    DNS_SERVERS: dnsServer,
    INBOUND_MAIL_DOMAIN: INBOUND_DOMAIN,
    INBOUND_MAIL_SECRET: INBOUND_SECRET,
    ...options.env,
  });
  if (options.worker === false) await t.ctx.worker.stop();
  await seedDemoData(t.ctx.db);
  const printerId = await seededPrinterId(t);
  const printerAddress = `${options.printerLocalpart ?? 'receive-test'}@${INBOUND_DOMAIN}`;
  await t.ctx.db
    .updateTable('printers')
    .set({ email: printerAddress })
    .where('id', '=', printerId)
    .execute();
  const listener = await startInboundSmtp(t.ctx, { port: 0, host: '127.0.0.1' });
  return {
    t,
    dns,
    key,
    listener,
    printerId,
    printerAddress,
    async account(localpart, { confirmed = true, locale } = {}) {
      const email = `${localpart}@${SENDER_DOMAIN}`;
      const agent = new TestAgent(t.app);
      const { id } = await registerAndSignIn(agent, email);
      await t.ctx.db
        .updateTable('users')
        .set({
          email_confirmed_at: confirmed ? new Date() : null,
          ...(locale === undefined ? {} : { locale }),
        })
        .where('id', '=', id)
        .execute();
      return { email, id, agent };
    },
    async close() {
      await listener.close();
      await t.close();
      await dns.stop();
    },
  };
}

/**
 * A delivery status notification (RFC 3464) for `to` as a mail server sends it, from
 * MAILER-DAEMON at `mx.<senderDomain>`; sent with the null envelope sender.
 */
export function deliveryReport(
  messageId: string,
  to: string,
  senderDomain = SENDER_DOMAIN,
): Buffer {
  return Buffer.from(
    [
      `From: Mail Delivery System <MAILER-DAEMON@mx.${senderDomain}>`,
      `To: ${to}`,
      'Subject: Undelivered Mail Returned to Sender',
      `Message-ID: <${messageId}>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--b1',
      'Content-Type: message/delivery-status',
      '',
      `Reporting-MTA: dns; mx.${senderDomain}`,
      '',
      'Final-Recipient: rfc822; someone@example.net',
      'Action: failed',
      'Status: 5.1.1',
      '--b1--',
      '',
    ].join('\r\n'),
  );
}

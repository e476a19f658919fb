import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { simpleParser, type AddressObject } from 'mailparser';
import type { TAppContext } from '../../context';
import type { TInboundVerdict, TPrinterRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { hitRateLimit } from '../../http/rate-limit-store';
import { enqueueJob } from '../jobs/queue';
import { checkSender, loopReason, type TIgnoreReason } from './inbound-auth';
import { PROCESS_INBOUND_MAIL_JOB } from './inbound-mail.jobs';
import {
  findInboundMessageByDedupeKey,
  findPrinterByMailAddress,
  insertInboundMessage,
} from './inbound-messages.repo';

/** What the delivering side knows besides the message (SMTP: all of it; a webhook: maybe none). */
export interface TInboundEnvelope {
  /** MAIL FROM; '' is the null sender (bounces), null unknown. */
  mailFrom: string | null;
  /** RCPT TO; empty when unknown (the printer recipients are read from the headers then). */
  rcptTo: string[];
  clientIp: string | null;
  helo: string | null;
}

export interface TReceiveInput {
  raw: Buffer;
  via: 'smtp' | 'http';
  envelope: TInboundEnvelope;
  /**
   * Count the message against the per-sender and per-printer limits here (the webhook). The SMTP
   * listener counts at RCPT instead, before the message is sent at all.
   */
  rateLimit?: boolean;
}

/** One printer recipient's row: new, or the row of an earlier delivery of the same message. */
export interface TReceived {
  printerId: number;
  messageId: number;
  duplicate: boolean;
}

/** Over a per-sender or per-printer limit; `retryAfterMs` until the window ends. */
export class InboundRateLimited extends AppError {
  constructor(readonly retryAfterMs: number) {
    super(429, 'rate_limited', 'errors.try_again_in', {
      minutes: Math.max(1, Math.ceil(retryAfterMs / 60_000)),
    });
  }
}

const noPrinterRecipient = () =>
  new AppError(422, 'no_printer_recipient', 'inbound_mail.no_printer_recipient');

/** Longest Message-ID / Subject kept (RFC 5322's line limit; longer is not a real header). */
const MAX_HEADER_CHARS = 998;

export const SENDER_BUCKET = 'inbound:sender';
export const PRINTER_BUCKET = 'inbound:printer';

/**
 * Counts one message from `sender` to one printer address against both limits (issue 14 point
 * 5): per sender, so nobody floods printers or strangers' mailboxes with our replies, and per
 * printer address, so one address cannot be flooded from many senders. Both are counted even
 * when the first is over, so a sender over its limit keeps counting for the printer too. Answers
 * how long to wait when over a limit, else null.
 */
export async function countInboundAttempt(
  ctx: TAppContext,
  sender: string | null,
  printerAddress: string,
): Promise<{ retryAfterMs: number } | null> {
  const { inboundPerSender, inboundPerPrinter } = ctx.config.rateLimits;
  const senderKey = `sender:${sender ? sender.toLowerCase() : '<>'}`;
  const bySender = await hitRateLimit(ctx.db, SENDER_BUCKET, senderKey, inboundPerSender.windowMs);
  const byPrinter = await hitRateLimit(
    ctx.db,
    PRINTER_BUCKET,
    `printer:${printerAddress.toLowerCase()}`,
    inboundPerPrinter.windowMs,
  );
  const waits = [
    bySender.count > inboundPerSender.max ? bySender.ttlMs : -1,
    byPrinter.count > inboundPerPrinter.max ? byPrinter.ttlMs : -1,
  ].filter((ms) => ms >= 0);
  return waits.length > 0 ? { retryAfterMs: Math.max(...waits) } : null;
}

/** The address of a printer at the inbound domain, or undefined (another domain, no printer). */
export async function findPrinterForAddress(
  ctx: TAppContext,
  address: string,
): Promise<TPrinterRow | undefined> {
  const normalized = address.trim().toLowerCase();
  const at = normalized.lastIndexOf('@');
  if (at <= 0 || normalized.slice(at + 1) !== ctx.config.inbound.domain) return undefined;
  return findPrinterByMailAddress(ctx.db, normalized);
}

interface TParsedHeaders {
  header: (name: string) => string | undefined;
  headerAll: (name: string) => string[];
  contentType: string;
  fromAddress: string | null;
  messageId: string | null;
  subject: string | null;
  recipients: string[];
}

/** The header block alone: the body (attachments) is the processing job's business. */
async function parseHeaders(raw: Buffer): Promise<TParsedHeaders> {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  const ends = [crlf, lf].filter((i) => i >= 0);
  const headerBlock = ends.length > 0 ? raw.subarray(0, Math.min(...ends)) : raw;
  const parsed = await simpleParser(Buffer.concat([headerBlock, Buffer.from('\r\n\r\n')]), {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
  });
  const lines = new Map<string, string[]>();
  for (const { key, line } of parsed.headerLines) {
    // headerLines keep the field as sent ("Key: value", folded): the value, unfolded.
    const value = line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
    lines.set(key, [...(lines.get(key) ?? []), value]);
  }
  const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
    [field ?? []]
      .flat()
      .flatMap((o) => o.value)
      .flatMap((a) => (a.group ? a.group : [a]))
      .map((a) => a.address?.trim().toLowerCase())
      .filter((a): a is string => Boolean(a));
  const from = addressesOf(parsed.from);
  const messageId = parsed.messageId?.trim().replace(/^<|>$/g, '').trim();
  return {
    header: (name) => lines.get(name)?.[0],
    headerAll: (name) => lines.get(name) ?? [],
    contentType: (lines.get('content-type')?.[0] ?? 'text/plain')
      .split(';')[0]!
      .trim()
      .toLowerCase(),
    // Several From addresses name no one sender to trust or answer.
    fromAddress: from.length === 1 ? from[0]! : null,
    messageId: messageId ? messageId.slice(0, MAX_HEADER_CHARS) : null,
    subject: parsed.subject ? parsed.subject.slice(0, MAX_HEADER_CHARS) : null,
    recipients: [
      ...addressesOf(parsed.to),
      ...addressesOf(parsed.cc),
      ...(lines.get('delivered-to') ?? []).map((a) => a.replace(/[<>]/g, '').trim().toLowerCase()),
    ],
  };
}

/**
 * One received message, from the SMTP listener or the webhook (issue 14 point 1): recorded once
 * per printer it was sent to, whoever delivers it how often. Redelivery is recognised by the
 * Message-ID (else the bytes' hash) per printer; the database's unique constraint decides, so
 * two deliveries racing on two server instances still make one row and one job. Messages that
 * must never be answered are recorded as ignored (for the admin list) and get no job; the rest
 * are checked (who sent it) and queued for processing in the same transaction.
 */
export async function receiveInboundMessage(
  ctx: TAppContext,
  input: TReceiveInput,
): Promise<TReceived[]> {
  const { raw, via, envelope } = input;
  const headers = await parseHeaders(raw);

  const candidates = envelope.rcptTo.length > 0 ? envelope.rcptTo : headers.recipients;
  const printers = new Map<number, TPrinterRow>();
  for (const address of new Set(candidates.map((a) => a.trim().toLowerCase()))) {
    const printer = await findPrinterForAddress(ctx, address);
    if (printer) printers.set(printer.id, printer);
  }
  if (printers.size === 0) throw noPrinterRecipient();

  if (input.rateLimit) {
    const sender = envelope.mailFrom ?? headers.fromAddress;
    for (const printer of printers.values()) {
      const limited = await countInboundAttempt(ctx, sender, printer.email ?? '');
      if (limited) throw new InboundRateLimited(limited.retryAfterMs);
    }
  }

  const ignored: TIgnoreReason | null = loopReason({
    header: headers.header,
    contentType: headers.contentType,
    fromAddress: headers.fromAddress,
    mailFrom: envelope.mailFrom,
    ownDomain: ctx.config.inbound.domain,
  });
  const check = ignored
    ? {
        verdict: 'ignored' as TInboundVerdict,
        userId: null,
        details: { from_domain: headers.fromAddress?.split('@').pop() ?? '' },
      }
    : await checkSender(ctx, {
        raw,
        fromAddress: headers.fromAddress,
        mailFrom: envelope.mailFrom,
        clientIp: envelope.clientIp,
        helo: envelope.helo,
      });

  const dedupeKey = headers.messageId
    ? headers.messageId.toLowerCase()
    : `sha256:${createHash('sha256').update(raw).digest('hex')}`;

  // Each row gets its own copy of the raw message (the processing job removes it when done, per
  // row); ignored messages are never processed, so nothing of them is kept but the row.
  const rawKeys = new Map<number, string>();
  try {
    if (!ignored) {
      for (const printerId of printers.keys()) {
        const key = ctx.storage.newKey('eml');
        await fs.writeFile(await ctx.storage.prepare(key), raw);
        rawKeys.set(printerId, key);
      }
    }
    const receivedAt = ctx.now();
    const results = await ctx.db.transaction().execute(async (trx) => {
      const out: TReceived[] = [];
      for (const printerId of printers.keys()) {
        const row = await insertInboundMessage(trx, {
          printer_id: printerId,
          dedupe_key: dedupeKey,
          via,
          envelope_from: envelope.mailFrom,
          from_address: headers.fromAddress,
          message_id: headers.messageId,
          subject: headers.subject,
          size_bytes: raw.length,
          raw_key: rawKeys.get(printerId) ?? null,
          verdict: check.verdict,
          auth_details: JSON.stringify(check.details),
          user_id: check.userId,
          status: ignored ? 'ignored' : 'received',
          outcome: ignored,
          received_at: receivedAt,
        });
        if (row) {
          if (!ignored) await enqueueJob(trx, PROCESS_INBOUND_MAIL_JOB, { messageId: row.id });
          out.push({ printerId, messageId: row.id, duplicate: false });
          continue;
        }
        const existing = await findInboundMessageByDedupeKey(trx, printerId, dedupeKey);
        if (!existing) throw new Error(`inbound message ${dedupeKey} neither new nor recorded`);
        out.push({ printerId, messageId: existing.id, duplicate: true });
      }
      return out;
    });
    for (const result of results) {
      if (result.duplicate) await ctx.storage.remove(rawKeys.get(result.printerId) ?? null);
    }
    if (results.some((r) => !r.duplicate) && !ignored) ctx.worker.kick();
    return results;
  } catch (err) {
    for (const key of rawKeys.values()) await ctx.storage.remove(key);
    throw err;
  }
}

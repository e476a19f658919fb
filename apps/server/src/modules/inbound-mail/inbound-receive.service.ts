import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject } from 'mailparser';
import type { TAppContext } from '../../context';
import type { TInboundVerdict, TPrinterRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { hitRateLimit } from '../../http/rate-limit-store';
import { enqueueJob } from '../jobs/queue';
import { addressOfMailbox, checkSender, loopReason, type TIgnoreReason } from './inbound-auth';
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
export const REPLY_TARGET_BUCKET = 'inbound:reply-target';

/** One message to one printer address, as the limits see it. */
interface TInboundAttempt {
  /** MAIL FROM (or the From address when the envelope is unknown); null: the null sender. */
  sender: string | null;
  printerAddress: string;
  /** The From address the reply will go to; null when the message is not answered. */
  replyTarget: string | null;
  /** A verified account holder writing to this printer. */
  trusted: boolean;
}

/**
 * Counts one message to one printer address against the limits (issue 14 point 5), once the
 * message is in and its sender checked (never per RCPT: a client repeating RCPT TO without
 * sending anything must not use up anyone's limit). Three limits:
 * - per reply target (the From address), whoever delivers the mail: nobody's mailbox is
 *   flooded with our replies by messages forged in their name from many envelope senders;
 * - per envelope sender and per printer address, for everyone but verified account holders: a
 *   flood, forged or not, from one sender or to one printer is refused, while a person whose
 *   address passed DMARC is neither held up by strangers flooding "their" printer nor by forged
 *   mail using their address as MAIL FROM (their own messages are bounded by the first limit).
 * Each applicable limit is counted even when another is over. Answers how long to wait when over
 * a limit, else null.
 */
async function countInboundAttempt(
  ctx: TAppContext,
  attempt: TInboundAttempt,
): Promise<{ retryAfterMs: number } | null> {
  const { inboundPerSender, inboundPerPrinter, inboundPerReplyTarget } = ctx.config.rateLimits;
  const limits: Array<{ bucket: string; key: string; rate: typeof inboundPerSender }> = [];
  if (attempt.replyTarget)
    limits.push({
      bucket: REPLY_TARGET_BUCKET,
      key: `to:${attempt.replyTarget.toLowerCase()}`,
      rate: inboundPerReplyTarget,
    });
  if (!attempt.trusted)
    limits.push(
      {
        bucket: SENDER_BUCKET,
        key: `sender:${attempt.sender ? attempt.sender.toLowerCase() : '<>'}`,
        rate: inboundPerSender,
      },
      {
        bucket: PRINTER_BUCKET,
        key: `printer:${attempt.printerAddress.toLowerCase()}`,
        rate: inboundPerPrinter,
      },
    );
  const waits: number[] = [];
  for (const { bucket, key, rate } of limits) {
    const hit = await hitRateLimit(ctx.db, bucket, key, rate.windowMs);
    if (hit.count > rate.max) waits.push(hit.ttlMs);
  }
  return waits.length > 0 ? { retryAfterMs: Math.max(...waits) } : null;
}

/**
 * The address of a printer at the inbound domain, or undefined (another domain, no printer, or
 * a printer taken out of service: its address is gone with it, so SMTP refuses it at RCPT).
 */
export async function findPrinterForAddress(
  ctx: TAppContext,
  address: string,
): Promise<TPrinterRow | undefined> {
  const normalized = address.trim().toLowerCase();
  const at = normalized.lastIndexOf('@');
  if (at <= 0 || normalized.slice(at + 1) !== ctx.config.inbound.domain) return undefined;
  const printer = await findPrinterByMailAddress(ctx.db, normalized);
  return printer?.decommissioned_at ? undefined : printer;
}

interface TParsedHeaders {
  header: (name: string) => string | undefined;
  headerAll: (name: string) => string[];
  contentType: string;
  fromAddress: string | null;
  messageId: string | null;
  subject: string | null;
  /** The To and Cc addresses (lower case). */
  toCc: string[];
  /** Delivered-To values, topmost (added last, by the receiving side) first. */
  deliveredTo: string[];
  /** How many To and Cc fields there are (the sender check wants them all signed). */
  recipientFields: { to: number; cc: number };
}

/**
 * Lower case for ASCII letters only: `toLowerCase` folds other letters too (the Kelvin sign
 * "K" becomes "k"), which would make an address nobody checked equal to someone's.
 */
const asciiLower = (value: string) => value.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

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
      .map((a) => (a.address ? asciiLower(a.address.trim()) : ''))
      .filter(Boolean);
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
    toCc: [...addressesOf(parsed.to), ...addressesOf(parsed.cc)],
    deliveredTo: (lines.get('delivered-to') ?? []).map((a) =>
      asciiLower(a.replace(/[<>]/g, '').trim()),
    ),
    recipientFields: {
      to: lines.get('to')?.length ?? 0,
      cc: lines.get('cc')?.length ?? 0,
    },
  };
}

/**
 * The printers a message is for: every printer among the envelope's recipients (RCPT TO, or the
 * provider's x-envelope-to). Without an envelope only the first printer address of the headers
 * (the receiving side's Delivered-To first, then To and Cc): those are the sender's to write, and
 * one posted message must not become an order and a reply at every printer it names.
 */
async function printersOf(
  ctx: TAppContext,
  envelope: TInboundEnvelope,
  headers: TParsedHeaders,
): Promise<Map<number, TPrinterRow>> {
  const printers = new Map<number, TPrinterRow>();
  const fromEnvelope = envelope.rcptTo.length > 0;
  const candidates = fromEnvelope ? envelope.rcptTo : [...headers.deliveredTo, ...headers.toCc];
  for (const address of new Set(candidates.map((a) => a.trim().toLowerCase()))) {
    const printer = await findPrinterForAddress(ctx, address);
    if (!printer) continue;
    printers.set(printer.id, printer);
    if (!fromEnvelope) break;
  }
  return printers;
}

/** What the sender check says for one printer the message is for. */
interface TRecipientVerdict {
  verdict: TInboundVerdict;
  userId: number | null;
  details: Record<string, string>;
}

/**
 * One received message, from the SMTP listener or the webhook (issue 14 point 1): recorded once
 * per printer it was sent to, whoever delivers it how often. Redelivery is recognised by the
 * Message-ID (else the bytes' hash) per printer; the database's unique constraint decides, so
 * two deliveries racing on two server instances still make one row and one job. Messages that
 * must never be answered are recorded as ignored (for the admin list) and get no job: loops
 * (checked first, no DNS spent on them) and strangers whose From domain fails DMARC (the reply
 * would go to whoever the sender pretended to be). The rest are queued for processing in the
 * same transaction. The limits are counted per printer after the sender check (it decides which
 * apply); over one, InboundRateLimited and nothing is kept. SenderCheckUnavailable when DNS
 * fails (the caller answers "try again later").
 */
export async function receiveInboundMessage(
  ctx: TAppContext,
  input: TReceiveInput,
): Promise<TReceived[]> {
  const { raw, via, envelope } = input;
  const headers = await parseHeaders(raw);
  const printers = await printersOf(ctx, envelope, headers);
  if (printers.size === 0) throw noPrinterRecipient();

  const loop: TIgnoreReason | null = loopReason({
    header: headers.header,
    contentType: headers.contentType,
    fromAddress: headers.fromAddress,
    mailFrom: envelope.mailFrom,
    ownDomain: ctx.config.inbound.domain,
    ownAddress: addressOfMailbox(ctx.config.mailFrom),
  });
  const check = loop
    ? null
    : await checkSender(ctx, {
        raw,
        fromAddress: headers.fromAddress,
        mailFrom: envelope.mailFrom,
        clientIp: envelope.clientIp,
        helo: envelope.helo,
        recipientFields: headers.recipientFields,
      });
  const ignored: TIgnoreReason | null =
    loop ??
    (check?.verdict === 'stranger' && check.details.dmarc === 'fail' ? 'forged_sender' : null);

  const verdictFor = (printer: TPrinterRow): TRecipientVerdict => {
    if (!check)
      return {
        verdict: 'ignored',
        userId: null,
        details: { from_domain: headers.fromAddress?.split('@').pop() ?? '' },
      };
    if (check.verdict !== 'trusted')
      return { verdict: 'stranger', userId: null, details: check.details };
    // Trust resting on a DKIM signature alone holds for the printers its signed To / Cc name.
    if (check.dkimOnly && !headers.toCc.includes(printer.email ?? ''))
      return {
        verdict: 'stranger',
        userId: null,
        details: { ...check.details, printer_named: 'no' },
      };
    return { verdict: 'trusted', userId: check.userId, details: check.details };
  };
  const verdicts = new Map([...printers].map(([id, printer]) => [id, verdictFor(printer)]));

  for (const [id, printer] of printers) {
    const limited = await countInboundAttempt(ctx, {
      sender: envelope.mailFrom ?? headers.fromAddress,
      printerAddress: printer.email ?? '',
      replyTarget: ignored ? null : headers.fromAddress,
      trusted: verdicts.get(id)?.verdict === 'trusted',
    });
    if (limited) throw new InboundRateLimited(limited.retryAfterMs);
  }

  const dedupeKey = headers.messageId
    ? headers.messageId.toLowerCase()
    : `sha256:${createHash('sha256').update(raw).digest('hex')}`;

  // Each row gets its own copy of the raw message (the processing job removes it when done, per
  // row); ignored messages are never processed, so nothing of them is kept but the row.
  const rawKeys = new Map<number, string>();
  // Once the rows are committed, their raw copies are theirs: never removed here after that.
  let committed = false;
  try {
    if (!ignored) {
      for (const printerId of printers.keys()) {
        const key = ctx.storage.newKey('eml');
        await ctx.storage.put(key, raw);
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
          verdict: verdicts.get(printerId)!.verdict,
          auth_details: JSON.stringify(verdicts.get(printerId)!.details),
          user_id: verdicts.get(printerId)!.userId,
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
    committed = true;
    for (const result of results) {
      const key = rawKeys.get(result.printerId) ?? null;
      // A redelivery's copy is no row's: a failed removal leaves a stray file, not a lost mail.
      if (result.duplicate)
        await ctx.storage
          .remove(key)
          .catch((err: unknown) => ctx.log.error({ err, key }, 'inbound copy not removed'));
    }
    if (results.some((r) => !r.duplicate) && !ignored) ctx.worker.kick();
    return results;
  } catch (err) {
    if (!committed) {
      for (const key of rawKeys.values())
        await ctx.storage
          .remove(key)
          .catch((removeErr: unknown) =>
            ctx.log.error({ err: removeErr, key }, 'inbound copy not removed'),
          );
    }
    throw err;
  }
}

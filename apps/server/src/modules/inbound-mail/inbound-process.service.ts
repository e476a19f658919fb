import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import {
  localeFromAcceptLanguage,
  MAX_FILE_SLOTS,
  translate,
  type TInboundOutcome,
  type TLocale,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TInboundDocument, TInboundMessageRow, TPrinterRow, TUserRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import {
  documentPagePng,
  uploadDocument,
  waitForDocument,
  type TIncomingFile,
} from '../documents/documents.service';
import { randomToken } from '../../lib/tokens';
import { currentPriceOf } from '../express/express-pricing.service';
import {
  createExpressOrder,
  guestOf,
  orderByToken,
  uploadToOrder,
} from '../express/express.service';
import { enqueueJob, type TJobRun } from '../jobs/queue';
import { registerRecurringTask, startRecurringTask, type TRecurringTask } from '../jobs/recurring';
import { SEND_MAIL_JOB } from '../mail/mail.jobs';
import { remainingPages } from '../pages/pages-ledger.service';
import { findPrinterById } from '../printers';
import { findPrintjobById, listDocumentsOfPrintjob, pricedJob } from '../printjobs';
import { findUserById } from '../users';
import { contentLanguageOf, inboundItemsOf, type TInboundItem } from './inbound-attachments';
import { PROCESS_INBOUND_MAIL_JOB } from './inbound-mail.jobs';
import {
  claimInboundMessage,
  findExpressOrderToken,
  findInboundMessage,
  listStuckInboundMessages,
  lockInboundMessage,
  releaseInboundClaim,
  updateClaimedInboundMessage,
  updateInboundMessage,
  type TInboundMessageUpdate,
} from './inbound-messages.repo';
import { inboundReplyMail, type TInboundReply, type TReplyPreview } from './inbound-reply';

// Processing one received message (issue 14 points 3 to 5): its files become documents in the
// sender's current print job (an account holder) or in a new express order (anyone else), the
// page counts are awaited for a while, and one reply goes out. Only documents are created here:
// nothing is printed before the person releases it at the printer (code or app) or pays.
//
// Exactly once. A run first claims the row (a token and a time the claim holds, renewed at every
// step): a second run of the same message (a job whose lease was lost, a redelivered job) finds
// it held and comes back when the claim would have run out, so two runs never make documents of
// one message at once. The row is the record of progress: the files' list is stored before any
// document is made, each document's id right after it is made, the express order's id right
// after it is opened; every write checks the claim is still this run's. A retry (crash) skips
// what the row already records. The reply is enqueued in the transaction that marks the row
// processed, under the row's lock, so it goes out once. A row a dead process left 'received' is
// swept to failed, with an answer, by a recurring task.

/** The first pages of each ready document shown in the reply, and how many pictures in all. */
const PREVIEW_PAGES_PER_DOCUMENT = 3;
const MAX_PREVIEWS = 6;
/** A preview larger than this stays out of the reply (the website shows it); all of them, this. */
const MAX_PREVIEW_BYTES = 512 * 1024;
const MAX_PREVIEWS_BYTES = 2 * 1024 * 1024;
/**
 * More MIME parts than this and the parser (mailsplit) refuses the message: a message of
 * thousands of tiny parts is answered that it was not read, not retried.
 */
const MAX_MESSAGE_PARTS = 1000;
/** A run's claim holds this long beyond the wait for page counts (uploads, previews). */
const CLAIM_MARGIN_MS = 5 * 60_000;
/** A message still 'received' this long after it arrived, and held by no run, is swept. */
export const INBOUND_STUCK_AFTER_MS = 60 * 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;
const SWEEP_BATCH = 100;

const LOCALE_OF_COUNTRY: Record<string, TLocale> = { PL: 'pl', DE: 'de', AT: 'de', CH: 'de' };

type TTarget =
  | { kind: 'account'; user: TUserRow }
  | { kind: 'express'; token: string; orderId: number; owner: TUserRow };

/** The claim's hold: the reply's wait for page counts and some margin. */
const claimMs = (ctx: TAppContext) => ctx.config.inbound.replyWaitMs + CLAIM_MARGIN_MS;

/** This run no longer holds the message (its claim ran out and another run took it over). */
class ClaimLost extends Error {
  constructor(messageId: number) {
    super(`inbound message ${messageId}: another run took it over`);
  }
}

export async function processInboundMessage(
  ctx: TAppContext,
  messageId: number,
  run?: Pick<TJobRun, 'attempt'>,
): Promise<void> {
  const token = randomToken();
  const row = await claimInboundMessage(ctx.db, messageId, token, claimMs(ctx));
  if (!row) {
    await comeBackLater(ctx, messageId);
    return;
  }
  try {
    await processReceived(ctx, row, token, Date.now());
  } catch (err) {
    if (err instanceof ClaimLost) {
      ctx.log.warn({ messageId }, err.message);
      return;
    }
    // Worth another try, unless this was the last one: then the row says so (admins see it) and
    // the sender hears that it did not work, rather than waiting for an answer that never comes.
    const attempts = PROCESS_INBOUND_MAIL_JOB.maxAttempts ?? 1;
    if (!run || run.attempt < attempts) {
      // The retry comes in seconds: it must not wait for this run's claim to run out.
      await releaseInboundClaim(ctx.db, messageId, token);
      throw err;
    }
    ctx.log.error({ err, messageId }, 'inbound message not processed after its last attempt');
    await finishFailed(ctx, messageId, token);
  }
}

/**
 * Another run holds the message: this job ends, and a new one comes when that claim would have
 * run out. Usually the other run has finished by then (nothing to do); if it died, this takes
 * over. A message no longer 'received' needs nothing.
 */
async function comeBackLater(ctx: TAppContext, messageId: number): Promise<void> {
  const row = await findInboundMessage(ctx.db, messageId);
  if (!row || row.status !== 'received') return;
  const runAt = new Date(Math.max(Date.now(), (row.claimed_until?.getTime() ?? 0) + 1_000));
  await enqueueJob(
    ctx.db,
    PROCESS_INBOUND_MAIL_JOB,
    { messageId },
    { runAt, uniqueKey: `${PROCESS_INBOUND_MAIL_JOB.name}:${messageId}:${runAt.getTime()}` },
  );
}

/** True when the parser refused the message for its number of parts. */
function isTooManyParts(err: unknown): boolean {
  return (
    err instanceof Error &&
    (err as { code?: unknown }).code === 'EMAXLEN' &&
    /child nodes/i.test(err.message)
  );
}

async function processReceived(
  ctx: TAppContext,
  row: TInboundMessageRow,
  token: string,
  startedAt: number,
): Promise<void> {
  const deadline = startedAt + ctx.config.inbound.replyWaitMs;
  const printer = await findPrinterById(ctx.db, row.printer_id);
  if (!printer) throw new Error(`printer ${row.printer_id} of inbound message ${row.id} is gone`);
  if (!row.raw_key) throw new Error(`inbound message ${row.id} has no stored message`);
  // Every write is this run's only while it holds the claim; each one renews it.
  const record = async (values: TInboundMessageUpdate) => {
    if (!(await updateClaimedInboundMessage(ctx.db, row.id, token, claimMs(ctx), values)))
      throw new ClaimLost(row.id);
  };
  const raw = await ctx.storage.read(row.raw_key);
  const holder =
    row.verdict === 'trusted' && row.user_id !== null
      ? await findUserById(ctx.db, row.user_id)
      : undefined;
  // Blocked since the message came in: handled as a stranger's (inbound-auth.ts), as one gone is.
  const user = holder?.blocked_at ? undefined : holder;
  const maxFiles = Math.min(ctx.config.inbound.maxAttachments, MAX_FILE_SLOTS);
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(raw, {
      // Keep cid: references in the HTML: they tell inline images (a signature logo) from files.
      skipImageLinks: true,
    });
  } catch (err) {
    if (!isTooManyParts(err)) throw err;
    await finishTooManyParts(ctx, row, token, printer, user, maxFiles, raw);
    return;
  }
  const locale = replyLocale(user, parsed, raw, printer);
  const { items, omitted } = inboundItemsOf(parsed, {
    maxBytes: ctx.config.maxUploadBytes,
    maxFiles,
  });

  // The files' list, stored once before anything is made of them (a retry finds it).
  let files = row.documents;
  if (files.length !== items.length) {
    files = items.map((item) => ({
      name: item.name,
      document_id: null,
      status: item.refusal ? 'refused' : 'processing',
      page_count: null,
      failure_code: item.refusal,
    }));
    await record({ documents: files, reply_locale: locale });
  }
  const progress: TInboundMessageUpdate = {
    documents: files,
    user_id: row.user_id,
    printjob_id: row.printjob_id,
    express_order_id: row.express_order_id,
  };
  const save = () => record(progress);
  const toCreate = () => files.filter((f) => f.status === 'processing' && f.document_id === null);

  let outcome: TInboundOutcome;
  let lockReason: string | null = null;
  let target: TTarget | null = null;
  // A disabled printer takes no guest's order; one taken out of service (after the message was
  // received) takes nothing at all, not even for an account: its address is gone.
  if ((!user && !printer.is_enabled) || printer.decommissioned_at !== null) {
    outcome = 'printer_unavailable';
    notAdded(toCreate(), null);
  } else if (!files.some((f) => f.document_id !== null) && toCreate().length === 0) {
    outcome = 'no_documents';
  } else {
    target = user
      ? { kind: 'account', user }
      : await expressTarget(ctx, row, printer, locale, progress, record);
    const added = await addFiles(ctx, target, items, files, progress, save);
    if (added.lock) lockReason = translate(locale, added.lock.messageKey, added.lock.values);
    const any = files.some((f) => f.document_id !== null);
    outcome = !any
      ? added.lock
        ? 'job_locked'
        : 'no_documents'
      : user
        ? 'added'
        : 'express_order';
  }

  // The page counts, as long as the reply may wait for them (the claim is renewed first).
  await save();
  for (const file of files) {
    if (file.document_id === null || file.status !== 'processing') continue;
    const doc = await waitForDocument(ctx, file.document_id, Math.max(0, deadline - Date.now()));
    if (!doc) continue;
    file.status = doc.status;
    file.page_count = doc.status === 'ready' ? doc.page_count : null;
    file.failure_code = doc.status === 'failed' ? doc.failure_code : null;
  }

  const reply: TInboundReply = {
    locale,
    to: row.from_address ?? '',
    subject: parsed.subject ?? row.subject,
    messageId: threadId(parsed.messageId ?? row.message_id),
    references: referencesOf(parsed.references),
    printerName: printer.name,
    outcome,
    lockReason,
    files,
    omitted,
    tooManyParts: null,
    limits: {
      maxFiles,
      maxBytes: ctx.config.maxUploadBytes,
      maxPages: ctx.config.maxPagesPerDocument,
    },
    price: null,
    link: null,
    start: null,
    previews: [],
  };
  if (target?.kind === 'account') {
    reply.link = `${ctx.config.publicUrl}/print`;
    reply.start = 'account';
    if (outcome === 'added') {
      reply.price = await accountPrice(ctx, target.user, progress.printjob_id ?? null);
      reply.previews = await previewsOf(ctx, target.user, files);
    }
  } else if (target?.kind === 'express' && outcome === 'express_order') {
    const order = await orderByToken(ctx.db, target.token);
    const price = await currentPriceOf(ctx, order, printer);
    reply.price = {
      kind: 'money',
      totalMinor: price.total_minor,
      currency: price.currency,
      processing: files.some((f) => f.status === 'processing'),
    };
    reply.link = `${ctx.config.publicUrl}/express/orders/${target.token}`;
    reply.start = 'express';
    reply.previews = await previewsOf(ctx, target.owner, files);
  } else if (outcome === 'printer_unavailable') {
    reply.link = `${ctx.config.publicUrl}/map`;
  }

  await finish(ctx, row.id, token, {
    ...progress,
    status: 'processed',
    outcome,
    reply_locale: locale,
    reply: reply.to ? reply : null,
  });
}

/**
 * A message of more parts than the parser reads: nothing of it is looked at, and the sender
 * hears why (not the generic failure after five attempts that could never succeed).
 */
async function finishTooManyParts(
  ctx: TAppContext,
  row: TInboundMessageRow,
  token: string,
  printer: TPrinterRow,
  user: TUserRow | undefined,
  maxFiles: number,
  raw: Buffer,
): Promise<void> {
  const locale = user?.locale ?? localeOfHeaders(contentLanguageOf(raw)) ?? countryLocale(printer);
  await finish(ctx, row.id, token, {
    status: 'processed',
    outcome: 'no_documents',
    documents: [],
    reply_locale: locale,
    reply: row.from_address
      ? {
          ...bareReply(ctx, row, locale, printer.name, 'no_documents'),
          tooManyParts: MAX_MESSAGE_PARTS,
          limits: {
            maxFiles,
            maxBytes: ctx.config.maxUploadBytes,
            maxPages: ctx.config.maxPagesPerDocument,
          },
        }
      : null,
  });
}

/** An answer that lists no files, to the row's sender, threaded under the row's message. */
function bareReply(
  ctx: TAppContext,
  row: TInboundMessageRow,
  locale: TLocale,
  printerName: string,
  outcome: TInboundOutcome,
): TInboundReply {
  return {
    locale,
    to: row.from_address ?? '',
    subject: row.subject,
    messageId: threadId(row.message_id),
    references: [],
    printerName,
    outcome,
    lockReason: null,
    files: [],
    omitted: 0,
    tooManyParts: null,
    limits: { maxFiles: MAX_FILE_SLOTS, maxBytes: ctx.config.maxUploadBytes, maxPages: 0 },
    price: null,
    link: ctx.config.publicUrl,
    start: null,
    previews: [],
  };
}

/**
 * The account's language; else the message's language headers (Content-Language of the message
 * or, where mail clients put it, of its text part; then Accept-Language); else the printer's
 * country.
 */
function replyLocale(
  user: TUserRow | undefined,
  parsed: ParsedMail,
  raw: Buffer,
  printer: TPrinterRow,
): TLocale {
  if (user) return user.locale;
  const accept = parsed.headers.get('accept-language');
  return (
    localeOfHeaders(contentLanguageOf(raw)) ??
    localeOfHeaders(typeof accept === 'string' ? accept : undefined) ??
    countryLocale(printer)
  );
}

const localeOfHeaders = (value: string | undefined): TLocale | undefined =>
  value ? localeFromAcceptLanguage(value) : undefined;

const countryLocale = (printer: TPrinterRow | undefined): TLocale =>
  LOCALE_OF_COUNTRY[printer?.country.trim().toUpperCase() ?? ''] ?? 'en';

/** A Message-ID as In-Reply-To wants it (<…>), or null when there is none to thread under. */
function threadId(messageId: string | null | undefined): string | null {
  const id = messageId?.trim().replace(/^<|>$/g, '');
  return id && !/[\s<>]/.test(id) ? `<${id}>` : null;
}

/** The answered message's References header as ids (<…>), the ones that are well formed. */
function referencesOf(references: string | string[] | undefined): string[] {
  const ids = (Array.isArray(references) ? references : references ? [references] : [])
    .flatMap((value) => value.split(/[\s,]+/))
    .map(threadId);
  return ids.filter((id): id is string => id !== null);
}

/**
 * A stranger's express order at the printer: the one this row already made (a retry), else a new
 * one, recorded on the row at once.
 */
async function expressTarget(
  ctx: TAppContext,
  row: TInboundMessageRow,
  printer: TPrinterRow,
  locale: TLocale,
  progress: TInboundMessageUpdate,
  record: (values: TInboundMessageUpdate) => Promise<void>,
): Promise<TTarget> {
  const token =
    row.express_order_id === null
      ? undefined
      : await findExpressOrderToken(ctx.db, row.express_order_id);
  const order = token
    ? await orderByToken(ctx.db, token)
    : await createExpressOrder(ctx, printer.id, locale, null);
  progress.express_order_id = order.id;
  progress.printjob_id = order.printjob_id;
  await record({ express_order_id: order.id, printjob_id: order.printjob_id });
  return {
    kind: 'express',
    token: order.token,
    orderId: order.id,
    owner: await guestOf(ctx.db, order),
  };
}

function notAdded(files: TInboundDocument[], code: string | null): void {
  for (const file of files) {
    file.status = 'refused';
    file.failure_code = code;
  }
}

/**
 * Makes a document of every file not refused and not made yet, recording each on the row right
 * after it is made. A job that cannot take files now (confirmed, printing, an order no longer a
 * draft) stops it: the rest are "not added", with the upload's own message as the reason.
 */
async function addFiles(
  ctx: TAppContext,
  target: TTarget,
  items: TInboundItem[],
  files: TInboundDocument[],
  progress: TInboundMessageUpdate,
  save: () => Promise<void>,
): Promise<{ lock: AppError | null }> {
  for (const [index, file] of files.entries()) {
    const item = items[index];
    if (!item || file.status !== 'processing' || file.document_id !== null) continue;
    const incoming = await scratchFile(ctx, item);
    try {
      const { job, document } =
        target.kind === 'account'
          ? await uploadDocument(ctx, target.user, incoming.file)
          : await uploadToOrder(ctx, target.token, incoming.file);
      file.document_id = document.id;
      file.status = document.status;
      file.failure_code = document.failure_code;
      progress.printjob_id = job.id;
      if (target.kind === 'account') progress.user_id = target.user.id;
      await save();
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const rest = files.slice(index).filter((f) => f.status === 'processing' && !f.document_id);
      if (err.code === 'too_many_files') {
        // The job was fuller than the message's own count allowed for (files from the website).
        notAdded(rest, 'too_many_files');
        await save();
        return { lock: null };
      }
      if (err.statusCode !== 409) throw err;
      notAdded(rest, null);
      await save();
      return { lock: err };
    } finally {
      await fs.rm(incoming.dir, { recursive: true, force: true });
    }
  }
  return { lock: null };
}

/** The file in a scratch directory, as the upload hands it over (the service takes it). */
async function scratchFile(
  ctx: TAppContext,
  item: TInboundItem,
): Promise<{ dir: string; file: TIncomingFile }> {
  const dir = await ctx.storage.scratch();
  const file = path.join(dir, 'attachment');
  await fs.writeFile(file, item.content);
  return {
    dir,
    file: { path: file, size: item.content.length, name: item.name, truncated: false },
  };
}

/** The job's price in pages, as the print page shows it, and the pages the account has left. */
async function accountPrice(
  ctx: TAppContext,
  user: TUserRow,
  printjobId: number | null,
): Promise<TInboundReply['price']> {
  const job = printjobId === null ? undefined : await findPrintjobById(ctx.db, printjobId);
  if (!job) return null;
  const documents = await listDocumentsOfPrintjob(ctx.db, job.id);
  return {
    kind: 'pages',
    cost: pricedJob(job, documents).cost,
    remaining: await remainingPages(ctx.db, user.id, ctx.now()),
    processing: documents.some((d) => d.status === 'processing'),
  };
}

/**
 * The first pages of the ready documents (up to three each, six in all, 2 MiB together), in the
 * message's order; a preview that fails or is too large is left out.
 */
async function previewsOf(
  ctx: TAppContext,
  owner: TUserRow,
  files: TInboundDocument[],
): Promise<TReplyPreview[]> {
  const previews: TReplyPreview[] = [];
  let bytes = 0;
  for (const file of files) {
    if (file.status !== 'ready' || file.document_id === null) continue;
    const pages = Math.min(file.page_count ?? 1, PREVIEW_PAGES_PER_DOCUMENT);
    for (let page = 1; page <= pages; page++) {
      if (previews.length >= MAX_PREVIEWS) return previews;
      try {
        const png = await ctx.storage.read(
          await documentPagePng(ctx, owner, file.document_id, page),
        );
        if (png.length > MAX_PREVIEW_BYTES || bytes + png.length > MAX_PREVIEWS_BYTES) continue;
        previews.push({ name: file.name, page, png });
        bytes += png.length;
      } catch (err) {
        ctx.log.warn(
          { err, documentId: file.document_id, page },
          'no preview for the inbound reply',
        );
      }
    }
  }
  return previews;
}

/**
 * Marks the row done and enqueues its reply in one transaction, under the row's lock: whoever
 * finishes first answers, a second run (lost lease, retry) finds the row no longer 'received'.
 * `token` is the finishing run's claim (null: the sweep); a row another run holds right now is
 * left to it. The stored message is removed after the commit.
 */
async function finish(
  ctx: TAppContext,
  id: number,
  token: string | null,
  values: TInboundMessageUpdate & { reply: TInboundReply | null },
): Promise<boolean> {
  const { reply, ...update } = values;
  const rawKey = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockInboundMessage(trx, id);
    if (!row || row.status !== 'received') return null;
    const heldByAnother =
      row.claim_token !== null &&
      row.claim_token !== token &&
      row.claimed_until !== null &&
      row.claimed_until.getTime() > Date.now();
    if (heldByAnother) return null;
    const now = ctx.now();
    await updateInboundMessage(trx, id, {
      ...update,
      raw_key: null,
      processed_at: now,
      replied_at: reply ? now : null,
      claim_token: null,
      claimed_until: null,
    });
    if (reply) await enqueueJob(trx, SEND_MAIL_JOB, inboundReplyMail(reply));
    return row.raw_key ?? '';
  });
  if (rawKey === null) return false;
  ctx.worker.kick();
  if (rawKey !== '') await ctx.storage.remove(rawKey);
  return true;
}

/**
 * After the last attempt, or found stuck by the sweep: failed, and a short answer so the sender
 * knows to try another way. Answers whether this call finished it.
 */
async function finishFailed(ctx: TAppContext, id: number, token: string | null): Promise<boolean> {
  const row = await findInboundMessage(ctx.db, id);
  if (!row || row.status !== 'received') return false;
  const printer = await findPrinterById(ctx.db, row.printer_id);
  const locale: TLocale =
    row.reply_locale === 'de' || row.reply_locale === 'pl' || row.reply_locale === 'en'
      ? row.reply_locale
      : countryLocale(printer);
  return finish(ctx, id, token, {
    status: 'failed',
    outcome: 'failed',
    reply_locale: locale,
    reply: row.from_address ? bareReply(ctx, row, locale, printer?.name ?? '', 'failed') : null,
  });
}

/**
 * Messages whose processing died for good (the process was killed in its last attempt, the job
 * was lost) stay 'received' with nobody to finish them: after an hour, held by no run, they are
 * failed and their senders answered. Answers how many.
 */
export async function sweepStuckInboundMessages(ctx: TAppContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - INBOUND_STUCK_AFTER_MS);
  let swept = 0;
  for (const id of await listStuckInboundMessages(ctx.db, before, SWEEP_BATCH)) {
    if (await finishFailed(ctx, id, null)) swept += 1;
  }
  if (swept > 0) ctx.log.warn({ swept }, 'inbound messages stuck unprocessed: failed and answered');
  return swept;
}

function sweepTask(ctx: TAppContext): TRecurringTask {
  return {
    name: 'inbound_mail.stuck_sweep',
    everyMs: SWEEP_EVERY_MS,
    run: async () => {
      await sweepStuckInboundMessages(ctx);
    },
  };
}

export function registerInboundSweepWork(ctx: TAppContext): void {
  registerRecurringTask(ctx, sweepTask(ctx));
}

/** Starts the recurring sweep (the server's start; every instance may call it). */
export function startInboundSweep(ctx: TAppContext): Promise<void> {
  return startRecurringTask(ctx, sweepTask(ctx));
}

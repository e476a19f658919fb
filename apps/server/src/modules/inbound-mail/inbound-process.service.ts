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
import { currentPriceOf } from '../express/express-pricing.service';
import {
  createExpressOrder,
  guestOf,
  orderByToken,
  uploadToOrder,
} from '../express/express.service';
import { enqueueJob, type TJobRun } from '../jobs/queue';
import { SEND_MAIL_JOB } from '../mail/mail.jobs';
import { remainingPages } from '../pages/pages-ledger.service';
import { findPrinterById } from '../printers';
import { findPrintjobById, listDocumentsOfPrintjob, pricedJob } from '../printjobs';
import { findUserById } from '../users';
import { inboundItemsOf, type TInboundItem } from './inbound-attachments';
import { PROCESS_INBOUND_MAIL_JOB } from './inbound-mail.jobs';
import {
  findExpressOrderToken,
  findInboundMessage,
  lockInboundMessage,
  updateInboundMessage,
  type TInboundMessageUpdate,
} from './inbound-messages.repo';
import { inboundReplyMail, type TInboundReply, type TReplyPreview } from './inbound-reply';

// Processing one received message (issue 14 points 3 to 5): its files become documents in the
// sender's current print job (an account holder) or in a new express order (anyone else), the
// page counts are awaited for a while, and one reply goes out. Only documents are created here:
// nothing is printed before the person releases it at the printer (code or app) or pays.
//
// Exactly once. The row is the record of progress: the files' list is stored before any document
// is made, each document's id right after it is made, the express order's id right after it is
// opened. A retry (crash, lost lease) skips what the row already records. The reply is enqueued
// in the transaction that marks the row processed, under the row's lock, so it goes out once.

/** How many documents the reply shows the first page of. */
const PREVIEW_DOCUMENTS = 3;
/** A preview larger than this stays out of the reply (the website shows it). */
const MAX_PREVIEW_BYTES = 512 * 1024;

const LOCALE_OF_COUNTRY: Record<string, TLocale> = { PL: 'pl', DE: 'de', AT: 'de', CH: 'de' };

type TTarget =
  | { kind: 'account'; user: TUserRow }
  | { kind: 'express'; token: string; orderId: number; owner: TUserRow };

export async function processInboundMessage(
  ctx: TAppContext,
  messageId: number,
  run?: Pick<TJobRun, 'attempt'>,
): Promise<void> {
  const row = await findInboundMessage(ctx.db, messageId);
  if (!row || row.status !== 'received') return;
  try {
    await processReceived(ctx, row, Date.now());
  } catch (err) {
    // Worth another try, unless this was the last one: then the row says so (admins see it) and
    // the sender hears that it did not work, rather than waiting for an answer that never comes.
    const attempts = PROCESS_INBOUND_MAIL_JOB.maxAttempts ?? 1;
    if (!run || run.attempt < attempts) throw err;
    ctx.log.error({ err, messageId }, 'inbound message not processed after its last attempt');
    await finishFailed(ctx, messageId);
  }
}

async function processReceived(
  ctx: TAppContext,
  row: TInboundMessageRow,
  startedAt: number,
): Promise<void> {
  const deadline = startedAt + ctx.config.inbound.replyWaitMs;
  const printer = await findPrinterById(ctx.db, row.printer_id);
  if (!printer) throw new Error(`printer ${row.printer_id} of inbound message ${row.id} is gone`);
  if (!row.raw_key) throw new Error(`inbound message ${row.id} has no stored message`);
  const parsed = await simpleParser(await fs.readFile(ctx.storage.pathOf(row.raw_key)), {
    // Keep cid: references in the HTML: they tell inline images (a signature logo) from files.
    skipImageLinks: true,
  });
  const user =
    row.verdict === 'trusted' && row.user_id !== null
      ? await findUserById(ctx.db, row.user_id)
      : undefined;
  const locale = replyLocale(user, parsed, printer);
  const maxFiles = Math.min(ctx.config.inbound.maxAttachments, MAX_FILE_SLOTS);
  const items = inboundItemsOf(parsed, { maxBytes: ctx.config.maxUploadBytes, maxFiles });

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
    await updateInboundMessage(ctx.db, row.id, { documents: files, reply_locale: locale });
  }
  const progress: TInboundMessageUpdate = {
    documents: files,
    user_id: row.user_id,
    printjob_id: row.printjob_id,
    express_order_id: row.express_order_id,
  };
  const save = () => updateInboundMessage(ctx.db, row.id, progress);
  const toCreate = () => files.filter((f) => f.status === 'processing' && f.document_id === null);

  let outcome: TInboundOutcome;
  let lockReason: string | null = null;
  let target: TTarget | null = null;
  if (!user && !printer.is_enabled) {
    outcome = 'printer_unavailable';
    notAdded(toCreate(), null);
  } else if (!files.some((f) => f.document_id !== null) && toCreate().length === 0) {
    outcome = 'no_documents';
  } else {
    target = user
      ? { kind: 'account', user }
      : await expressTarget(ctx, row, printer, locale, progress);
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

  // The page counts, as long as the reply may wait for them.
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
    printerName: printer.name,
    outcome,
    lockReason,
    files,
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

  await finish(ctx, row.id, {
    ...progress,
    status: 'processed',
    outcome,
    reply_locale: locale,
    reply: reply.to ? reply : null,
  });
}

/** The account's language; else the message's language headers; else the printer's country. */
function replyLocale(
  user: TUserRow | undefined,
  parsed: ParsedMail,
  printer: TPrinterRow,
): TLocale {
  if (user) return user.locale;
  for (const header of ['content-language', 'accept-language']) {
    const value = parsed.headers.get(header);
    const locale = typeof value === 'string' ? localeFromAcceptLanguage(value) : undefined;
    if (locale) return locale;
  }
  return LOCALE_OF_COUNTRY[printer.country.trim().toUpperCase()] ?? 'en';
}

/** A Message-ID as In-Reply-To wants it (<…>), or null when there is none to thread under. */
function threadId(messageId: string | null | undefined): string | null {
  const id = messageId?.trim().replace(/^<|>$/g, '');
  return id && !/[\s<>]/.test(id) ? `<${id}>` : null;
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
  await updateInboundMessage(ctx.db, row.id, {
    express_order_id: order.id,
    printjob_id: order.printjob_id,
  });
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

/** The first page of the first few ready documents; a preview that fails is left out. */
async function previewsOf(
  ctx: TAppContext,
  owner: TUserRow,
  files: TInboundDocument[],
): Promise<TReplyPreview[]> {
  const previews: TReplyPreview[] = [];
  for (const file of files) {
    if (previews.length >= PREVIEW_DOCUMENTS) break;
    if (file.status !== 'ready' || file.document_id === null) continue;
    try {
      const png = await fs.readFile(await documentPagePng(ctx, owner, file.document_id, 1));
      if (png.length <= MAX_PREVIEW_BYTES) previews.push({ name: file.name, png });
    } catch (err) {
      ctx.log.warn({ err, documentId: file.document_id }, 'no preview for the inbound reply');
    }
  }
  return previews;
}

/**
 * Marks the row done and enqueues its reply in one transaction, under the row's lock: whoever
 * finishes first answers, a second run (lost lease, retry) finds the row no longer 'received'.
 * The stored message is removed after the commit.
 */
async function finish(
  ctx: TAppContext,
  id: number,
  values: TInboundMessageUpdate & { reply: TInboundReply | null },
): Promise<void> {
  const { reply, ...update } = values;
  const rawKey = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockInboundMessage(trx, id);
    if (!row || row.status !== 'received') return null;
    const now = ctx.now();
    await updateInboundMessage(trx, id, {
      ...update,
      raw_key: null,
      processed_at: now,
      replied_at: reply ? now : null,
    });
    if (reply) await enqueueJob(trx, SEND_MAIL_JOB, inboundReplyMail(reply));
    return row.raw_key;
  });
  if (rawKey === null) return;
  ctx.worker.kick();
  await ctx.storage.remove(rawKey);
}

/** After the last attempt: failed, and a short answer so the sender knows to try another way. */
async function finishFailed(ctx: TAppContext, id: number): Promise<void> {
  const row = await findInboundMessage(ctx.db, id);
  if (!row) return;
  const printer = await findPrinterById(ctx.db, row.printer_id);
  const locale: TLocale =
    row.reply_locale === 'de' || row.reply_locale === 'pl' || row.reply_locale === 'en'
      ? row.reply_locale
      : (LOCALE_OF_COUNTRY[printer?.country.trim().toUpperCase() ?? ''] ?? 'en');
  await finish(ctx, id, {
    status: 'failed',
    outcome: 'failed',
    reply_locale: locale,
    reply: row.from_address
      ? {
          locale,
          to: row.from_address,
          subject: row.subject,
          messageId: threadId(row.message_id),
          printerName: printer?.name ?? '',
          outcome: 'failed',
          lockReason: null,
          files: [],
          limits: { maxFiles: MAX_FILE_SLOTS, maxBytes: ctx.config.maxUploadBytes, maxPages: 0 },
          price: null,
          link: ctx.config.publicUrl,
          start: null,
          previews: [],
        }
      : null,
  });
}

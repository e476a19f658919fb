import {
  formatMegabytes,
  createTranslator,
  formatMoney,
  INBOUND_REFUSALS,
  type TInboundOutcome,
  type TInboundRefusal,
  type TLocale,
  type TTranslate,
} from '@printomat/shared';
import type { TInboundDocument } from '../../db/schema';
import { escapeHtml } from '../mail/mail.templates';
import type { TMail } from '../mail/mailer';
import { failureReason } from '../printjobs';

// The answer to a message sent to a printer's address (issue 14 point 4): in the sender's
// language, per file its pages or why it is not printed (the upload's own messages), the first
// pages as pictures, the price and how to start printing. Threaded under the message answered.

export type TReplyPrice =
  /** An account holder: the job's cost in pages (as the print page shows it) and what is left. */
  | { kind: 'pages'; cost: number; remaining: number; processing: boolean }
  /** A stranger: the express order's price in money. */
  | { kind: 'money'; totalMinor: number; currency: string; processing: boolean };

export interface TReplyPreview {
  name: string;
  /** Which page of the document it shows (from 1). */
  page: number;
  png: Buffer;
}

export interface TInboundReply {
  locale: TLocale;
  to: string;
  /** The answered message's Subject and Message-ID (with <>), as sent. */
  subject: string | null;
  messageId: string | null;
  /** The answered message's own References (ids with <>, oldest first): the thread so far. */
  references: string[];
  printerName: string;
  outcome: TInboundOutcome;
  /** Why nothing could be added (the upload's own message), for job_locked. */
  lockReason: string | null;
  files: TInboundDocument[];
  /** Attachments beyond the listed ones, counted only ("and 12 more files: not added"). */
  omitted: number;
  /** The message had more parts than are read at all: nothing of it was looked at. */
  tooManyParts: number | null;
  limits: { maxFiles: number; maxBytes: number; maxPages: number };
  price: TReplyPrice | null;
  /** How to go on: the print page, the order's pay link or the printer map. */
  link: string | null;
  start: 'account' | 'express' | null;
  previews: TReplyPreview[];
}

/** "50 MB": the upload limit as people read it (the same words as a document's failure). */
export { formatMegabytes };

const isRefusal = (code: string | null): code is TInboundRefusal =>
  (INBOUND_REFUSALS as readonly (string | null)[]).includes(code);

/** One line per file: its pages, or why it is not printed. */
function fileLine(t: TTranslate, reply: TInboundReply, file: TInboundDocument): string {
  const name = file.name;
  if (file.status === 'ready' && file.page_count !== null)
    return t('inbound_mail.reply.file.pages', { name, count: file.page_count });
  if (file.status === 'processing') return t('inbound_mail.reply.file.processing', { name });
  if (isRefusal(file.failure_code)) {
    const reason = t(`inbound_mail.refused.${file.failure_code}`, {
      max: reply.limits.maxFiles,
      limit: formatMegabytes(reply.locale, reply.limits.maxBytes),
    });
    return t('inbound_mail.reply.file.failed', { name, reason });
  }
  if (file.failure_code) {
    const reason = failureReason(reply.locale, file.failure_code, reply.limits);
    return t('inbound_mail.reply.file.failed', { name, reason });
  }
  return t('inbound_mail.reply.file.not_added', { name });
}

function subjectOf(t: TTranslate, reply: TInboundReply): string {
  // One line: a folded or hostile subject never becomes a second header.
  const original = (reply.subject ?? '').replace(/[\r\n\t]+/g, ' ').trim();
  if (!original) return t('inbound_mail.reply.no_subject', { printer: reply.printerName });
  return /^re:/i.test(original) ? original : `Re: ${original}`;
}

function priceLines(t: TTranslate, reply: TInboundReply): string[] {
  const price = reply.price;
  if (!price) return [];
  const lines =
    price.kind === 'pages'
      ? [
          t('inbound_mail.reply.price.pages', { count: price.cost }),
          t('inbound_mail.reply.price.remaining', { count: price.remaining }),
        ]
      : [
          t('inbound_mail.reply.price.money', {
            amount: formatMoney(reply.locale, price.totalMinor, price.currency),
          }),
        ];
  return price.processing ? [...lines, t('inbound_mail.reply.price.processing')] : lines;
}

function introOf(t: TTranslate, reply: TInboundReply): string {
  const printer = reply.printerName;
  switch (reply.outcome) {
    case 'added':
      return t('inbound_mail.reply.intro.added', { printer });
    case 'express_order':
      return t('inbound_mail.reply.intro.express_order', { printer });
    case 'job_locked':
      return t('inbound_mail.reply.intro.job_locked', { reason: reply.lockReason ?? '' });
    case 'printer_unavailable':
      return t('inbound_mail.reply.intro.printer_unavailable', { printer });
    case 'no_documents':
      return t('inbound_mail.reply.intro.no_documents');
    // The loop-protection outcomes are never answered (decided before processing).
    case 'failed':
    case 'auto_reply':
    case 'bounce':
    case 'list':
    case 'no_sender':
    case 'forged_sender':
      return t('inbound_mail.reply.intro.failed');
  }
}

/** How many ids of the thread a reply carries at most (the first, then the latest). */
const MAX_REFERENCES = 10;

/**
 * References (RFC 5322 3.6.4): the answered message's References, then its Message-ID, so mail
 * clients keep the whole conversation together. A long chain keeps its first id and the latest.
 */
function referencesOf(reply: TInboundReply, messageId: string): string {
  const chain = [...reply.references.filter((id) => id !== messageId), messageId];
  const kept =
    chain.length <= MAX_REFERENCES
      ? chain
      : [chain[0] ?? messageId, ...chain.slice(chain.length - (MAX_REFERENCES - 1))];
  return kept.join(' ');
}

/** Content-IDs of the previews: unique within the reply, never derived from a file's name. */
const previewCid = (index: number) => `preview-${index + 1}@printomat`;

export function inboundReplyMail(reply: TInboundReply): TMail {
  const t = createTranslator(reply.locale);
  const files = [
    ...reply.files.map((file) => fileLine(t, reply, file)),
    ...(reply.omitted > 0 ? [t('inbound_mail.reply.file.more', { count: reply.omitted })] : []),
  ];
  const created = reply.files.some((f) => f.document_id !== null);
  const printable = reply.files.some(
    (f) => f.document_id !== null && (f.status === 'ready' || f.status === 'processing'),
  );
  // Money or pages and "how to print" only when something can be printed.
  const goOn = !created || printable;
  const after = [
    ...(reply.tooManyParts !== null
      ? [
          t('inbound_mail.reply.too_many_parts', {
            parts: reply.tooManyParts,
            max: reply.limits.maxFiles,
          }),
        ]
      : []),
    ...(created && !printable ? [t('inbound_mail.reply.nothing_printable')] : []),
    ...(printable ? priceLines(t, reply) : []),
    ...(printable && reply.start
      ? [t(`inbound_mail.reply.start.${reply.start}`, { printer: reply.printerName })]
      : []),
  ];
  const link = goOn ? reply.link : null;
  const previews = reply.previews.map((p, index) => ({ ...p, cid: previewCid(index) }));

  const text = [
    t('mail.greeting'),
    introOf(t, reply),
    ...(files.length
      ? [[t('inbound_mail.reply.files'), ...files.map((f) => `- ${f}`)].join('\n')]
      : []),
    ...after,
    ...(link ? [link] : []),
    t('mail.signature'),
  ].join('\n\n');

  const paragraph = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1d2433">',
    paragraph(t('mail.greeting')),
    paragraph(introOf(t, reply)),
    ...(files.length
      ? [
          paragraph(t('inbound_mail.reply.files')),
          `<ul>${files.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`,
        ]
      : []),
    ...after.map(paragraph),
    ...(link
      ? [`<p><a href="${escapeHtml(link)}" style="color:#0b6bcb">${escapeHtml(link)}</a></p>`]
      : []),
    ...(previews.length
      ? [
          paragraph(t('inbound_mail.reply.previews')),
          `<p>${previews
            .map(
              (p) =>
                `<img src="cid:${p.cid}" alt="${escapeHtml(
                  t('inbound_mail.reply.preview_alt', { name: p.name, page: p.page }),
                )}" width="160" style="border:1px solid #c9ced6;margin:0 8px 8px 0">`,
            )
            .join('')}</p>`,
        ]
      : []),
    paragraph(t('mail.signature')),
    '</body></html>',
  ].join('');

  const messageId = reply.messageId;
  return {
    to: reply.to,
    subject: subjectOf(t, reply),
    text,
    html,
    ...(messageId && { inReplyTo: messageId, references: referencesOf(reply, messageId) }),
    // An automatic answer (RFC 3834): autoresponders, ours included, never answer it back.
    headers: { 'Auto-Submitted': 'auto-replied' },
    ...(previews.length && {
      attachments: previews.map((p, index) => ({
        filename: `preview-${index + 1}-page-${p.page}.png`,
        contentType: 'image/png',
        contentBase64: p.png.toString('base64'),
        cid: p.cid,
      })),
    }),
  };
}

import { z } from 'zod';
import { createTranslator, formatDateTime, formatMegabytes, type TLocale } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TJobType } from '../jobs/queue';
import { escapeHtml } from '../mail/mail.templates';
import type { TMail } from '../mail/mailer';
import { findScanForMail, markScanMailed } from './scans.repo';

// The mail that delivers a scan, in the person's language. It has its own job (not mail.send):
// mail.send carries attachments base64 in the jobs table, and a scan may be 10 MB; this job
// carries the scan's id and reads the file from storage when it sends.

/** Scans up to this size go along as the attachment; larger ones get a link to the account. */
export const SCAN_MAIL_ATTACH_MAX_BYTES = 10 * 1024 * 1024;

const ZScanMailPayload = z.object({ scanId: z.number().int().positive() });

export const SCAN_MAIL_JOB: TJobType<typeof ZScanMailPayload> = {
  name: 'scans.mail',
  schema: ZScanMailPayload,
  maxAttempts: 8,
};

type TScanMailContent = {
  locale: TLocale;
  to: string;
  printer: string;
  date: string;
  pages: number;
  size: string;
  days: number;
  link: string;
  /** 'attached' with the PDF; 'too_large' or 'gone' with the account link instead. */
  kind: 'attached' | 'too_large' | 'gone';
};

export function scanMail(content: TScanMailContent): Omit<TMail, 'attachments'> {
  const t = createTranslator(content.locale);
  const values = {
    printer: content.printer,
    date: content.date,
    pages: content.pages,
    size: content.size,
  };
  const before = [t('mail.greeting'), t(`scans.mail.${content.kind}`, values)];
  const after = [
    ...(content.kind === 'gone' ? [] : [t('scans.mail.kept', { days: content.days })]),
    t('mail.signature'),
  ];
  const link = content.kind === 'attached' ? null : content.link;
  const paragraph = (p: string) => `<p>${escapeHtml(p)}</p>`;
  return {
    to: content.to,
    subject: t('scans.mail.subject', { printer: content.printer }),
    text: [...before, ...(link ? [link] : []), ...after].join('\n\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1d2433">${before
      .map(paragraph)
      .join('')}${
      link
        ? `<p><a href="${escapeHtml(link)}" style="color:#0b6bcb">${escapeHtml(link)}</a></p>`
        : ''
    }${after.map(paragraph).join('')}</body></html>`,
  };
}

/** Reads a stored scan, or null when its file is gone (deleted meanwhile). */
async function readStored(ctx: TAppContext, key: string): Promise<Buffer | null> {
  const stored = await ctx.storage.openIfPresent(key);
  return stored ? Buffer.concat((await stored.stream.toArray()) as Buffer[]) : null;
}

/**
 * The job: mails the scan once (mailed_at). A scan the person already deleted, or whose account
 * went, is not mailed. Should sending succeed and the mark fail, the retry mails again, as
 * mail.send would.
 */
export async function sendScanMail(ctx: TAppContext, scanId: number): Promise<void> {
  const scan = await findScanForMail(ctx.db, scanId);
  if (!scan || scan.mailed_at !== null || scan.deleted_at !== null) return;
  const locale = scan.locale;
  const attachable = scan.file_key !== null && scan.byte_size <= SCAN_MAIL_ATTACH_MAX_BYTES;
  const file = attachable && scan.file_key ? await readStored(ctx, scan.file_key) : null;
  const stored = scan.file_key !== null && (file !== null || !attachable);
  const mail = scanMail({
    locale,
    to: scan.email,
    printer: scan.printer_name ?? 'Printomat',
    date: formatDateTime(locale, scan.created_at, scan.timezone ?? undefined),
    pages: scan.pages,
    size: formatMegabytes(locale, scan.byte_size),
    days: Math.round(ctx.config.scanRetentionMs / 86_400_000),
    link: `${ctx.config.publicUrl}/account`,
    kind: file ? 'attached' : stored ? 'too_large' : 'gone',
  });
  await ctx.mailer.send({
    ...mail,
    ...(file && {
      attachments: [
        {
          filename: scan.file_name,
          contentType: scan.content_type,
          contentBase64: file.toString('base64'),
        },
      ],
    }),
  });
  await markScanMailed(ctx.db, scan.id, ctx.now());
}

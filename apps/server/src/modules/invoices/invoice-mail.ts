import { createTranslator, formatMoney, type TLocale } from '@printomat/shared';
import type { TDb } from '../../db/database';
import { enqueueJob } from '../jobs/queue';
import { SEND_MAIL_JOB } from '../mail/mail.jobs';
import { escapeHtml } from '../mail/mail.templates';
import type { TMail } from '../mail/mailer';
import type { TInvoiceModel } from './invoice-model';

/** "November 2026" / "listopad 2026" / "November 2026". */
function monthName(locale: TLocale, period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** The mail that an invoice (or a correcting invoice) was issued, in the customer's language. */
export function invoiceIssuedMail(model: TInvoiceModel, to: string, link: string): TMail {
  const t = createTranslator(model.locale);
  const amount = formatMoney(model.locale, model.totals.grossMinor, model.currency);
  const [subject, body] =
    model.kind === 'correction'
      ? [
          t('invoices.mail.correction.subject', { number: model.number }),
          t('invoices.mail.correction.body', {
            number: model.number,
            corrected: model.correction?.correctedNumber ?? '',
            amount,
          }),
        ]
      : [
          t('invoices.mail.issued.subject', { number: model.number }),
          t('invoices.mail.issued.body', {
            number: model.number,
            month: monthName(model.locale, model.period),
            amount,
          }),
        ];
  const paragraphs = [t('mail.greeting'), body, t('invoices.mail.issued.link')];
  const signature = t('mail.signature');
  return {
    to,
    subject,
    text: [...paragraphs, link, signature].join('\n\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1d2433">${paragraphs
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join(
        '',
      )}<p><a href="${escapeHtml(link)}" style="color:#0b6bcb">${escapeHtml(link)}</a></p><p>${escapeHtml(signature)}</p></body></html>`,
  };
}

/** Queues that mail in the issuing transaction (it goes out once the invoice is committed). */
export async function queueInvoiceMail(
  trx: TDb,
  model: TInvoiceModel,
  to: string | null | undefined,
  publicUrl: string,
): Promise<void> {
  if (!to) return;
  await enqueueJob(
    trx,
    SEND_MAIL_JOB,
    invoiceIssuedMail(model, to, `${publicUrl}/business/account`),
  );
}

/**
 * To the team (TEAM_EMAIL, in English like the team's other alerts): an invoice of the run could
 * not be issued, a correcting invoice waits for the invoice it corrects, or its job gave up.
 */
export function invoiceTeamMail(
  to: string,
  kind: 'run_failed' | 'correction_waits' | 'correction_failed',
  values: Record<string, string | number>,
): TMail {
  const t = createTranslator('en');
  const paragraphs = [
    t('mail.greeting'),
    t(`invoices.team_mail.${kind}_body`, values),
    t('mail.signature'),
  ];
  return {
    to,
    subject: t(`invoices.team_mail.${kind}_subject`, values),
    text: paragraphs.join('\n\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1d2433">${paragraphs
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join('')}</body></html>`,
  };
}

/** Queues a team alert; one per `uniqueKey` (a repeated failure does not mail again). */
export async function queueInvoiceTeamMail(db: TDb, mail: TMail, uniqueKey: string): Promise<void> {
  await enqueueJob(db, SEND_MAIL_JOB, mail, { uniqueKey });
}

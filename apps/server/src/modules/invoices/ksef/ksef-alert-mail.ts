import { createTranslator } from '@printomat/shared';
import { escapeHtml } from '../../mail/mail.templates';
import type { TMail } from '../../mail/mailer';

/** To the team (TEAM_EMAIL, in English like the team's other alerts): KSeF refused or gave up. */
export function ksefAlertMail(
  to: string,
  a: { number: string; status: 'rejected' | 'failed'; attempts: number; reason: string },
): TMail {
  const t = createTranslator('en');
  const paragraphs = [
    t('mail.greeting'),
    a.status === 'rejected'
      ? t('invoices.ksef_mail.rejected_body', { number: a.number })
      : t('invoices.ksef_mail.failed_body', { number: a.number, attempts: a.attempts }),
    t('invoices.ksef_mail.reason', { reason: a.reason }),
    t('invoices.ksef_mail.action'),
    t('mail.signature'),
  ];
  return {
    to,
    subject:
      a.status === 'rejected'
        ? t('invoices.ksef_mail.rejected_subject', { number: a.number })
        : t('invoices.ksef_mail.failed_subject', { number: a.number }),
    text: paragraphs.join('\n\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1d2433">${paragraphs
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join('')}</body></html>`,
  };
}

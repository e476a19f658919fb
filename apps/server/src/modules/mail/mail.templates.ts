import {
  createTranslator,
  formatDateTime,
  formatMoney,
  type TLocale,
  type TPrinterCondition,
} from '@printomat/shared';
import type { TMail } from './mailer';

/** Text into HTML (other modules' mail templates use it too, e.g. the inbound-mail reply). */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(paragraphs: string[], link?: string): { text: string; html: string } {
  const text = [...paragraphs.slice(0, 2), ...(link ? [link] : []), ...paragraphs.slice(2)].join(
    '\n\n',
  );
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1d2433">${paragraphs
    .slice(0, 2)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('')}${
    link ? `<p><a href="${escapeHtml(link)}" style="color:#0b6bcb">${escapeHtml(link)}</a></p>` : ''
  }${paragraphs
    .slice(2)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('')}</body></html>`;
  return { text, html };
}

export function confirmEmailMail(locale: TLocale, to: string, link: string, hours: number): TMail {
  const t = createTranslator(locale);
  return {
    to,
    subject: t('mail.confirm.subject'),
    ...layout(
      [
        t('mail.greeting'),
        t('mail.confirm.body'),
        t('mail.confirm.expiry', { hours }),
        t('mail.signature'),
      ],
      link,
    ),
  };
}

/** After a change or a reset; `forgotLink` is the forgot-password page, for "it was not you". */
export function passwordChangedMail(locale: TLocale, to: string, forgotLink: string): TMail {
  const t = createTranslator(locale);
  return {
    to,
    subject: t('mail.password_changed.subject'),
    ...layout(
      [t('mail.greeting'), t('mail.password_changed.body'), t('mail.signature')],
      forgotLink,
    ),
  };
}

/** The forgot-password link: single use, valid `minutes`. */
export function passwordResetMail(
  locale: TLocale,
  to: string,
  link: string,
  minutes: number,
): TMail {
  const t = createTranslator(locale);
  return {
    to,
    subject: t('mail.password_reset.subject'),
    ...layout(
      [
        t('mail.greeting'),
        t('mail.password_reset.body'),
        t('mail.password_reset.expiry', { minutes }),
        t('mail.signature'),
      ],
      link,
    ),
  };
}

export function locationSuggestionMail(
  locale: TLocale,
  to: string,
  s: { place: string; address: string; city: string; comment: string; email: string },
): TMail {
  const t = createTranslator(locale);
  return {
    to,
    subject: t('mail.location_suggestion.subject', { place: s.place, city: s.city }),
    ...layout([
      t('mail.greeting'),
      t('mail.location_suggestion.body'),
      t('mail.location_suggestion.details', {
        ...s,
        comment: s.comment || '—',
        email: s.email || '—',
      }),
      t('mail.signature'),
    ]),
  };
}

export function paymentReceiptMail(
  locale: TLocale,
  to: string,
  r: {
    receiptNumber: string;
    reference: string;
    packageCode: string;
    pages: number;
    amountMinor: number;
    currency: string;
    paidAt: Date;
    expiresAt: Date;
    link: string;
  },
): TMail {
  const t = createTranslator(locale);
  return {
    to,
    subject: t('payments.receipt_mail.subject', { number: r.receiptNumber }),
    ...layout(
      [
        t('mail.greeting'),
        t('payments.receipt_mail.body', { package: r.packageCode, count: r.pages }),
        t('payments.receipt_mail.details', {
          number: r.receiptNumber,
          reference: r.reference,
          amount: formatMoney(locale, r.amountMinor, r.currency),
          // Our printers are in Poland and Germany: one time zone for every receipt.
          paid_at: formatDateTime(locale, r.paidAt, 'Europe/Warsaw'),
          expires_at: formatDateTime(locale, r.expiresAt, 'Europe/Warsaw'),
        }),
        t('mail.signature'),
      ],
      r.link,
    ),
  };
}

/**
 * To the team: a package was paid for by someone who deleted their account meanwhile. Nobody can
 * get the pages, so the money has to go back by hand at the provider.
 */
export function payerDeletedMail(
  to: string,
  r: {
    reference: string;
    provider: string;
    providerReference: string | null;
    receiptNumber: string;
    amountMinor: number;
    currency: string;
    paidAt: Date;
  },
): TMail {
  const locale: TLocale = 'en';
  const t = createTranslator(locale);
  const amount = formatMoney(locale, r.amountMinor, r.currency);
  return {
    to,
    subject: t('payments.payer_deleted_mail.subject', { reference: r.reference, amount }),
    ...layout([
      t('mail.greeting'),
      t('payments.payer_deleted_mail.body', { amount }),
      t('payments.payer_deleted_mail.details', {
        reference: r.reference,
        provider: r.provider,
        provider_reference: r.providerReference ?? '—',
        number: r.receiptNumber,
        paid_at: formatDateTime(locale, r.paidAt, 'Europe/Warsaw'),
      }),
      t('mail.signature'),
    ]),
  };
}

/** The express order's money goes back (issue 13): in the order's language, to its e-mail. */
export function expressRefundMail(
  locale: TLocale,
  to: string,
  r: {
    reference: string;
    amountMinor: number;
    currency: string;
    printerName: string;
    reason: 'not_printed_in_time' | 'printer_failed' | 'admin_failed';
    link: string;
  },
): TMail {
  const t = createTranslator(locale);
  const amount = formatMoney(locale, r.amountMinor, r.currency);
  return {
    to,
    subject: t('mail.express_refund.subject', { amount }),
    ...layout(
      [
        t('mail.greeting'),
        `${t('mail.express_refund.body', { amount, printer: r.printerName })} ${t(`mail.express_refund.reason.${r.reason}`)}`,
        t('mail.express_refund.details', { reference: r.reference }),
        t('mail.signature'),
      ],
      r.link,
    ),
  };
}

/** A package purchase's money went back (an administrator refunded it; issue 15). */
export function purchaseRefundMail(
  locale: TLocale,
  to: string,
  r: {
    refundReference: string;
    paymentReference: string;
    packageCode: string;
    amountMinor: number;
    currency: string;
    link: string;
  },
): TMail {
  const t = createTranslator(locale);
  const amount = formatMoney(locale, r.amountMinor, r.currency);
  return {
    to,
    subject: t('mail.purchase_refund.subject', { amount }),
    ...layout(
      [
        t('mail.greeting'),
        t('mail.purchase_refund.body', {
          amount,
          package: r.packageCode,
          reference: r.paymentReference,
        }),
        t('mail.purchase_refund.details', { refund: r.refundReference }),
        t('mail.signature'),
      ],
      r.link,
    ),
  };
}

/** The receipt of a paid express order (only when the guest gave an e-mail address). */
export function expressReceiptMail(
  locale: TLocale,
  to: string,
  r: {
    printerName: string;
    reference: string;
    documents: number;
    pages: number;
    listMinor: number;
    totalMinor: number;
    currency: string;
    discount: { code: string; percent: number } | null;
    paidAt: Date;
    printBy: Date;
    link: string;
  },
): TMail {
  const t = createTranslator(locale);
  const money = (minor: number) => formatMoney(locale, minor, r.currency);
  // Our printers are in Poland and Germany: one time zone for every receipt.
  const when = (at: Date) => formatDateTime(locale, at, 'Europe/Warsaw');
  return {
    to,
    subject: t('express.receipt_mail.subject', { printer: r.printerName }),
    ...layout(
      [
        t('mail.greeting'),
        t('express.receipt_mail.body', { printer: r.printerName }),
        t('express.receipt_mail.details', {
          count: r.pages,
          documents: r.documents,
          list: money(r.listMinor),
          total: money(r.totalMinor),
          reference: r.reference,
          paid_at: when(r.paidAt),
        }),
        ...(r.discount
          ? [
              t('express.receipt_mail.discount', {
                code: r.discount.code,
                percent: r.discount.percent,
                discount: money(r.listMinor - r.totalMinor),
              }),
            ]
          : []),
        t('express.receipt_mail.print_by', { print_by: when(r.printBy) }),
        t('mail.signature'),
      ],
      r.link,
    ),
  };
}

/**
 * A job released to a printer was not printed within PRINTJOB_RELEASE_EXPIRY_HOURS: it ended
 * (failed, expired) and its pages came back (issue 17 point 2). To the job's owner.
 */
export function printjobExpiredMail(
  locale: TLocale,
  to: string,
  e: {
    printerName: string;
    hours: number;
    pagesBack: number;
    link: string;
    /** Ended because its printer was taken out of service, not because it waited too long. */
    decommissioned?: boolean;
  },
): TMail {
  const t = createTranslator(locale);
  const why = e.decommissioned
    ? t('printjobs.expired_mail.body_decommissioned', { printer: e.printerName })
    : t('printjobs.expired_mail.body', { printer: e.printerName, hours: e.hours });
  return {
    to,
    subject: e.decommissioned
      ? t('printjobs.expired_mail.subject_decommissioned', { printer: e.printerName })
      : t('printjobs.expired_mail.subject', { printer: e.printerName }),
    ...layout(
      [
        t('mail.greeting'),
        `${why} ${t('printjobs.expired_mail.pages_back', { pages: e.pagesBack })}`,
        t('mail.signature'),
      ],
      e.link,
    ),
  };
}

/** A printer's incident began or ended (issue 18 point 5): to an admin or the printer's contact. */
export function printerAlertMail(
  locale: TLocale,
  to: string,
  a: {
    event: 'opened' | 'recovered';
    kind: 'offline' | 'error' | 'paper_low' | 'toner_low';
    /** An error's problem (printer-condition.ts), null for the other kinds. */
    problem: string | null;
    printerName: string;
    address: string;
    timeZone: string;
    startedAt: Date;
    endedAt: Date | null;
    recipient: 'admin' | 'contact';
    /** The printer's admin page: only for admins (a contact cannot open it). */
    adminLink: string;
  },
): TMail {
  const t = createTranslator(locale);
  const when = (at: Date) => formatDateTime(locale, at, a.timeZone);
  const values = {
    printer: a.printerName,
    address: a.address,
    problem: t(`printer_alerts.problem.${isErrorProblem(a.problem) ? a.problem : 'unknown'}`),
    since: when(a.startedAt),
    ended: a.endedAt ? when(a.endedAt) : '—',
  };
  const admin = a.recipient === 'admin';
  return {
    to,
    subject: t(`printer_alerts.${a.event}.${a.kind}.subject`, values),
    ...layout(
      [
        t('mail.greeting'),
        t(`printer_alerts.${a.event}.${a.kind}.body`, values),
        t(admin ? 'printer_alerts.why_admin' : 'printer_alerts.why_contact'),
        t('mail.signature'),
      ],
      admin ? a.adminLink : undefined,
    ),
  };
}

/** The problems an error incident can carry (the catalog has a text for each). */
type TErrorProblem = Extract<TPrinterCondition, { kind: 'error' }>['problem'];
const ERROR_PROBLEMS = [
  'printer_unreachable',
  'out_of_paper',
  'paper_jam',
  'out_of_toner',
  'printer_error',
] as const satisfies readonly TErrorProblem[];
const isErrorProblem = (problem: string | null): problem is TErrorProblem =>
  (ERROR_PROBLEMS as readonly (string | null)[]).includes(problem);

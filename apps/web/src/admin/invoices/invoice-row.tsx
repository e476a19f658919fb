import {
  formatDate,
  formatMonth,
  formatMoney,
  type TAdminInvoice,
  type TKsefStatusName,
} from '@printomat/shared';
import { useLocale, useT } from '../../i18n/use-t';

/** KSeF statuses that the admin can send again (the others are queued, underway or done). */
export const RESENDABLE: readonly TKsefStatusName[] = ['rejected', 'failed'];

// The look of the operations lists' status badges: blue underway, green done, red refused.
const KSEF_BADGE: Record<TKsefStatusName, string> = {
  pending: 'ops-status',
  sending: 'ops-status ops-status--scheduled',
  accepted: 'ops-status ops-status--printed',
  rejected: 'ops-status ops-status--failed',
  failed: 'ops-status ops-status--failed',
};

const DOCUMENTS = ['pdf', 'xml', 'upo'] as const;

/** One invoice of the admin list: amounts, buyer, its KSeF state, downloads and "send again". */
export function InvoiceRow({
  invoice,
  busy,
  onResend,
}: {
  invoice: TAdminInvoice;
  busy: boolean;
  onResend: (invoice: TAdminInvoice) => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const money = (minor: number) => formatMoney(locale, minor, invoice.currency);
  const urls = { pdf: invoice.pdf_url, xml: invoice.xml_url, upo: invoice.upo_url };
  return (
    <tr data-testid="invoice-row" data-id={invoice.id} data-ksef-status={invoice.ksef_status}>
      <td>
        {invoice.number}
        {invoice.corrects_number && (
          <div className="ops-muted">
            {t('invoices.admin.corrects', { number: invoice.corrects_number })}
          </div>
        )}
      </td>
      <td>{t(`invoices.admin.kinds.${invoice.kind}`)}</td>
      <td>{formatMonth(locale, invoice.period)}</td>
      {/* A calendar day (YYYY-MM-DD): shown as that day wherever the browser is. */}
      <td>{formatDate(locale, invoice.issue_date, 'UTC')}</td>
      <td>
        {invoice.buyer_name}
        <div className="ops-muted">{invoice.buyer_tax_id}</div>
      </td>
      <td>{money(invoice.net_minor)}</td>
      <td>{money(invoice.vat_minor)}</td>
      <td>{money(invoice.gross_minor)}</td>
      <td data-testid="ksef">
        <span className={KSEF_BADGE[invoice.ksef_status]}>
          {t(`invoices.ksef_status.${invoice.ksef_status}`)}
        </span>
        {invoice.ksef_number && (
          <div className="ops-code">
            {t('invoices.admin.ksef_number', { number: invoice.ksef_number })}
          </div>
        )}
        {invoice.ksef_attempts > 0 && (
          <div className="ops-muted">
            {t('invoices.admin.attempts', { count: invoice.ksef_attempts })}
          </div>
        )}
        {invoice.ksef_error && <div className="ops-details">{invoice.ksef_error}</div>}
      </td>
      <td>
        <div className="ops-actions__buttons">
          {DOCUMENTS.map((document) => {
            const url = urls[document];
            if (!url) return null;
            const label = t(`invoices.admin.download.${document}`);
            return (
              <a
                key={document}
                href={url}
                download
                aria-label={t('invoices.admin.download_label', {
                  document: label,
                  number: invoice.number,
                })}
              >
                {label}
              </a>
            );
          })}
        </div>
      </td>
      <td>
        {RESENDABLE.includes(invoice.ksef_status) && (
          <button
            type="button"
            className="button button--secondary button--small"
            data-testid="invoice-resend"
            disabled={busy}
            onClick={() => onResend(invoice)}
          >
            {t('invoices.admin.resend')}
          </button>
        )}
      </td>
    </tr>
  );
}

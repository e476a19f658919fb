import { formatDate, formatMoney, formatMonth } from '@printomat/shared';
import { TableCard } from '../components/table-card';
import { useLocale, useT } from '../i18n/use-t';
import { useBusinessInvoices } from './business-api';

/**
 * The company's VAT invoices, newest first: number, month, net and gross, where it is in KSeF
 * (and its KSeF number once accepted), and the PDF and the FA(3) XML to download.
 */
export function InvoicesTable() {
  const t = useT();
  const { locale } = useLocale();
  const invoices = useBusinessInvoices();
  const list = invoices.data?.invoices ?? [];
  return (
    <TableCard
      id="business-invoices-title"
      title={t('business_account.invoices.title')}
      testId="business-invoices"
      className="business-section"
      lead={t('business_account.invoices.lead')}
      query={invoices}
      count={list.length}
      empty={t('business_account.invoices.empty')}
    >
      <table className="business-table">
        <thead>
          <tr>
            <th scope="col">{t('business_account.invoices.number')}</th>
            <th scope="col">{t('business_account.invoices.month')}</th>
            <th scope="col" className="business-table__amount">
              {t('business_account.invoices.net')}
            </th>
            <th scope="col" className="business-table__amount">
              {t('business_account.invoices.gross')}
            </th>
            <th scope="col">{t('business_account.invoices.ksef')}</th>
            <th scope="col">{t('business_account.invoices.download')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((invoice) => (
            <tr key={invoice.id} data-testid="business-invoice-row" data-kind={invoice.kind}>
              <td>
                <strong data-testid="business-invoice-number">{invoice.number}</strong>
                <span className="business-muted">
                  {formatDate(locale, invoice.issue_date, 'UTC')}
                </span>
                {invoice.corrects_number && (
                  <span className="business-muted">
                    {t('business_account.invoices.correction', {
                      number: invoice.corrects_number,
                    })}
                  </span>
                )}
              </td>
              <td>{formatMonth(locale, invoice.period)}</td>
              <td className="business-table__amount">
                {formatMoney(locale, invoice.net_minor, invoice.currency)}
              </td>
              <td className="business-table__amount" data-testid="business-invoice-gross">
                {formatMoney(locale, invoice.gross_minor, invoice.currency)}
              </td>
              <td data-testid="business-invoice-ksef">
                <span className={`business-badge business-badge--${invoice.ksef_status}`}>
                  {t(`invoices.ksef_status.${invoice.ksef_status}`)}
                </span>
                {invoice.ksef_number && (
                  <span className="business-muted business-ksef-number">{invoice.ksef_number}</span>
                )}
              </td>
              <td className="business-table__links">
                <a
                  href={invoice.pdf_url}
                  download
                  aria-label={t('business_account.invoices.pdf_label', {
                    number: invoice.number,
                  })}
                  data-testid="business-invoice-pdf"
                >
                  {t('business_account.invoices.pdf')}
                </a>
                <a
                  href={invoice.xml_url}
                  download
                  aria-label={t('business_account.invoices.xml_label', {
                    number: invoice.number,
                  })}
                  data-testid="business-invoice-xml"
                >
                  {t('business_account.invoices.xml')}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableCard>
  );
}

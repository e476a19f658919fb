import { formatDateTime, formatMoney } from '@printomat/shared';
import { TableCard } from '../components/table-card';
import { useLocale, useT } from '../i18n/use-t';
import { useBusinessPurchases } from './business-api';

/** The company's package purchases: net and gross, how paid, and the invoice each is on. */
export function PurchasesTable() {
  const t = useT();
  const { locale } = useLocale();
  const purchases = useBusinessPurchases();
  const list = purchases.data?.purchases ?? [];
  return (
    <TableCard
      id="business-purchases-title"
      title={t('business_account.purchases.title')}
      testId="business-purchases"
      className="business-section"
      query={purchases}
      count={list.length}
      empty={t('business_account.purchases.empty')}
    >
      <table className="business-table">
        <thead>
          <tr>
            <th scope="col">{t('business_account.purchases.date')}</th>
            <th scope="col">{t('business_account.purchases.package')}</th>
            <th scope="col" className="business-table__amount">
              {t('business_account.purchases.net')}
            </th>
            <th scope="col" className="business-table__amount">
              {t('business_account.purchases.gross')}
            </th>
            <th scope="col">{t('business_account.purchases.method')}</th>
            <th scope="col">{t('business_account.purchases.status')}</th>
            <th scope="col">{t('business_account.purchases.invoice')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((p) => (
            <tr
              key={p.reference}
              data-testid="business-purchase-row"
              data-status={p.status}
              data-reference={p.reference}
            >
              <td>{formatDateTime(locale, p.completed_at ?? p.created_at)}</td>
              <td>
                {t('payments.history.package_name', {
                  name: p.package_code ?? '—',
                  count: p.pages,
                })}
              </td>
              <td className="business-table__amount">
                {p.net_minor === null ? '—' : formatMoney(locale, p.net_minor, p.currency)}
              </td>
              <td className="business-table__amount" data-testid="business-purchase-gross">
                {formatMoney(locale, p.gross_minor, p.currency)}
              </td>
              <td>{t(`payments.methods.${p.method}`)}</td>
              <td data-testid="business-purchase-status">
                {t(`payments.history.state.${p.status}`)}
                {p.refunded && (
                  <span className="business-badge business-badge--refunded">
                    {t('business_account.purchases.refunded')}
                  </span>
                )}
              </td>
              <td data-testid="business-purchase-invoice">
                {p.invoice_number ??
                  (p.status !== 'completed' || p.refunded ? (
                    '—'
                  ) : (
                    <span className="business-muted">
                      {/* Bought before the account became a business one: never invoiced. */}
                      {p.is_business
                        ? t('business_account.purchases.not_invoiced')
                        : t('business_account.purchases.personal')}
                    </span>
                  ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableCard>
  );
}

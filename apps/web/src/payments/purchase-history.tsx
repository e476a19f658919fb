import { Link } from 'react-router';
import { formatDateTime } from '@printomat/shared';
import { TableCard } from '../components/table-card';
import { useLocale, useT } from '../i18n/use-t';
import { formatPrice } from '../pages/public/package-data';
import { usePayments } from './payments-api';

/** The account page's list of purchases, each linking to its status page and receipt. */
export function PurchaseHistory() {
  const t = useT();
  const { locale } = useLocale();
  const payments = usePayments();
  const list = payments.data?.payments ?? [];
  return (
    <TableCard
      id="purchase-history-title"
      title={t('payments.history.title')}
      testId="purchase-history"
      query={payments}
      count={list.length}
      empty={
        <>
          {t('payments.history.empty')} <Link to="/kup-pakiet">{t('payments.history.buy')}</Link>
        </>
      }
    >
      <table className="purchase-table">
        <thead>
          <tr>
            <th scope="col">{t('payments.history.date')}</th>
            <th scope="col">{t('payments.history.package')}</th>
            <th scope="col">{t('payments.history.amount')}</th>
            <th scope="col">{t('payments.history.status')}</th>
            <th scope="col">{t('payments.history.receipt')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((p) => (
            <tr key={p.reference} data-testid="purchase-row" data-status={p.status}>
              <td>{formatDateTime(locale, p.created_at)}</td>
              <td>
                {t('payments.history.package_name', { name: p.package_code, count: p.pages })}
              </td>
              <td>{formatPrice(locale, p.amount_minor, p.currency)}</td>
              <td data-testid="purchase-state">
                {t(
                  p.is_abandoned
                    ? 'payments.history.state.abandoned'
                    : `payments.history.state.${p.status}`,
                )}
              </td>
              <td>
                <Link to={`/payments/${p.reference}`}>
                  {p.receipt_number ?? t('payments.history.open')}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableCard>
  );
}

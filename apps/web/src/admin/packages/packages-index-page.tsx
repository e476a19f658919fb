import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { TAdminPackage } from '@printomat/shared';
import { FormAlert } from '../../components/form-alert';
import { useSubmit } from '../../forms/use-submit';
import { useLocale, useT } from '../../i18n/use-t';
import { formatPrice } from '../../pages/public/package-data';
import { PACKAGES_QUERY_KEY } from '../../payments/payments-api';
import { AdminTable } from '../shared/admin-table';
import { adminPackagesKey, deactivateAdminPackage, fetchAdminPackages } from './admin-packages-api';

const COLUMNS = [
  'code',
  'audience',
  'pages',
  'color_pages',
  'validity',
  'price',
  'promo',
  'status',
  'actions',
] as const;

/** `/admin/packages`: every package (on sale first), with edit and deactivate. */
export function PackagesIndexPage() {
  const t = useT();
  const { locale } = useLocale();
  const packages = useQuery({ queryKey: adminPackagesKey, queryFn: fetchAdminPackages });
  const client = useQueryClient();
  const [target, setTarget] = useState<TAdminPackage | null>(null);
  const deactivate = useCallback(
    async (pkg: TAdminPackage) => {
      await deactivateAdminPackage(pkg.id);
      setTarget(null);
      await client.invalidateQueries({ queryKey: adminPackagesKey });
      await client.invalidateQueries({ queryKey: PACKAGES_QUERY_KEY });
    },
    [client],
  );
  const { submit, isPending, error } = useSubmit(deactivate);

  return (
    <section className="admin-printers" aria-labelledby="admin-packages-title">
      <div className="admin-printers__header">
        <h2 id="admin-packages-title">{t('payments.admin.title')}</h2>
        <div className="admin-printers__actions">
          <Link className="button" to="new" data-testid="package-new">
            {t('payments.admin.new')}
          </Link>
        </div>
      </div>
      <FormAlert error={error} />
      {packages.isError && (
        <p className="alert alert--error" role="alert">
          {t('payments.admin.load_failed')}
        </p>
      )}
      {packages.data && packages.data.packages.length === 0 && <p>{t('payments.admin.empty')}</p>}
      {packages.data && packages.data.packages.length > 0 && (
        <AdminTable
          variant="admin"
          testId="packages-table"
          head={COLUMNS.map((c) => t(`payments.admin.columns.${c}`))}
        >
          {packages.data.packages.map((p) => (
            <tr key={p.id} data-testid={`admin-package-${p.id}`}>
              <td>{p.code}</td>
              <td>{t(`payments.admin.audience.${p.audience}`)}</td>
              <td>{p.pages}</td>
              <td>{p.color_pages}</td>
              <td>{p.validity_days}</td>
              <td>
                {formatPrice(locale, p.price_minor, p.currency)}
                {p.promo_percent > 0 && (
                  <>
                    {' '}
                    <del>{formatPrice(locale, p.regular_price_minor, p.currency)}</del>
                  </>
                )}
              </td>
              <td>{p.promo_percent > 0 ? `−${p.promo_percent}%` : '—'}</td>
              <td>{p.is_active ? t('payments.admin.active') : t('payments.admin.inactive')}</td>
              <td>
                <Link to={`${p.id}/edit`}>{t('payments.admin.edit', { name: p.code })}</Link>
                {p.is_active && (
                  <>
                    {' · '}
                    {target?.id === p.id ? (
                      <span role="group">
                        {t('payments.admin.deactivate_confirm', { name: p.code })}{' '}
                        <button
                          type="button"
                          className="button button--small"
                          disabled={isPending}
                          onClick={() => void submit(p)}
                          data-testid="package-deactivate-confirm"
                        >
                          {t('payments.admin.deactivate')}
                        </button>{' '}
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          onClick={() => setTarget(null)}
                        >
                          {t('payments.admin.cancel')}
                        </button>
                      </span>
                    ) : (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => setTarget(p)}
                        data-testid="package-deactivate"
                      >
                        {t('payments.admin.deactivate')}
                      </button>
                    )}
                  </>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

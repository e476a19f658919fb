import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime, PRINTER_AVAILABILITIES } from '@printomat/shared';
import { useLocale, useT } from '../../i18n/use-t';
import { adminPrintersKey, fetchAdminPrinters } from './admin-printers-api';
import { AvailabilityBadge } from './availability-badge';

/** Live state refresh of the index (the spec's 5 s polling rhythm). */
export const INDEX_REFRESH_MS = 5_000;

/** The fleet: every printer with its city and live state, filtered by city and state. */
export function PrintersIndexPage() {
  const t = useT();
  const { locale } = useLocale();
  const [params, setParams] = useSearchParams();
  const city = params.get('city') ?? '';
  const state = params.get('state') ?? '';
  const query = useQuery({
    queryKey: adminPrintersKey,
    queryFn: fetchAdminPrinters,
    refetchInterval: INDEX_REFRESH_MS,
  });

  const setFilter = (name: 'city' | 'state', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  const printers = (query.data?.printers ?? []).filter(
    (p) => (!city || String(p.city_id) === city) && (!state || p.availability === state),
  );

  return (
    <section className="admin-printers" aria-labelledby="admin-printers-title">
      <div className="admin-printers__header">
        <h2 id="admin-printers-title">{t('admin_printers.title')}</h2>
        <div className="admin-printers__actions">
          <Link className="button button--secondary" to="detected">
            {t('admin_printers.detected_link')}
          </Link>
          <Link className="button" to="new">
            {t('admin_printers.new_printer')}
          </Link>
        </div>
      </div>
      <div className="admin-printers__filters">
        <label className="field">
          <span className="field__label">{t('admin_printers.index.filter_city')}</span>
          <select
            className="field__input"
            name="city"
            value={city}
            onChange={(e) => setFilter('city', e.target.value)}
          >
            <option value="">{t('admin_printers.index.all_cities')}</option>
            {query.data?.cities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('admin_printers.index.filter_state')}</span>
          <select
            className="field__input"
            name="state"
            value={state}
            onChange={(e) => setFilter('state', e.target.value)}
          >
            <option value="">{t('admin_printers.index.all_states')}</option>
            {PRINTER_AVAILABILITIES.map((a) => (
              <option key={a} value={a}>
                {t(`admin_printers.availability.${a}`)}
              </option>
            ))}
          </select>
        </label>
        <p className="admin-printers__hint">{t('admin_printers.index.live_hint')}</p>
      </div>

      {query.isPending && <p>{t('admin_printers.loading')}</p>}
      {query.isError && (
        <p className="alert alert--error" role="alert">
          {t('admin_printers.load_failed')}
        </p>
      )}
      {query.data && (
        <>
          <p className="admin-printers__count" data-testid="printer-count">
            {t('admin_printers.index.count', { count: printers.length })}
          </p>
          {printers.length === 0 ? (
            <p>{t('admin_printers.index.empty')}</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table" data-testid="printers-table">
                <thead>
                  <tr>
                    <th scope="col">{t('admin_printers.index.col_name')}</th>
                    <th scope="col">{t('admin_printers.index.col_city')}</th>
                    <th scope="col">{t('admin_printers.index.col_code')}</th>
                    <th scope="col">{t('admin_printers.index.col_state')}</th>
                    <th scope="col">{t('admin_printers.index.col_heartbeat')}</th>
                    <th scope="col">{t('admin_printers.index.col_api')}</th>
                    <th scope="col">{t('admin_printers.index.col_supplies')}</th>
                  </tr>
                </thead>
                <tbody>
                  {printers.map((p) => (
                    <tr key={p.id} data-testid={`printer-row-${p.id}`}>
                      <td>
                        <Link to={String(p.id)}>{p.name}</Link>
                        <div className="admin-printers__muted">{p.full_name}</div>
                      </td>
                      <td>{p.city}</td>
                      <td>
                        <code>{p.direct_print_code}</code>
                      </td>
                      <td>
                        <AvailabilityBadge availability={p.availability} />
                        {p.printer_state && (
                          <div className="admin-printers__muted">
                            {[p.printer_state, ...p.reasons].join(', ')}
                          </div>
                        )}
                      </td>
                      <td>
                        {p.last_seen_at
                          ? formatDateTime(locale, p.last_seen_at)
                          : t('admin_printers.never')}
                      </td>
                      <td>{t('admin_printers.api_version', { version: p.api_version })}</td>
                      <td>
                        {p.lowest_supply_percent === null
                          ? '—'
                          : t('admin_printers.stats.level', { level: p.lowest_supply_percent })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

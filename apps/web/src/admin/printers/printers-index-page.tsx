import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { PRINTER_AVAILABILITIES } from '@printomat/shared';
import { useT } from '../../i18n/use-t';
import { AdminTable } from '../shared/admin-table';
import { FilterSelect } from '../shared/list-filters';
import { adminPrintersKey, fetchAdminPrinters } from './admin-printers-api';
import { AvailabilityBadge, LastSeen } from './availability-badge';
import { IncidentList } from './incident-list';
import { QueryState } from './query-state';

const COLUMNS = [
  'col_name',
  'col_city',
  'col_code',
  'col_state',
  'col_heartbeat',
  'col_api',
  'col_supplies',
  'col_incidents',
] as const;

/** Live state refresh of the index (the spec's 5 s polling rhythm). */
export const INDEX_REFRESH_MS = 5_000;

/** The fleet: every printer with its city and live state, filtered by city and state. */
export function PrintersIndexPage() {
  const t = useT();
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

  // The chosen city's QR stickers in one PDF (issue 16), offered when it has a printer in
  // service (the server answers 404 otherwise, which a download link would save as a file).
  const chosenCity = query.data?.cities.find(
    (c) =>
      String(c.id) === city &&
      query.data.printers.some((p) => p.city_id === c.id && p.decommissioned_at === null),
  );
  const printers = (query.data?.printers ?? []).filter(
    (p) => (!city || String(p.city_id) === city) && (!state || p.availability === state),
  );

  return (
    <section className="admin-printers" aria-labelledby="admin-printers-title">
      <div className="admin-printers__header">
        <h2 id="admin-printers-title">{t('admin_printers.title')}</h2>
        <div className="admin-printers__actions">
          <Link className="button button--secondary" to="cities">
            {t('admin_printers.cities_link')}
          </Link>
          <Link className="button button--secondary" to="detected">
            {t('admin_printers.detected_link')}
          </Link>
          <Link className="button" to="new">
            {t('admin_printers.new_printer')}
          </Link>
        </div>
      </div>
      <div className="admin-printers__filters">
        <FilterSelect
          label={t('admin_printers.index.filter_city')}
          name="city"
          value={city}
          onChange={(e) => setFilter('city', e.target.value)}
          empty={t('admin_printers.index.all_cities')}
          options={query.data?.cities.map((c) => ({ value: c.id, label: c.name }))}
        />
        <FilterSelect
          label={t('admin_printers.index.filter_state')}
          name="state"
          value={state}
          onChange={(e) => setFilter('state', e.target.value)}
          empty={t('admin_printers.index.all_states')}
          options={PRINTER_AVAILABILITIES.map((a) => ({
            value: a,
            label: t(`admin_printers.availability.${a}`),
          }))}
        />
        <p className="admin-printers__hint">{t('admin_printers.index.live_hint')}</p>
        {chosenCity && (
          <a
            className="button button--secondary"
            href={`/api/admin/printers/stickers.pdf?city_id=${chosenCity.id}`}
            download
            data-testid="city-stickers"
          >
            {t('stickers.admin.download_city', { city: chosenCity.name })}
          </a>
        )}
      </div>

      <QueryState query={query} />
      {query.data && (
        <>
          <p className="admin-printers__count" data-testid="printer-count">
            {t('admin_printers.index.count', { count: printers.length })}
          </p>
          {printers.length === 0 ? (
            <p>{t('admin_printers.index.empty')}</p>
          ) : (
            <AdminTable
              variant="admin"
              testId="printers-table"
              head={COLUMNS.map((c) => t(`admin_printers.index.${c}`))}
            >
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
                    <LastSeen at={p.last_seen_at} />
                  </td>
                  <td>{t('admin_printers.api_version', { version: p.api_version })}</td>
                  <td>
                    {p.lowest_supply_percent === null
                      ? '—'
                      : t('admin_printers.stats.level', { level: p.lowest_supply_percent })}
                  </td>
                  <td>
                    <IncidentList incidents={p.incidents} />
                  </td>
                </tr>
              ))}
            </AdminTable>
          )}
        </>
      )}
    </section>
  );
}

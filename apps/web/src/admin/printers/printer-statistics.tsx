import { useQuery } from '@tanstack/react-query';
import type { TMessageKey, TPrinterMonthStats } from '@printomat/shared';
import { useT } from '../../i18n/use-t';
import { adminPrinterStatsKey, fetchPrinterStatistics } from './admin-printers-api';
import { PrinterSupplies } from './printer-supplies';
import { QueryState } from './query-state';
import { StatsChart, type TChartSeries } from './stats-chart';

type TColumn = { key: keyof TPrinterMonthStats; label: TMessageKey; className: string };
type TGroup = { id: string; title: TMessageKey; columns: TColumn[] };

/** Spec section 2: colour and mono pages for classic, express and copied jobs, scanned pages, users. */
const GROUPS: TGroup[] = [
  {
    id: 'classic',
    title: 'admin_printers.stats.classic',
    columns: [
      {
        key: 'classic_color_pages',
        label: 'admin_printers.stats.color',
        className: 'series-color',
      },
      { key: 'classic_mono_pages', label: 'admin_printers.stats.mono', className: 'series-mono' },
    ],
  },
  {
    id: 'express',
    title: 'admin_printers.stats.express',
    columns: [
      {
        key: 'express_color_pages',
        label: 'admin_printers.stats.color',
        className: 'series-color',
      },
      { key: 'express_mono_pages', label: 'admin_printers.stats.mono', className: 'series-mono' },
    ],
  },
  {
    id: 'copies',
    title: 'admin_printers.stats.copies',
    columns: [
      { key: 'copy_color_pages', label: 'admin_printers.stats.color', className: 'series-color' },
      { key: 'copy_mono_pages', label: 'admin_printers.stats.mono', className: 'series-mono' },
    ],
  },
  {
    id: 'scans',
    title: 'admin_printers.stats.scans',
    columns: [
      { key: 'scanned_pages', label: 'admin_printers.stats.scanned', className: 'series-scan' },
    ],
  },
  {
    id: 'users',
    title: 'admin_printers.stats.users',
    columns: [
      {
        key: 'printing_users',
        label: 'admin_printers.stats.printing_users',
        className: 'series-print',
      },
      {
        key: 'copying_users',
        label: 'admin_printers.stats.copying_users',
        className: 'series-copy',
      },
      {
        key: 'scanning_users',
        label: 'admin_printers.stats.scanning_users',
        className: 'series-scan',
      },
    ],
  },
];

/** Per month charts with the same numbers as tables, then trays and markers. */
export function PrinterStatistics({ printerId }: { printerId: number }) {
  const t = useT();
  const query = useQuery({
    queryKey: adminPrinterStatsKey(printerId),
    queryFn: () => fetchPrinterStatistics(printerId),
    refetchInterval: 10_000,
  });
  if (query.isPending || query.isError) return <QueryState query={query} />;
  // Oldest first, as a chart is read left to right.
  const months = [...query.data.months].reverse();
  return (
    <section
      className="printer-stats"
      aria-labelledby="printer-stats-title"
      data-testid="statistics"
    >
      <h3 id="printer-stats-title">{t('admin_printers.stats.title')}</h3>
      {months.length === 0 ? (
        <p>{t('admin_printers.stats.empty')}</p>
      ) : (
        <div className="printer-stats__groups">
          {GROUPS.map((group) => {
            const series: TChartSeries[] = group.columns.map((c) => ({
              key: c.key,
              label: t(c.label),
              className: c.className,
              values: months.map((m) => Number(m[c.key])),
            }));
            const title = t(group.title);
            return (
              <section
                key={group.id}
                className="printer-stats__group"
                data-testid={`stats-${group.id}`}
              >
                <h4>{title}</h4>
                <StatsChart
                  title={t('admin_printers.stats.chart_label', { title })}
                  months={months.map((m) => m.month)}
                  series={series}
                />
                <table className="admin-table admin-table--compact">
                  <caption className="visually-hidden">{title}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('admin_printers.stats.month')}</th>
                      {group.columns.map((c) => (
                        <th key={c.key} scope="col">
                          {t(c.label)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {months.map((m) => (
                      <tr key={m.month}>
                        <th scope="row">{m.month}</th>
                        {group.columns.map((c) => (
                          <td key={c.key} data-testid={`${c.key}-${m.month}`}>
                            {m[c.key]}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            );
          })}
        </div>
      )}
      <PrinterSupplies status={query.data.status} />
    </section>
  );
}

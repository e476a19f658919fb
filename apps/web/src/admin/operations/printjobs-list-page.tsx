import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  ADMIN_PRINTJOB_ACTIONS,
  formatDateTime,
  PRINTJOB_STATUSES,
  type TAdminBulkResult,
  type TAdminPrintjobAction,
} from '@printomat/shared';
import { useLocale, useT } from '../../i18n/use-t';
import { ErrorAlert, StatusBadge, useListParams } from '../shared/admin-ui';
import { ListTable } from '../shared/admin-table';
import { Choices, FilterInput, FilterSelect, ListFilters } from '../shared/list-filters';
import {
  fetchPrinterOptions,
  fetchPrintjobs,
  OPS_KEY,
  queryString,
  runBulkAction,
} from './operations-api';
import { ActionConfirm, needsConfirmation } from './printjob-actions';

const FILTERS = ['status', 'email', 'printer_id', 'from', 'to', 'review'] as const;
const COLUMNS = [
  'id',
  'user',
  'printer',
  'status',
  'documents',
  'pages',
  'cost',
  'created',
] as const;

/** Print jobs with filters, paging and bulk actions on the selected ones. */
export function PrintjobsListPage() {
  const t = useT();
  const { locale } = useLocale();
  const list = useListParams();
  const search = queryString({
    ...Object.fromEntries(FILTERS.map((f) => [f, list.get(f)])),
    page: list.page,
  });
  const jobs = useQuery({
    queryKey: [...OPS_KEY, 'printjobs', search],
    queryFn: () => fetchPrintjobs(search),
  });
  const printers = useQuery({
    queryKey: [...OPS_KEY, 'printer-options'],
    queryFn: fetchPrinterOptions,
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [printerId, setPrinterId] = useState('');
  const [pending, setPending] = useState<TAdminPrintjobAction | null>(null);
  const [result, setResult] = useState<TAdminBulkResult | null>(null);
  const queryClient = useQueryClient();
  const bulk = useMutation({
    mutationFn: ({ action, reason }: { action: TAdminPrintjobAction; reason?: string }) =>
      runBulkAction(
        action,
        selected,
        printerId ? Number(printerId) : undefined,
        action === 'fail' ? reason : undefined,
      ),
    onSuccess: (answer) => {
      setResult(answer);
      setSelected([]);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPS_KEY }),
  });

  const rows = jobs.data?.printjobs ?? [];
  const printerChoices = printers.data?.printers.map((p) => ({ value: p.id, label: p.name }));
  const allSelected = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  const toggle = (id: number) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const start = (action: TAdminPrintjobAction) => {
    setResult(null);
    bulk.reset();
    if (needsConfirmation(action)) setPending(action);
    else bulk.mutate({ action });
  };

  return (
    <section className="ops" aria-labelledby="ops-printjobs-title">
      <h2 id="ops-printjobs-title">{t('admin.printjobs.title')}</h2>
      <ListFilters list={list} onFilter={() => setSelected([])}>
        <FilterSelect
          label={t('admin.printjobs.filters.status')}
          name="status"
          defaultValue={list.get('status')}
          empty={t('admin.common.any')}
          options={PRINTJOB_STATUSES.map((s) => ({ value: s, label: t(`admin.statuses.${s}`) }))}
        />
        <FilterInput
          label={t('admin.printjobs.filters.email')}
          type="search"
          name="email"
          defaultValue={list.get('email')}
        />
        <FilterSelect
          label={t('admin.printjobs.filters.printer')}
          name="printer_id"
          defaultValue={list.get('printer_id')}
          empty={t('admin.common.any')}
          options={printerChoices}
        />
        <FilterInput
          label={t('admin.printjobs.filters.from')}
          type="date"
          name="from"
          defaultValue={list.get('from')}
        />
        <FilterInput
          label={t('admin.printjobs.filters.to')}
          type="date"
          name="to"
          defaultValue={list.get('to')}
        />
        <FilterSelect
          label={t('admin.printjobs.filters.review')}
          name="review"
          defaultValue={list.get('review')}
          empty={t('admin.common.any')}
          options={[{ value: 'needs_review', label: t('admin.printjobs.needs_review') }]}
        />
      </ListFilters>

      <div className="ops-bulk" role="group" aria-label={t('admin.printjobs.bulk_label')}>
        <span className="ops-muted">
          {t('admin.printjobs.selected', { count: selected.length })}
        </span>
        <label className="ops-bulk__printer">
          <span className="visually-hidden">{t('admin.printjobs.print_on')}</span>
          <select
            className="field__input"
            name="bulk_printer"
            value={printerId}
            onChange={(e) => setPrinterId(e.target.value)}
            aria-label={t('admin.printjobs.print_on')}
          >
            <Choices empty={t('admin.printjobs.choose_printer')} options={printerChoices} />
          </select>
        </label>
        {ADMIN_PRINTJOB_ACTIONS.map((action) => (
          <button
            key={action}
            type="button"
            className="button button--secondary button--small"
            data-testid={`bulk-${action}`}
            disabled={selected.length === 0 || bulk.isPending}
            onClick={() => start(action)}
          >
            {t(`admin.printjobs.actions.${action}`)}
          </button>
        ))}
      </div>
      <ErrorAlert error={bulk.error} />
      {result && <BulkResult result={result} />}
      {pending && (
        <ActionConfirm
          action={pending}
          busy={bulk.isPending}
          onCancel={() => setPending(null)}
          onConfirm={(reason) => {
            bulk.mutate({ action: pending, reason });
            setPending(null);
          }}
        />
      )}

      <ListTable
        query={jobs}
        count={rows.length}
        testId="printjobs-table"
        paging={jobs.data?.paging}
        onPage={list.setPage}
        head={[
          <input
            key="all"
            type="checkbox"
            aria-label={t('admin.printjobs.select_all')}
            checked={allSelected}
            onChange={() => setSelected(allSelected ? [] : rows.map((r) => r.id))}
          />,
          ...COLUMNS.map((c) => t(`admin.printjobs.columns.${c}`)),
        ]}
      >
        {rows.map((job) => (
          <tr key={job.id} data-testid="printjob-row" data-id={job.id} data-status={job.status}>
            <td>
              <input
                type="checkbox"
                aria-label={t('admin.printjobs.select_row', { id: job.id })}
                checked={selected.includes(job.id)}
                onChange={() => toggle(job.id)}
              />
            </td>
            <td>
              <Link to={`/admin/printjobs/${job.id}`}>#{job.id}</Link>
            </td>
            <td>
              <Link to={`/admin/users/${job.user.id}`}>{job.user.email}</Link>
            </td>
            <td>{job.printer?.name ?? t('admin.common.none')}</td>
            <td>
              <StatusBadge status={job.status} />
              {job.needs_review && (
                <>
                  {' '}
                  <span className="ops-status ops-status--review" data-testid="needs-review">
                    {t('admin.printjobs.needs_review')}
                  </span>
                </>
              )}
            </td>
            <td>{job.document_count}</td>
            <td>{job.page_count}</td>
            <td>{job.cost}</td>
            <td>{formatDateTime(locale, job.created_at)}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}

function BulkResult({ result }: { result: TAdminBulkResult }) {
  const t = useT();
  return (
    <div className="alert alert--success" role="status" data-testid="bulk-result">
      <p>{t('admin.printjobs.done', { count: result.done.length })}</p>
      {result.skipped.length > 0 && (
        <>
          <p>{t('admin.printjobs.skipped')}</p>
          <ul className="alert__list">
            {result.skipped.map((s) => (
              <li key={s.id}>
                #{s.id}: {s.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

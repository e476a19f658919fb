import { useState } from 'react';
import { formatDateTime, type TPrintHistoryEntry } from '@printomat/shared';
import { useLocale, useT } from '../i18n/use-t';
import { usePrintHistory } from './account-data-api';

/** The account page's print history: ended jobs, latest first, a page at a time. */
export function PrintHistory() {
  const t = useT();
  const [page, setPage] = useState(1);
  const history = usePrintHistory(page);
  const jobs = history.data?.jobs ?? [];
  const paging = history.data?.paging;
  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.page_size)) : 1;
  return (
    <section className="card" aria-labelledby="print-history-title" data-testid="print-history">
      <h2 id="print-history-title" className="card__title">
        {t('account_data.history.title')}
      </h2>
      {history.isError && <p className="card__text">{t('common.errors.generic')}</p>}
      {history.isSuccess && paging?.total === 0 && (
        <p className="card__text">{t('account_data.history.empty')}</p>
      )}
      {jobs.length > 0 && (
        <>
          <div className="table-scroll">
            <table className="purchase-table">
              <thead>
                <tr>
                  <th scope="col">{t('account_data.history.date')}</th>
                  <th scope="col">{t('account_data.history.printer')}</th>
                  <th scope="col">{t('account_data.history.documents')}</th>
                  <th scope="col">{t('account_data.history.pages')}</th>
                  <th scope="col">{t('account_data.history.charged')}</th>
                  <th scope="col">{t('account_data.history.outcome')}</th>
                </tr>
              </thead>
              <tbody>
                {jobs.map((job) => (
                  <HistoryRow key={job.id} job={job} />
                ))}
              </tbody>
            </table>
          </div>
          {jobs.some((j) => j.documents.some((d) => d.deleted)) && (
            <p className="card__text details__sub">{t('account_data.history.deleted_hint')}</p>
          )}
        </>
      )}
      {pages > 1 && (
        <nav className="account-history__paging" aria-label={t('account_data.history.title')}>
          <button
            type="button"
            className="button button--secondary"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            {t('account_data.history.previous')}
          </button>
          <span>{t('account_data.history.page_of', { page: paging?.page ?? page, pages })}</span>
          <button
            type="button"
            className="button button--secondary"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            {t('account_data.history.next')}
          </button>
        </nav>
      )}
    </section>
  );
}

function HistoryRow({ job }: { job: TPrintHistoryEntry }) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <tr data-testid="history-row" data-outcome={job.outcome}>
      <td>{formatDateTime(locale, job.finished_at)}</td>
      <td>{job.printer_name ?? '—'}</td>
      <td>
        {job.documents.map((d, i) => (
          <div key={i}>
            {d.name ?? <em className="details__sub">{t('account_data.history.deleted')}</em>}
          </div>
        ))}
      </td>
      <td>
        {job.outcome === 'printed' && job.printed_pages !== job.pages
          ? t('account_data.history.printed_of', { printed: job.printed_pages, count: job.pages })
          : job.pages}
      </td>
      <td>
        {job.charged_pages}
        {job.refunded_pages > 0 && (
          // Pages an admin gave back for this job: the person sees where they came from.
          <div className="details__sub" data-testid="history-refund">
            {t('account_data.history.refunded', { count: job.refunded_pages })}
            {job.refund_reason && (
              <div>{t('account_data.history.refund_reason', { reason: job.refund_reason })}</div>
            )}
          </div>
        )}
      </td>
      <td>{t(`account_data.history.outcomes.${job.outcome}`)}</td>
    </tr>
  );
}

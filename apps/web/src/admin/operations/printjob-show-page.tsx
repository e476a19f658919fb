import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '@printomat/shared';
import { PageTitle } from '../../components/page-title';
import { useLocale, useT } from '../../i18n/use-t';
import { Details, LoadState, StatusBadge } from '../shared/admin-ui';
import { ListTable } from '../shared/admin-table';
import { fetchPrinterOptions, fetchPrintjob, OPS_KEY } from './operations-api';
import { PrintjobActions } from './printjob-actions';
import { PrintjobRefund } from './printjob-refund';

/** One print job: details, settings, documents, express url and the actions its state allows. */
export function PrintjobShowPage() {
  const t = useT();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const query = useQuery({
    queryKey: [...OPS_KEY, 'printjob', id],
    queryFn: () => fetchPrintjob(id),
  });
  const printers = useQuery({
    queryKey: [...OPS_KEY, 'printer-options'],
    queryFn: fetchPrinterOptions,
  });
  const job = query.data;
  const none = t('admin.common.none');
  const when = (value: string | null) => (value ? formatDateTime(locale, value) : none);
  const yesNo = (value: boolean) => (value ? t('admin.common.yes') : t('admin.common.no'));

  return (
    <section className="ops" aria-labelledby="ops-printjob-title">
      <Link to="/admin/printjobs" className="ops-back">
        {t('admin.common.back')}
      </Link>
      <h2 id="ops-printjob-title">{t('admin.printjobs.detail_title', { id })}</h2>
      <PageTitle title={t('admin.printjobs.detail_title', { id })} />
      <LoadState isLoading={query.isLoading} error={query.error} />
      {job && (
        <>
          <PrintjobActions job={job} printers={printers.data?.printers ?? []} />
          {/* Only a settled charge can be refunded (issue 17). */}
          {job.reservation?.status === 'posted' && <PrintjobRefund jobId={job.id} />}
          <div className="ops-columns">
            <section className="card">
              <h3 className="card__title">{t('admin.printjobs.sections.details')}</h3>
              <Details
                rows={[
                  [
                    t('admin.printjobs.columns.status'),
                    <StatusBadge key="s" status={job.status} />,
                  ],
                  [
                    t('admin.printjobs.fields.owner'),
                    <Link key="o" to={`/admin/users/${job.user.id}`}>
                      {job.user.email}
                    </Link>,
                  ],
                  [t('admin.printjobs.columns.printer'), job.printer?.name ?? none],
                  [t('admin.printjobs.fields.submitted'), yesNo(job.is_submitted)],
                  [t('admin.printjobs.columns.pages'), job.page_count],
                  [t('admin.printjobs.columns.cost'), job.cost],
                  [
                    t('admin.printjobs.fields.reservation'),
                    job.reservation
                      ? `${job.reservation.pages} / ${job.reservation.charged ?? none} (${t(
                          `admin.printjobs.reservation_statuses.${job.reservation.status as 'reserved' | 'posted' | 'voided'}`,
                        )})`
                      : none,
                  ],
                  [t('admin.printjobs.fields.printed_faces'), job.printed_faces ?? none],
                  [t('admin.printjobs.fields.failure_reason'), job.failure_reason ?? none],
                  ...(job.review_reason
                    ? [[t('admin.printjobs.fields.review_reason'), job.review_reason] as const]
                    : []),
                  [t('admin.printjobs.columns.created'), when(job.created_at)],
                  [t('admin.printjobs.fields.released_at'), when(job.released_at)],
                  [t('admin.printjobs.fields.finished_at'), when(job.finished_at)],
                  [
                    t('admin.printjobs.fields.express_url'),
                    job.express_order ? (
                      <Link key="e" to={`/admin/express-orders/${job.express_order.id}`}>
                        {job.express_order.express_url}
                      </Link>
                    ) : (
                      none
                    ),
                  ],
                ]}
              />
            </section>
            <section className="card">
              <h3 className="card__title">{t('admin.printjobs.sections.settings')}</h3>
              <Details
                rows={[
                  [
                    t('admin.printjobs.fields.color'),
                    job.settings.is_grayscale
                      ? t('admin.printjobs.fields.grayscale')
                      : t('admin.printjobs.fields.color'),
                  ],
                  [t('admin.printjobs.fields.duplex'), yesNo(job.settings.is_duplex)],
                  [
                    t('admin.printjobs.fields.orientation'),
                    t(`admin.printjobs.orientations.${job.settings.orientation}`),
                  ],
                  [t('admin.printjobs.fields.pages_per_sheet'), job.settings.pages_per_sheet],
                ]}
              />
            </section>
          </div>
          <section className="card">
            <h3 className="card__title">{t('admin.printjobs.sections.documents')}</h3>
            <ListTable
              count={job.documents.length}
              empty={t('admin.printjobs.no_documents')}
              testId="documents-table"
              head={[
                t('admin.printjobs.fields.document_name'),
                t('admin.printjobs.fields.document_status'),
                t('admin.printjobs.columns.pages'),
                t('admin.printjobs.fields.color_pages'),
                t('admin.printjobs.fields.copies'),
                t('admin.printjobs.fields.size'),
              ]}
            >
              {job.documents.map((d) => (
                <tr key={d.id}>
                  <td>{d.name}</td>
                  <td>
                    {d.failure_reason ??
                      t(
                        `admin.printjobs.document_statuses.${d.status as 'processing' | 'ready' | 'failed'}`,
                      )}
                  </td>
                  <td>{d.page_count ?? none}</td>
                  <td>{d.color_pages}</td>
                  <td>{d.copies}</td>
                  <td>{Math.max(1, Math.round(d.size_bytes / 1024))} KB</td>
                </tr>
              ))}
            </ListTable>
          </section>
        </>
      )}
    </section>
  );
}

import { colorPagesFrom, type TPrintjob } from '@printomat/shared';
import { useModal } from '../modal/modal-context';
import { useT } from '../i18n/use-t';

/** Pages printed, price in pages, the person's pages, and the Confirm/Edit button. */
export function PrintSummary(props: {
  job: TPrintjob;
  remaining: number | undefined;
  canSubmit: boolean;
  busy: boolean;
  onToggle: () => void;
}) {
  const t = useT();
  const { openModal } = useModal();
  const { job, remaining } = props;
  return (
    <aside className="card print-summary" aria-labelledby="print-summary-title">
      <h2 id="print-summary-title" className="print-summary__title">
        {t('uploader.summary.title')}
      </h2>
      <dl className="print-summary__list">
        <dt>{t('uploader.summary.printed')}</dt>
        <dd data-testid="job-page-count">{job.page_count ?? t('uploader.summary.unknown')}</dd>
        <dt>{t('uploader.summary.cost')}</dt>
        <dd data-testid="job-cost" className="print-summary__cost">
          {job.cost}
        </dd>
        <dt>{t('uploader.summary.remaining')}</dt>
        <dd>
          <span data-testid="remaining-pages">{remaining ?? t('uploader.summary.unknown')}</span>
          {remaining !== undefined && (
            <span className="print-summary__sub">
              {' '}
              · {t('uploader.summary.remaining_colour', { count: colorPagesFrom(remaining) })}
            </span>
          )}
        </dd>
      </dl>
      {job.status === 'created' && (
        <button
          type="button"
          className={`button button--block${job.is_submitted ? ' button--secondary' : ''}`}
          data-testid="submit-button"
          disabled={props.busy || (!job.is_submitted && !props.canSubmit)}
          onClick={props.onToggle}
        >
          {job.is_submitted ? t('uploader.edit') : t('uploader.confirm')}
        </button>
      )}
      {job.is_submitted && job.status === 'created' && (
        <>
          <p className="print-summary__confirmed" role="status">
            {t('uploader.confirmed')}
          </p>
          <button
            type="button"
            className="button button--block button--accent"
            data-testid="print-with-code"
            onClick={() => openModal('printjobs/print_with_code')}
          >
            {t('uploader.release.button')}
          </button>
        </>
      )}
    </aside>
  );
}

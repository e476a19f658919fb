import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  formatDateTime,
  MAX_FILE_SLOTS,
  POLL_INTERVAL_MS,
  type TDocument,
  type TPrintjob,
} from '@printomat/shared';
import type { TTranslate } from '@printomat/shared/i18n';
import { useSession } from '../api/session';
import { PageTitle } from '../components/page-title';
import { useLocale, useT } from '../i18n/use-t';
import { LastResultBanner } from './last-result-banner';
import { isOfficeFileName, reloadPage, setUnloadWarning, takeOfficeNotice } from './page-lifecycle';
import { ApiError } from '../api/client';
import {
  AJAX_USER_QUERY_KEY,
  cancelPrintjob,
  fetchAjaxUser,
  fetchCurrentPrintjob,
  PRINTJOB_QUERY_KEY,
  removeDocument,
  submitPrintjob,
} from './print-api';
import { PrintSummary } from './print-summary';
import { SettingsPanel } from './settings-panel';
import { takeFiles, UploadArea } from './upload-area';
import { useLivePrintjobEvents } from './use-live-printjob-events';
import { useSettingsSync } from './use-settings-sync';
import { DEFAULT_MAX_UPLOAD_BYTES, formatMegabytes, useUploads } from './use-uploads';

/** The banner of a released or finished job: where it waits or prints, when the server says. */
function jobStatusText(t: TTranslate, job: TPrintjob): string {
  const printer = job.printer?.name;
  if (job.phase === 'waiting') {
    return printer ? t('uploader.status.waiting_at', { printer }) : t('uploader.status.scheduled');
  }
  if (job.phase === 'printing') {
    return printer ? t('uploader.status.printing_at', { printer }) : t('uploader.status.printing');
  }
  return t(
    `uploader.status.${job.status === 'scheduled' ? 'scheduled' : job.status === 'created' ? 'printing' : job.status}`,
  );
}

/** `/print`: the uploader screen (spec sections 2, 4 and 8). */
export function PrintPage() {
  const t = useT();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const maxBytes = useSession().data?.max_upload_bytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [officeNotice, setOfficeNotice] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [dismissedResult, setDismissedResult] = useState<number | null>(null);
  // Cancelling a released job: in flight, then what came of it (done, or the server's refusal),
  // shown while the job stays in the status it was left in (released again, or ended: gone).
  const [cancelling, setCancelling] = useState(false);
  const [cancelOutcome, setCancelOutcome] = useState<
    | { kind: 'done'; jobId: number; status: TPrintjob['status'] }
    | { kind: 'refused'; jobId: number; status: TPrintjob['status']; message: string }
    | null
  >(null);
  // Live status: the agent's reports reach this page within a second; polling stays as fallback.
  useLivePrintjobEvents();

  const jobQuery = useQuery({
    queryKey: PRINTJOB_QUERY_KEY,
    queryFn: fetchCurrentPrintjob,
    retry: false,
    refetchInterval: (query) => {
      const job = query.state.data;
      const processing = job?.documents.some((d) => !d.is_failed && d.page_count === null);
      return job && (processing || job.status !== 'created') ? POLL_INTERVAL_MS : false;
    },
  });
  const userQuery = useQuery({
    queryKey: AJAX_USER_QUERY_KEY,
    queryFn: fetchAjaxUser,
    retry: false,
  });
  const job = jobQuery.data;

  // Spec section 8: a failed printjob or user fetch reloads the page.
  useEffect(() => {
    if (jobQuery.isError || userQuery.isError) reloadPage();
  }, [jobQuery.isError, userQuery.isError]);

  const setJob = useCallback(
    (next: TPrintjob) => {
      queryClient.setQueryData(PRINTJOB_QUERY_KEY, next);
      void queryClient.invalidateQueries({ queryKey: AJAX_USER_QUERY_KEY });
    },
    [queryClient],
  );
  const refreshJob = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: PRINTJOB_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: AJAX_USER_QUERY_KEY });
  }, [queryClient]);

  const onUploaded = useCallback(
    (document: TDocument) => {
      if (document.is_office && takeOfficeNotice()) setOfficeNotice(true);
      refreshJob();
    },
    [refreshJob],
  );
  const uploads = useUploads({
    maxBytes,
    tooLargeText: t('uploader.too_large', { limit: formatMegabytes(locale, maxBytes) }),
    failedText: t('uploader.banners.upload_failed'),
    onUploaded,
  });
  const sync = useSettingsSync(job, setJob, reloadPage);

  const uploading = uploads.slots.some((s) => s.state === 'uploading' || s.state === 'waiting');
  useEffect(() => {
    setUnloadWarning(uploading ? t('uploader.unload_warning') : null);
  }, [uploading, t]);
  useEffect(() => () => setUnloadWarning(null), []);

  const documents = useMemo(
    () => (job?.documents ?? []).filter((d) => !hidden.has(d.id)),
    [job, hidden],
  );
  if (!job || !sync.settings) {
    return <div className="container print-page">{t('common.loading')}</div>;
  }

  const remaining = userQuery.data?.remaining_page_limit;
  const printing = job.status !== 'created';
  const editable = !printing && !job.is_submitted;
  const used = documents.length + uploads.slots.length;
  const overLimit = remaining !== undefined && job.cost > remaining;
  const uploadFailed =
    uploads.slots.some((s) => s.state === 'not_uploaded') || documents.some((d) => d.is_failed);
  const printable = documents.filter((d) => !d.is_failed);
  const lastResult =
    editable && job.last_result && job.last_result.printjob_id !== dismissedResult
      ? job.last_result
      : null;
  const canSubmit =
    !overLimit &&
    !uploading &&
    job.page_count !== null &&
    printable.length > 0 &&
    !printing &&
    remaining !== undefined;

  function addFiles(list: FileList | null) {
    if (!list || !editable) return;
    const files = takeFiles(list, used);
    if (files.some((f) => isOfficeFileName(f.name)) && takeOfficeNotice()) setOfficeNotice(true);
    uploads.add(files);
  }

  function remove(doc: TDocument) {
    // Hide at once; restore if the server did not remove it.
    setHidden((h) => new Set(h).add(doc.id));
    removeDocument(doc.id)
      .then((removed) => {
        if (removed === null) setHidden((h) => new Set([...h].filter((id) => id !== doc.id)));
        refreshJob();
      })
      .catch(reloadPage);
  }

  /** A cancel outcome is shown while the job it is about stays as it left it. */
  const shows = (outcome: { jobId: number; status: TPrintjob['status'] }) =>
    outcome.jobId === job.id && outcome.status === job.status;

  function cancel() {
    if (!job) return;
    setCancelling(true);
    setCancelOutcome(null);
    cancelPrintjob(job.id)
      .then((current) => {
        // Also reloads the person's page count: the pages are back.
        setJob(current);
        setCancelOutcome({ kind: 'done', jobId: current.id, status: current.status });
      })
      .catch((err: unknown) => {
        // Printing started meanwhile (or the job ended): say why, and show where it is now.
        if (err instanceof ApiError && err.status === 409) {
          setCancelOutcome({
            kind: 'refused',
            jobId: job.id,
            status: 'scheduled',
            message: err.message,
          });
          refreshJob();
        } else reloadPage();
      })
      .finally(() => setCancelling(false));
  }

  function toggleSubmit() {
    if (!job) return;
    setSubmitting(true);
    submitPrintjob(job.id, !job.is_submitted)
      .then(setJob)
      .catch(reloadPage)
      .finally(() => setSubmitting(false));
  }

  return (
    <div className="container print-page">
      <PageTitle title={t('uploader.title')} />
      <h1 className="page-title">{t('uploader.title')}</h1>
      <p className="print-page__lead">{t('uploader.lead', { max: MAX_FILE_SLOTS })}</p>

      <div className="print-page__banners">
        {uploading && (
          <p className="banner banner--info" role="status" data-testid="banner-uploading">
            {t('uploader.banners.uploading')}
          </p>
        )}
        {uploadFailed && (
          <p className="banner banner--danger" role="alert" data-testid="banner-upload-failed">
            {t('uploader.banners.upload_failed')}
          </p>
        )}
        {overLimit && (
          <p className="banner banner--danger" role="alert" data-testid="banner-over-limit">
            {t('uploader.banners.over_limit')}{' '}
            <Link to="/kup-pakiet" className="button button--small">
              {t('uploader.banners.buy_pages')}
            </Link>
          </p>
        )}
        {officeNotice && (
          <p className="banner banner--warning" role="status" data-testid="office-beta-notice">
            {t('uploader.office_beta')}{' '}
            <button
              type="button"
              className="button button--small button--quiet"
              onClick={() => setOfficeNotice(false)}
            >
              {t('uploader.dismiss')}
            </button>
          </p>
        )}
        {printing && (
          <p
            className="banner banner--info"
            role="status"
            data-testid="job-status"
            data-phase={job.phase}
          >
            {jobStatusText(t, job)}
          </p>
        )}
        {job.phase === 'waiting' && (
          <p>
            <button
              type="button"
              className="button button--small"
              data-testid="cancel-printing"
              disabled={cancelling}
              onClick={cancel}
            >
              {cancelling ? t('uploader.cancel.busy') : t('uploader.cancel.button')}
            </button>
          </p>
        )}
        {cancelOutcome?.kind === 'refused' && shows(cancelOutcome) && (
          <p className="banner banner--danger" role="alert" data-testid="cancel-refused">
            {cancelOutcome.message}
          </p>
        )}
        {cancelOutcome?.kind === 'done' && shows(cancelOutcome) && (
          <p className="banner banner--info" role="status" data-testid="cancel-done">
            {t('uploader.cancel.done')}
          </p>
        )}
        {lastResult && (
          <LastResultBanner
            result={lastResult}
            onDismiss={() => setDismissedResult(lastResult.printjob_id)}
          />
        )}
      </div>

      <div className="print-page__grid">
        <section className="print-page__files">
          <UploadArea
            documents={documents}
            slots={uploads.slots}
            editable={editable}
            onFiles={addFiles}
            onRemove={remove}
            onChanged={refreshJob}
            onCancel={uploads.cancel}
          />
          {job.files_delete_at && (
            // Retention of documents never printed (issue 17): the person knows when they go.
            <p className="card__text" data-testid="files-delete-at">
              {t('uploader.retention.unused', {
                time: formatDateTime(locale, job.files_delete_at),
              })}
            </p>
          )}
        </section>
        <div className="print-page__side">
          <SettingsPanel
            settings={sync.settings}
            kind={job.kind}
            disabled={!editable}
            onChange={sync.change}
          />
          <PrintSummary
            job={job}
            remaining={remaining}
            canSubmit={canSubmit}
            busy={submitting}
            onToggle={toggleSubmit}
          />
        </div>
      </div>
    </div>
  );
}

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { POLL_INTERVAL_MS, type TPrintjob } from '@printomat/shared';
import { errorMessage } from '../api/client';
import { useSession } from '../api/session';
import { useT } from '../i18n/use-t';
import {
  ConfirmJobFirst,
  GuestSignInPrompt,
  releaseErrorText,
} from '../pages/printer/print-here-panel';
import {
  AJAX_USER_QUERY_KEY,
  cancelPrintjob,
  fetchAjaxUser,
  fetchCurrentPrintjob,
  PRINTJOB_QUERY_KEY,
  printAtPrinter,
  printWithCode,
} from '../print/print-api';
import { useLivePrintjobEvents } from '../print/use-live-printjob-events';
import { JobProgress, type TProgress } from './job-progress';
import { ErrorAlert, ReleaseButton, type TReleaseTarget } from './release-button';

type TProps = {
  target: TReleaseTarget;
  /** The job released from this view (kept in the address, so a reload still follows it). */
  followJobId: number | null;
  onFollow: (jobId: number | null) => void;
};

/**
 * "Print here" for the person's current confirmed job, with its pages and cost; then its live
 * status until it is printed or failed. Guests are asked to sign in and come back here.
 */
export function ReleasePanel(props: TProps) {
  const t = useT();
  const session = useSession();
  if (session.isPending) return null;
  return (
    <section
      className="card mobile-release"
      aria-labelledby="mobile-release-title"
      data-testid="mobile-release"
    >
      <h2 id="mobile-release-title" className="card__title">
        {t('mobile.release.title')}
      </h2>
      {session.data?.user ? (
        <SignedInRelease {...props} />
      ) : (
        <GuestSignInPrompt testId="mobile-sign-in" />
      )}
    </section>
  );
}

function progressOf(job: TPrintjob, followJobId: number | null): TProgress | null {
  if (job.status !== 'created') {
    return { state: job.phase === 'printing' ? 'printing' : 'waiting', job };
  }
  const result = job.last_result;
  if (followJobId !== null && result?.printjob_id === followJobId) {
    return { state: result.status, result };
  }
  return null;
}

function SignedInRelease({ target, followJobId, onFollow }: TProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState(false);
  // Live status: the agent's reports arrive within a second; polling stays as the fallback.
  useLivePrintjobEvents();
  const jobQuery = useQuery({
    queryKey: PRINTJOB_QUERY_KEY,
    queryFn: fetchCurrentPrintjob,
    retry: false,
    refetchInterval: (query) => {
      const job = query.state.data;
      // While a job is out at a printer; the answer after it ended carries its outcome.
      return job && job.status !== 'created' ? POLL_INTERVAL_MS : false;
    },
  });
  const userQuery = useQuery({
    queryKey: AJAX_USER_QUERY_KEY,
    queryFn: fetchAjaxUser,
    retry: false,
  });

  const job = jobQuery.data;
  if (jobQuery.isError) {
    return (
      <p className="alert alert--error" role="alert">
        {errorMessage(jobQuery.error, t('common.errors.generic'))}
      </p>
    );
  }
  if (!job) return <p className="card__text">{t('common.loading')}</p>;

  const progress = progressOf(job, followJobId);
  if (progress) {
    const out = 'job' in progress ? progress.job : null;
    const elsewhere =
      target.kind === 'printer' && out?.printer && out.printer.id !== target.printer.id
        ? out.printer.name
        : null;
    return (
      <>
        {elsewhere && (
          <p className="card__text" data-testid="released-elsewhere">
            {t('mobile.release.other_printer', { printer: elsewhere })}
          </p>
        )}
        <JobProgress progress={progress} onDismissResult={() => onFollow(null)} />
        {out && progress.state === 'waiting' && (
          <button
            type="button"
            className="button button--block button--secondary"
            data-testid="cancel-printing"
            disabled={busy}
            onClick={() => cancel(out)}
          >
            {busy ? t('uploader.cancel.busy') : t('uploader.cancel.button')}
          </button>
        )}
        {error && <ErrorAlert text={error} />}
        {(progress.state === 'printed' || progress.state === 'failed') && (
          <Link to="/print" className="button button--block" data-testid="print-more">
            {t('mobile.release.print_more')}
          </Link>
        )}
      </>
    );
  }

  const remaining = userQuery.data?.remaining_page_limit;
  if (job.documents.length === 0) {
    return (
      <>
        <p className="card__text" data-testid="release-no-job">
          {t('mobile.release.none')}
        </p>
        <Link to="/print" className="button button--block">
          {t('mobile.release.upload')}
        </Link>
      </>
    );
  }
  if (!job.is_submitted) return <ConfirmJobFirst testId="release-confirm-first" />;
  const notEnough = remaining !== undefined && job.cost > remaining;

  function cancel(released: TPrintjob) {
    setBusy(true);
    setError(null);
    cancelPrintjob(released.id)
      .then((current) => {
        queryClient.setQueryData(PRINTJOB_QUERY_KEY, current);
        void queryClient.invalidateQueries({ queryKey: AJAX_USER_QUERY_KEY });
        setCancelled(true);
        onFollow(null);
      })
      .catch((err: unknown) => {
        // Printing started meanwhile: the server says so; the status shows where it is now.
        setError(errorMessage(err, t('common.errors.generic')));
        void queryClient.invalidateQueries({ queryKey: PRINTJOB_QUERY_KEY });
      })
      .finally(() => setBusy(false));
  }

  function release(confirmed: TPrintjob) {
    setBusy(true);
    setError(null);
    setCancelled(false);
    const request =
      target.kind === 'printer'
        ? printAtPrinter(confirmed.id, target.printer.id)
        : printWithCode(confirmed.id, { code: target.code });
    request
      .then((updated) => {
        queryClient.setQueryData(PRINTJOB_QUERY_KEY, updated);
        void queryClient.invalidateQueries({ queryKey: AJAX_USER_QUERY_KEY });
        onFollow(updated.id);
      })
      .catch((err: unknown) => {
        setError(releaseErrorText(err, t));
      })
      .finally(() => setBusy(false));
  }

  return (
    <>
      {cancelled && (
        <p className="banner banner--info" role="status" data-testid="cancel-done">
          {t('uploader.cancel.done')}
        </p>
      )}
      <dl className="details mobile-release__summary">
        <div className="details__row">
          <dt>{t('uploader.summary.printed')}</dt>
          <dd data-testid="job-page-count">{job.page_count ?? t('uploader.summary.unknown')}</dd>
        </div>
        <div className="details__row">
          <dt>{t('uploader.summary.cost')}</dt>
          <dd data-testid="job-cost">{job.cost}</dd>
        </div>
        <div className="details__row">
          <dt>{t('uploader.summary.remaining')}</dt>
          <dd data-testid="remaining-pages">{remaining ?? t('uploader.summary.unknown')}</dd>
        </div>
      </dl>
      {notEnough ? (
        <p className="alert alert--error" role="alert" data-testid="release-not-enough">
          {t('mobile.release.not_enough', { cost: job.cost, remaining })}{' '}
          <Link to="/kup-pakiet" className="button button--small">
            {t('uploader.banners.buy_pages')}
          </Link>
        </p>
      ) : (
        <ReleaseButton target={target} busy={busy} onRelease={() => release(job)} />
      )}
      {error && <ErrorAlert text={error} />}
    </>
  );
}

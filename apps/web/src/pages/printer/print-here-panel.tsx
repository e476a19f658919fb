import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import type { TPrintjob } from '@printomat/shared';
import type { TTranslate } from '@printomat/shared/i18n';
import { ApiError } from '../../api/client';
import { useSession } from '../../api/session';
import { signInPathFor } from '../../components/require-auth';
import { useT } from '../../i18n/use-t';
import {
  AJAX_USER_QUERY_KEY,
  fetchCurrentPrintjob,
  PRINTJOB_QUERY_KEY,
  printAtPrinter,
} from '../../print/print-api';

/**
 * What a failed release says: the server's message (not enough pages, printer unavailable, …),
 * else "no connection" when the request never got an answer, else the generic error. Shared with
 * the phone app's release panel.
 */
export function releaseErrorText(err: unknown, t: TTranslate): string {
  if (err instanceof ApiError && err.message) return err.message;
  if (err instanceof ApiError && err.status === 0) return t('common.errors.network');
  return t('common.errors.generic');
}

/**
 * A guest at a printer: why to sign in, and the way to do it that comes back to this page
 * (`testId` names the link). Shared with the phone app's release panel.
 */
export function GuestSignInPrompt({ testId }: { testId: string }) {
  const t = useT();
  const location = useLocation();
  return (
    <>
      <p className="card__text">{t('printer_page.print.guest')}</p>
      <Link
        to={signInPathFor(location.pathname + location.search)}
        className="button button--block"
        data-testid={testId}
      >
        {t('printer_page.print.sign_in')}
      </Link>
    </>
  );
}

/**
 * "Print here" on a printer's page: guests are asked to sign in (and come back here); a signed-in
 * person with a confirmed job releases it to this printer and follows it on /print.
 */
/** The person's job is not confirmed yet: they confirm it on /print before releasing it. */
export function ConfirmJobFirst({ testId }: { testId: string }) {
  const t = useT();
  return (
    <>
      <p className="card__text" data-testid={testId}>
        {t('printer_page.print.not_confirmed')}
      </p>
      <Link to="/print" className="button button--block">
        {t('printer_page.print.to_documents')}
      </Link>
    </>
  );
}

export function PrintHerePanel({ printerId }: { printerId: number }) {
  const t = useT();
  const session = useSession();
  if (session.isPending) return null;
  const user = session.data?.user ?? null;

  return (
    <section
      className="card printer-print"
      aria-labelledby="printer-print-title"
      data-testid="printer-print"
    >
      <h2 id="printer-print-title" className="card__title">
        {t('printer_page.print.title')}
      </h2>
      {user ? (
        <SignedInPrint printerId={printerId} />
      ) : (
        <>
          <GuestSignInPrompt testId="printer-sign-in" />
          {/* Issue 13: guests can also pay for this one job without an account. */}
          <p className="card__text">{t('printer_page.print.express')}</p>
          <Link
            to={`/express/${printerId}`}
            className="button button--block button--secondary"
            data-testid="printer-express"
          >
            {t('printer_page.print.express_link')}
          </Link>
        </>
      )}
    </section>
  );
}

function SignedInPrint({ printerId }: { printerId: number }) {
  const t = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const jobQuery = useQuery({
    queryKey: PRINTJOB_QUERY_KEY,
    queryFn: fetchCurrentPrintjob,
    retry: false,
  });

  if (jobQuery.isPending) return <p className="card__text">{t('common.loading')}</p>;
  if (jobQuery.isError) {
    return (
      <p className="alert alert--error" role="alert">
        {t('common.errors.generic')}
      </p>
    );
  }
  const job = jobQuery.data;

  if (job.status !== 'created') {
    const printer = job.printer?.name;
    return (
      <>
        <p className="card__text" data-testid="print-released">
          {printer
            ? t('printer_page.print.released', { printer })
            : t('printer_page.print.released_no_printer')}
        </p>
        <Link to="/print" className="button button--block">
          {t('printer_page.print.to_status')}
        </Link>
      </>
    );
  }

  if (!job.is_submitted) return <ConfirmJobFirst testId="print-confirm-first" />;

  function printHere(jobId: number) {
    setBusy(true);
    setError(null);
    printAtPrinter(jobId, printerId)
      .then((updated: TPrintjob) => {
        queryClient.setQueryData(PRINTJOB_QUERY_KEY, updated);
        void queryClient.invalidateQueries({ queryKey: AJAX_USER_QUERY_KEY });
        void navigate('/print');
      })
      .catch((err: unknown) => {
        setBusy(false);
        setError(releaseErrorText(err, t));
      });
  }

  return (
    <>
      <p className="card__text">{t('printer_page.print.ready')}</p>
      {error && (
        <p className="alert alert--error" role="alert" data-testid="print-here-error">
          {error}
        </p>
      )}
      <button
        type="button"
        className="button button--block button--large button--accent"
        data-testid="print-here"
        disabled={busy}
        onClick={() => printHere(job.id)}
      >
        {busy ? t('printer_page.print.sending') : t('printer_page.print.button')}
      </button>
    </>
  );
}

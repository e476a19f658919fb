import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import type { TPrintjob } from '@printomat/shared';
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
 * "Print here" on a printer's page: guests are asked to sign in (and come back here); a signed-in
 * person with a confirmed job releases it to this printer and follows it on /print.
 */
export function PrintHerePanel({ printerId }: { printerId: number }) {
  const t = useT();
  const session = useSession();
  const location = useLocation();
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
          <p className="card__text">{t('printer_page.print.guest')}</p>
          <Link
            to={signInPathFor(location.pathname + location.search)}
            className="button button--block"
            data-testid="printer-sign-in"
          >
            {t('printer_page.print.sign_in')}
          </Link>
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

  if (!job.is_submitted) {
    return (
      <>
        <p className="card__text" data-testid="print-confirm-first">
          {t('printer_page.print.not_confirmed')}
        </p>
        <Link to="/print" className="button button--block">
          {t('printer_page.print.to_documents')}
        </Link>
      </>
    );
  }

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
        setError(
          err instanceof ApiError && err.message
            ? err.message
            : err instanceof ApiError && err.status === 0
              ? t('common.errors.network')
              : t('common.errors.generic'),
        );
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

import { useCallback } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageTitle } from '../components/page-title';
import { useT } from '../i18n/use-t';
import { ChosenPrinter, CodeRelease } from './chosen-printer';
import { NearbyPrinters } from './nearby-printers';
import { useGeolocation } from './use-geolocation';
import './mobile.css';

/** A positive whole number from the address, or null. */
function idParam(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** A printer code handed over by the scanner in the navigation state (kept out of the address). */
function codeFromState(state: unknown): string | null {
  if (!state || typeof state !== 'object' || !('code' in state)) return null;
  const code = state.code;
  return typeof code === 'string' && /^\d{6}$/.test(code) ? code : null;
}

/**
 * The phone app's home (/app, the installed app's start page): nearby printers, scanning a
 * printer's QR code, and the chosen printer (`?printer=ID`) with "Print here" and the released
 * job's live status (`&job=ID`). The page stays mounted while the address changes, so the
 * position found for the list survives choosing a printer and coming back.
 */
export function MobileHomePage() {
  const t = useT();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const geo = useGeolocation();
  const printerId = idParam(params.get('printer'));
  const followJobId = idParam(params.get('job'));
  const code = printerId === null ? codeFromState(location.state) : null;

  const onFollow = useCallback(
    (jobId: number | null) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (jobId === null) next.delete('job');
          else next.set('job', String(jobId));
          return next;
        },
        { replace: true, state: location.state as unknown },
      );
    },
    [setParams, location.state],
  );

  return (
    <div className="container mobile-app" data-testid="mobile-app">
      <PageTitle title={t('mobile.title')} />
      <h1 className="page-title mobile-app__title">{t('mobile.title')}</h1>
      {printerId !== null ? (
        <ChosenPrinter printerId={printerId} followJobId={followJobId} onFollow={onFollow} />
      ) : code !== null ? (
        <CodeRelease code={code} followJobId={followJobId} onFollow={onFollow} />
      ) : (
        <>
          <p className="mobile-app__lead">{t('mobile.lead')}</p>
          <Link
            to="/app/scan"
            className="button button--block button--large button--accent"
            data-testid="open-scanner"
          >
            {t('mobile.scan_button')}
          </Link>
          <NearbyPrinters geo={geo.state} onLocate={geo.locate} />
        </>
      )}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { shownAvailability, type TPublicPrinter } from '@printomat/shared';
import { ApiError } from '../api/client';
import { fetchPrinter, printerQueryKey } from '../api/printers-api';
import { useT } from '../i18n/use-t';
import { OpenNowText, useAvailabilityText } from '../map/availability';
import { NEARBY_REFRESH_MS } from './nearby-printers';
import { ReleasePanel } from './release-panel';
import '../styles/map.css';

/**
 * The chosen printer (from the list, `?printer=ID` or its QR code): where it is and its live
 * state, then "Print here" for the person's confirmed job and the job's live status.
 */
export function ChosenPrinter({
  printerId,
  followJobId,
  onFollow,
}: {
  printerId: number;
  followJobId: number | null;
  onFollow: (jobId: number | null) => void;
}) {
  const t = useT();
  const query = useQuery({
    queryKey: printerQueryKey(printerId),
    queryFn: () => fetchPrinter(printerId),
    retry: false,
    refetchInterval: NEARBY_REFRESH_MS,
  });
  const printer = query.data;
  const notFound =
    query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);

  return (
    <div className="mobile-chosen" data-testid="chosen-printer" data-printer-id={printerId}>
      <BackToList />
      {printer ? (
        <>
          <PrinterCard printer={printer} />
          <ReleasePanel
            target={{ kind: 'printer', printer }}
            followJobId={followJobId}
            onFollow={onFollow}
          />
        </>
      ) : notFound ? (
        <p className="alert alert--error" role="alert" data-testid="chosen-not-found">
          {t('mobile.chosen.not_found')}
        </p>
      ) : query.isError ? (
        <p className="alert alert--error" role="alert">
          {t('map.details.load_failed')}
        </p>
      ) : (
        <p className="card__text" role="status">
          {t('common.loading')}
        </p>
      )}
    </div>
  );
}

/** A printer code from a scanned QR code: released with the code, the printer stays unnamed. */
export function CodeRelease({
  code,
  followJobId,
  onFollow,
}: {
  code: string;
  followJobId: number | null;
  onFollow: (jobId: number | null) => void;
}) {
  const t = useT();
  return (
    <div className="mobile-chosen" data-testid="code-release">
      <BackToList />
      <section className="card" aria-labelledby="mobile-code-title">
        <h2 id="mobile-code-title" className="card__title">
          {t('mobile.code.title', { code })}
        </h2>
        <p className="card__text">{t('mobile.code.text')}</p>
      </section>
      <ReleasePanel target={{ kind: 'code', code }} followJobId={followJobId} onFollow={onFollow} />
    </div>
  );
}

function PrinterCard({ printer }: { printer: TPublicPrinter }) {
  const t = useT();
  const availabilityText = useAvailabilityText();
  const shown = shownAvailability(printer.availability, printer.open_now);
  return (
    <section className="card mobile-chosen__printer" aria-labelledby="mobile-chosen-name">
      <h2 id="mobile-chosen-name" className="card__title" data-testid="chosen-name">
        {printer.name}
      </h2>
      <p className="card__text">{printer.address}</p>
      <p
        className={`map-state map-state--${shown}`}
        data-testid="chosen-availability"
        data-availability={shown}
      >
        {availabilityText(shown)} <OpenNowText openNow={printer.open_now} shown={shown} />
      </p>
      <Link to={`/printers/${printer.id}`} className="mobile-chosen__more">
        {t('mobile.chosen.details')}
      </Link>
    </section>
  );
}

function BackToList() {
  const t = useT();
  return (
    <Link to="/app" className="mobile-back" data-testid="mobile-back">
      ← {t('mobile.chosen.back')}
    </Link>
  );
}

import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { shownAvailability, type TPrinterMarker } from '@printomat/shared';
import { useLocale, useT } from '../i18n/use-t';
import { AvailabilityBadge, OpenNowText } from '../map/availability';
import { fetchPrinterMap, PRINTER_MAP_QUERY_KEY } from '../map/map-api';
import { formatDistance, sortByDistance, type TCoords } from './geo';
import type { TGeoState } from './use-geolocation';
import '../styles/map.css';

/** The printers' live states are read again this often while the list is shown (30 s). */
export const NEARBY_REFRESH_MS = 30_000;
/** The nearest this many printers are listed; the map shows the rest. */
const NEARBY_LIMIT = 15;

/**
 * "Find printers near me": asks for the position, then lists the nearest printers with their
 * distance, live state and whether they are open now; each opens the chosen-printer view.
 */
export function NearbyPrinters({ geo, onLocate }: { geo: TGeoState; onLocate: () => void }) {
  const t = useT();
  const coords =
    geo.status === 'located' ? geo.coords : geo.status === 'locating' ? geo.previous : null;
  return (
    <section className="card mobile-nearby" aria-labelledby="mobile-nearby-title">
      <h2 id="mobile-nearby-title" className="card__title">
        {t('mobile.nearby.title')}
      </h2>
      <button
        type="button"
        className="button button--block"
        data-testid="find-nearby"
        disabled={geo.status === 'locating'}
        onClick={onLocate}
      >
        {geo.status === 'locating'
          ? t('mobile.nearby.locating')
          : coords
            ? t('mobile.nearby.again')
            : t('mobile.nearby.find')}
      </button>
      {geo.status === 'failed' && (
        <p
          className="alert alert--error"
          role="alert"
          data-testid="geo-error"
          data-reason={geo.reason}
        >
          {t(`mobile.geo.${geo.reason}`)}{' '}
          <Link to="/map" data-testid="geo-map-link">
            {t('mobile.nearby.to_map')}
          </Link>
        </p>
      )}
      {coords ? (
        <NearbyList from={coords} />
      ) : (
        geo.status !== 'failed' && (
          <p className="card__text mobile-nearby__hint">
            {t('mobile.nearby.hint')} <Link to="/map">{t('mobile.nearby.to_map')}</Link>
          </p>
        )
      )}
    </section>
  );
}

function NearbyList({ from }: { from: TCoords }) {
  const t = useT();
  const query = useQuery({
    queryKey: PRINTER_MAP_QUERY_KEY,
    queryFn: fetchPrinterMap,
    refetchInterval: NEARBY_REFRESH_MS,
  });
  const printers = query.data?.printers;
  const nearest = useMemo(
    () => (printers ? sortByDistance(printers, from).slice(0, NEARBY_LIMIT) : []),
    [printers, from],
  );

  if (query.isPending) {
    return (
      <p className="card__text" role="status">
        {t('map.loading')}
      </p>
    );
  }
  if (query.isError && !printers) {
    return (
      <p className="alert alert--error" role="alert">
        {t('mobile.nearby.load_failed')}
      </p>
    );
  }
  if (nearest.length === 0) return <p className="card__text">{t('mobile.nearby.empty')}</p>;
  return (
    <ol className="mobile-nearby__list" data-testid="nearby-list">
      {nearest.map(({ item, meters }) => (
        <NearbyItem key={item.id} printer={item} meters={meters} />
      ))}
    </ol>
  );
}

function NearbyItem({ printer, meters }: { printer: TPrinterMarker; meters: number }) {
  const t = useT();
  const { locale } = useLocale();
  const shown = shownAvailability(printer.availability, printer.open_now);
  const distance = formatDistance(locale, meters);
  return (
    <li>
      <Link
        to={`/app?printer=${printer.id}`}
        className="mobile-printer"
        data-testid="nearby-printer"
        data-printer-id={printer.id}
        aria-label={t('mobile.nearby.choose', { name: printer.name, distance })}
      >
        <span className="mobile-printer__head">
          <span className="mobile-printer__name" data-testid="nearby-name">
            {printer.name}
          </span>
          <span className="mobile-printer__distance" data-testid="nearby-distance">
            {distance}
          </span>
        </span>
        <span className="mobile-printer__address">{printer.address}</span>
        <span className="mobile-printer__state">
          <AvailabilityBadge availability={shown} />
          <OpenNowText openNow={printer.open_now} shown={shown} />
        </span>
      </Link>
    </li>
  );
}

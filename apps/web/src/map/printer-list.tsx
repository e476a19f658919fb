import { Link } from 'react-router';
import { shownAvailability, type TPrinterMarker } from '@printomat/shared';
import { useT } from '../i18n/use-t';
import { AvailabilityBadge, OpenNowText } from './availability';

/** Level 2: a city's printers with where they are and whether they can print and are open now. */
export function PrinterList({ printers }: { printers: readonly TPrinterMarker[] }) {
  const t = useT();
  if (printers.length === 0) return <p className="map-panel__empty">{t('map.city.empty')}</p>;
  return (
    <ul className="map-list" data-testid="printer-list">
      {printers.map((printer) => {
        const shown = shownAvailability(printer.availability, printer.open_now);
        return (
          <li
            key={printer.id}
            className="map-list__item"
            data-testid="printer-item"
            data-id={printer.id}
          >
            <Link
              to={`/map/${encodeURIComponent(printer.city_slug)}/${printer.id}`}
              className="map-list__link map-list__link--printer"
            >
              <span className="map-list__name">{printer.name}</span>
              <span className="map-list__address">{printer.address}</span>
              <span className="map-list__states">
                <AvailabilityBadge availability={shown} />
                <OpenNowText openNow={printer.open_now} shown={shown} />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

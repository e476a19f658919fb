import { useSyncExternalStore } from 'react';
import { Link, useNavigate } from 'react-router';
import { MapCanvas } from '../../map/map-canvas';
import { printerMapPath } from '../../map/map-parts';
import { useT } from '../../i18n/use-t';
import { Icon } from './icons';
import { usePrinterMap } from './printer-map-query';

/**
 * The landing page's "where the printers are" block: the live map of every printer (a pin opens
 * it on `/map`; a drawing while the data loads), how many printers in how many cities, a link
 * per city to its printer list and one to the full map.
 */
export function LandingMapSlot() {
  const t = useT();
  const navigate = useNavigate();
  // The map is drawn in the browser only: the pre-rendered page (and hydration) shows the drawing.
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const map = usePrinterMap();
  const cities = map.data
    ? map.data.cities
        .filter((city) => city.printer_count > 0)
        .sort((a, b) => b.printer_count - a.printer_count || a.name.localeCompare(b.name))
    : [];
  const printerCount = map.data?.printers.length ?? 0;

  return (
    <div className="map-slot" data-testid="landing-map-slot" aria-busy={map.isPending}>
      {inBrowser && map.data && printerCount > 0 ? (
        <MapCanvas
          className="map-slot__map"
          data={map.data}
          view={{ kind: 'all' }}
          onPrinterClick={(printer) => void navigate(printerMapPath(printer))}
        />
      ) : (
        <MapArt />
      )}
      <div className="map-slot__body">
        {map.isPending ? (
          <p className="map-slot__status">
            <span className="spinner" aria-hidden="true" /> {t('landing.map.loading')}
          </p>
        ) : map.isError ? (
          <p className="map-slot__status" data-testid="landing-map-error">
            {t('landing.map.error')}
          </p>
        ) : printerCount === 0 ? (
          <p className="map-slot__status" data-testid="landing-map-empty">
            {t('landing.map.empty')} <Link to="/partner">{t('landing.map.partner')}</Link>
          </p>
        ) : (
          <>
            <p className="map-slot__summary" data-testid="landing-map-summary">
              {t('landing.map.summary', { printers: printerCount, cities: cities.length })}
            </p>
            <ul className="map-slot__cities" aria-label={t('landing.map.cities_label')}>
              {cities.map((city) => (
                <li key={city.id}>
                  <Link
                    to={`/map/${encodeURIComponent(city.slug)}`}
                    className="city-chip"
                    data-testid="landing-city-link"
                  >
                    <Icon name="pin" size={18} />
                    <span className="city-chip__name">{city.name}</span>
                    <span className="city-chip__count">
                      {t('landing.map.city_printers', { count: city.printer_count })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
        <Link to="/map" className="button button--large" data-testid="landing-find-printer">
          <Icon name="pin" size={20} />
          {t('landing.map.find')}
        </Link>
      </div>
    </div>
  );
}

const noSubscription = () => () => undefined;

/** A stylised street map with pins; decoration only. */
function MapArt() {
  return (
    <svg className="map-slot__art" viewBox="0 0 320 180" aria-hidden="true" focusable="false">
      <rect width="320" height="180" rx="14" fill="#e9eefc" />
      <path
        d="M0 120 C80 100 120 150 200 120 S300 60 320 70"
        stroke="#cfd8f6"
        strokeWidth="16"
        fill="none"
      />
      <path
        d="M60 0 L90 180 M210 0 L180 180 M0 50 L320 40"
        stroke="#fff"
        strokeWidth="8"
        fill="none"
      />
      <path d="M0 150 L320 135 M140 0 L150 180" stroke="#fff" strokeWidth="4" fill="none" />
      <g fill="#3451d1">
        <path d="M86 60c-8 0-14 6-14 14 0 10 14 24 14 24s14-14 14-24c0-8-6-14-14-14Z" />
        <path d="M196 84c-8 0-14 6-14 14 0 10 14 24 14 24s14-14 14-24c0-8-6-14-14-14Z" />
      </g>
      <path
        d="M250 30c-8 0-14 6-14 14 0 10 14 24 14 24s14-14 14-24c0-8-6-14-14-14Z"
        fill="#ffb020"
      />
      <g fill="#fff">
        <circle cx="86" cy="74" r="5" />
        <circle cx="196" cy="98" r="5" />
        <circle cx="250" cy="44" r="5" />
      </g>
    </svg>
  );
}

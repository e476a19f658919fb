import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../components/page-title';
import { useT } from '../i18n/use-t';
import { CityList } from './city-list';
import { usePrinterMap } from './map-api';
import { BackLink, MapData, printerMapPath } from './map-parts';
import { MapCanvas } from './map-canvas';
import type { TMapView } from './map-view';
import { PrinterDetailsPanel } from './printer-details-panel';
import { PrinterList } from './printer-list';
import { SuggestLocationLink } from './suggest-location-link';
import '../styles/map.css';

/** A positive whole number from the address, or null. */
function parsePrinterId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * `/map`, `/map/:citySlug`, `/map/:citySlug/:printerId`: the panel shows the cities, a city's
 * printers or one printer (each level its own address, so Back works), the map beside it follows.
 */
export function MapPage() {
  const t = useT();
  const navigate = useNavigate();
  const params = useParams();
  const citySlug = params.citySlug;
  const rawPrinterId = params.printerId;
  const printerId = parsePrinterId(rawPrinterId);
  const query = usePrinterMap();
  const data = query.data;

  const city = citySlug ? data?.cities.find((c) => c.slug === citySlug) : undefined;
  const marker = printerId ? data?.printers.find((p) => p.id === printerId) : undefined;

  // Keyboard and screen-reader users land on the new level's heading after each step.
  const panelRef = useRef<HTMLDivElement>(null);
  const levelKey = `${citySlug ?? ''}/${rawPrinterId ?? ''}`;
  const shownLevel = useRef(levelKey);
  useEffect(() => {
    if (shownLevel.current === levelKey) return;
    shownLevel.current = levelKey;
    panelRef.current
      ?.querySelector<HTMLElement>('.map-panel__title')
      ?.focus({ preventScroll: true });
  }, [levelKey]);

  // A printer opened under the wrong city (moved, or a hand-made address) gets its real address.
  if (marker && citySlug !== marker.city_slug) {
    return <Navigate to={printerMapPath(marker)} replace />;
  }

  let view: TMapView = { kind: 'all' };
  let title = t('map.title');
  let content: ReactNode;
  if (citySlug === undefined) {
    content = (
      <>
        <BackLink to="/" label={t('map.back.home')} />
        <h2 className="map-panel__title" tabIndex={-1}>
          {t('map.cities.title')}
        </h2>
        <MapData query={query}>{(map) => <CityList cities={map.cities} />}</MapData>
      </>
    );
  } else if (rawPrinterId === undefined) {
    view = { kind: 'city', slug: citySlug };
    if (city) title = t('map.city.page_title', { city: city.name });
    content = (
      <>
        <BackLink to="/map" label={t('map.back.cities')} />
        <MapData query={query}>
          {(map) =>
            city ? (
              <>
                <h2 className="map-panel__title" tabIndex={-1}>
                  {city.name}
                </h2>
                <PrinterList printers={map.printers.filter((p) => p.city_slug === city.slug)} />
              </>
            ) : (
              <h2 className="map-panel__title" tabIndex={-1} data-testid="map-city-not-found">
                {t('map.city.not_found')}
              </h2>
            )
          }
        </MapData>
      </>
    );
  } else {
    if (printerId !== null) view = { kind: 'printer', id: printerId };
    if (marker) title = marker.name;
    content = (
      <>
        <BackLink
          to={`/map/${encodeURIComponent(citySlug)}`}
          label={city ? t('map.back.city', { city: city.name }) : t('map.back.city_unknown')}
        />
        {printerId === null ? (
          <h2 className="map-panel__title" tabIndex={-1} data-testid="map-printer-not-found">
            {t('map.details.not_found')}
          </h2>
        ) : (
          <PrinterDetailsPanel key={printerId} printerId={printerId} marker={marker} />
        )}
      </>
    );
  }

  return (
    <div className="map-page" data-testid="map-page">
      <PageTitle title={title} />
      <div className="map-page__layout">
        <div className="map-panel" ref={panelRef}>
          <h1 className="map-page__title">{t('map.title')}</h1>
          {content}
          <div className="map-panel__suggest">
            <p className="map-panel__suggest-text">{t('map.suggest.lead')}</p>
            <SuggestLocationLink />
          </div>
        </div>
        {data ? (
          <MapCanvas
            className="map-page__map"
            data={data}
            view={view}
            selectedId={printerId}
            onPrinterClick={(printer) => void navigate(printerMapPath(printer))}
          />
        ) : (
          <div className="map-canvas-wrap map-page__map" aria-hidden="true" />
        )}
      </div>
    </div>
  );
}

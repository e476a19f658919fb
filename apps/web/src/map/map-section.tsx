import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { useT } from '../i18n/use-t';
import { CityList } from './city-list';
import { usePrinterMap } from './map-api';
import { MapCanvas } from './map-canvas';
import { MapData, printerMapPath } from './map-parts';
import { SuggestLocationLink } from './suggest-location-link';
import '../styles/map.css';

/**
 * The printer map in short, for the landing page: the cities (links to `/map/:city`) beside the
 * map; a pin opens the printer on `/map`. `id` is the anchor the page links to.
 */
export function MapSection({ id = 'map', className }: { id?: string; className?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const titleId = useId();
  const query = usePrinterMap();
  return (
    <section
      id={id}
      className={className ? `map-section ${className}` : 'map-section'}
      aria-labelledby={titleId}
      data-testid="map-section"
    >
      <div className="container">
        <h2 id={titleId} className="section-title">
          {t('map.section.title')}
        </h2>
        <p className="map-section__lead">{t('map.section.lead')}</p>
        <div className="map-section__layout">
          <div className="map-panel map-panel--compact">
            <MapData query={query}>{(map) => <CityList cities={map.cities} />}</MapData>
            <div className="map-section__actions">
              <Link to="/map" className="button">
                {t('map.section.open_map')}
              </Link>
              <SuggestLocationLink />
            </div>
          </div>
          {query.data ? (
            <MapCanvas
              className="map-section__map"
              data={query.data}
              view={{ kind: 'all' }}
              onPrinterClick={(printer) => void navigate(printerMapPath(printer))}
            />
          ) : (
            <div className="map-canvas-wrap map-section__map" aria-hidden="true" />
          )}
        </div>
      </div>
    </section>
  );
}

import { Link } from 'react-router';
import type { TPrinterMap } from '@printomat/shared';
import { useT } from '../i18n/use-t';

/** Level 1: every city with its number of printers, each a link to its printers. */
export function CityList({ cities }: { cities: TPrinterMap['cities'] }) {
  const t = useT();
  if (cities.length === 0) return <p className="map-panel__empty">{t('map.cities.empty')}</p>;
  return (
    <ul className="map-list" data-testid="city-list">
      {cities.map((city) => (
        <li key={city.id} className="map-list__item" data-testid="city-item" data-slug={city.slug}>
          <Link to={`/map/${encodeURIComponent(city.slug)}`} className="map-list__link">
            <span className="map-list__name">{city.name}</span>
            <span className="map-list__meta">
              {t('map.cities.count', { count: city.printer_count })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TPrinterMap, TPrinterMarker } from '@printomat/shared';
import { useT } from '../i18n/use-t';
import type { usePrinterMap } from './map-api';

/** Level 3's address: `/map/:citySlug/:printerId`. */
export function printerMapPath(printer: Pick<TPrinterMarker, 'id' | 'city_slug'>): string {
  return `/map/${encodeURIComponent(printer.city_slug)}/${printer.id}`;
}

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="map-back" data-testid="map-back">
      <span aria-hidden="true">←</span> {label}
    </Link>
  );
}

/** The map data's loading and error states; `children` renders it once it is there. */
export function MapData({
  query,
  children,
}: {
  query: ReturnType<typeof usePrinterMap>;
  children: (map: TPrinterMap) => ReactNode;
}) {
  const t = useT();
  if (query.data) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <div className="alert alert--error" role="alert">
        <p>{t('map.load_failed')}</p>
        <button type="button" className="button button--small" onClick={() => void query.refetch()}>
          {t('map.retry')}
        </button>
      </div>
    );
  }
  return (
    <p className="map-panel__loading" role="status">
      {t('map.loading')}
    </p>
  );
}

import { useEffect, useRef, useState } from 'react';
import type { TPrinterMap, TPrinterMarker } from '@printomat/shared';
import { useT } from '../i18n/use-t';
import type { TPrinterMapController } from './leaflet-map';
import { mapViewKey, type TMapView } from './map-view';
import '../styles/map.css';

type TState = 'loading' | 'ready' | 'failed';

type TProps = {
  data: TPrinterMap;
  view: TMapView;
  /** The printer shown in the panel; its pin is drawn larger. */
  selectedId?: number | null;
  onPrinterClick: (printer: TPrinterMarker) => void;
  className?: string;
};

/**
 * The Leaflet map beside the panel. Rendering gives only an empty box (also on the server);
 * Leaflet is imported in an effect, so it is its own chunk and never runs during rendering.
 * If it cannot load, or the tiles cannot, the page still works from the list.
 */
export function MapCanvas({ data, view, selectedId = null, onPrinterClick, className }: TProps) {
  const t = useT();
  const containerRef = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<TPrinterMapController | null>(null);
  const [state, setState] = useState<TState>('loading');
  const [tilesFailed, setTilesFailed] = useState(false);

  // Leaflet keeps the callbacks it was created with; these refs always hold the current ones.
  const onClickRef = useRef(onPrinterClick);
  const tRef = useRef(t);
  useEffect(() => {
    onClickRef.current = onPrinterClick;
    tRef.current = t;
  });

  const { url, attribution } = data.tiles;
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    let created: TPrinterMapController | null = null;
    import('./leaflet-map')
      .then(({ createPrinterMap }) => {
        if (cancelled) return;
        created = createPrinterMap(container, {
          tiles: { url, attribution },
          onPrinterClick: (printer) => onClickRef.current(printer),
          clusterTitle: (count) => tRef.current('map.canvas.cluster', { count }),
          onTilesFailed: () => setTilesFailed(true),
        });
        setController(created);
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      created?.destroy();
      setController(null);
    };
  }, [url, attribution]);

  useEffect(() => {
    controller?.setData(data.printers, data.cities);
  }, [controller, data.printers, data.cities]);

  useEffect(() => {
    controller?.setSelected(selectedId);
  }, [controller, selectedId]);

  // Move the map when the panel's level changes, not when the data is fetched again.
  const viewKey = mapViewKey(view);
  const viewRef = useRef(view);
  useEffect(() => {
    viewRef.current = view;
  });
  useEffect(() => {
    controller?.show(viewRef.current);
  }, [controller, viewKey]);

  return (
    <div className={className ? `map-canvas-wrap ${className}` : 'map-canvas-wrap'}>
      <div
        ref={containerRef}
        className="map-canvas"
        data-testid="map-canvas"
        data-state={state}
        role="region"
        aria-label={t('map.canvas.label')}
      />
      {state === 'loading' && (
        <p className="map-canvas__note" role="status">
          {t('map.canvas.loading')}
        </p>
      )}
      {state === 'failed' && (
        <p className="map-canvas__note" role="status">
          {t('map.canvas.failed')}
        </p>
      )}
      {state === 'ready' && tilesFailed && (
        <p className="map-canvas__note map-canvas__note--corner" role="status">
          {t('map.canvas.tiles_failed')}
        </p>
      )}
    </div>
  );
}

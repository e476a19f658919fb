// The Leaflet part of the printer map: a chunk of its own, imported only in the browser (from an
// effect in map-canvas.tsx), never during rendering, so pages stay server-renderable and Leaflet
// stays out of the main bundle.
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { TPrinterMap, TPrinterMarker } from '@printomat/shared';
import { createClusterIndex } from './clustering';
import {
  MAP_FALLBACK_VIEW,
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  MARKER_HEIGHT,
  MARKER_WIDTH,
} from './map-constants';
import { clusterHtml, clusterSize, pinHtml } from './marker-html';
import type { TMapView } from './map-view';

type TCity = TPrinterMap['cities'][number];

export type TPrinterMapOptions = {
  tiles: TPrinterMap['tiles'];
  onPrinterClick: (printer: TPrinterMarker) => void;
  /** The title (tooltip and accessible name) of a cluster of `count` printers. */
  clusterTitle: (count: number) => string;
  /** Called once when a map tile fails to load (offline, tile server down). */
  onTilesFailed: () => void;
};

export type TPrinterMapController = {
  setData: (printers: readonly TPrinterMarker[], cities: readonly TCity[]) => void;
  setSelected: (printerId: number | null) => void;
  /** Moves the map to what the panel shows: everything, one city's printers, or one printer. */
  show: (view: TMapView) => void;
  destroy: () => void;
};

/** City with printers: fit them, but not closer than a street view. */
const CITY_MAX_ZOOM = 15;
const ALL_MAX_ZOOM = 12;
const FIT_PADDING: L.PointTuple = [32, 32];

export function createPrinterMap(
  container: HTMLElement,
  options: TPrinterMapOptions,
): TPrinterMapController {
  // No zoom animation: its end runs on a timer Leaflet does not clear when the map is removed,
  // so leaving the page mid-zoom (a click on a cluster, then a link) threw in the browser.
  const map = L.map(container, {
    minZoom: MAP_MIN_ZOOM,
    maxZoom: MAP_MAX_ZOOM,
    zoomAnimation: false,
  });
  let destroyed = false;
  map.setView([MAP_FALLBACK_VIEW.lat, MAP_FALLBACK_VIEW.lon], MAP_FALLBACK_VIEW.zoom);

  if (options.tiles.url) {
    const tiles = L.tileLayer(options.tiles.url, {
      attribution: options.tiles.attribution,
      maxZoom: MAP_MAX_ZOOM,
    });
    // A missing tile leaves a grey square: the pins, clusters and the list go on working.
    tiles.once('tileerror', () => options.onTilesFailed());
    tiles.addTo(map);
  }

  const layer = L.layerGroup().addTo(map);
  let printers: readonly TPrinterMarker[] = [];
  let cities: readonly TCity[] = [];
  let index = createClusterIndex([]);
  let selectedId: number | null = null;

  function pinIcon(printer: TPrinterMarker): L.DivIcon {
    return L.divIcon({
      className: 'map-marker-icon',
      html: pinHtml(printer, printer.id === selectedId),
      iconSize: [MARKER_WIDTH, MARKER_HEIGHT],
      iconAnchor: [MARKER_WIDTH / 2, MARKER_HEIGHT],
    });
  }

  function render() {
    if (destroyed) return;
    const bounds = map.getBounds().pad(0.25);
    const items = index.itemsAt(
      [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
      map.getZoom(),
    );
    layer.clearLayers();
    for (const item of items) {
      if (item.kind === 'printer') {
        const { printer } = item;
        const marker = L.marker([item.lat, item.lon], {
          icon: pinIcon(printer),
          title: printer.name,
          riseOnHover: true,
          zIndexOffset: printer.id === selectedId ? 1000 : 0,
        });
        marker.on('click', () => options.onPrinterClick(printer));
        layer.addLayer(marker);
      } else {
        const size = clusterSize(item.count);
        const marker = L.marker([item.lat, item.lon], {
          icon: L.divIcon({
            className: 'map-cluster-icon',
            html: clusterHtml(item.count),
            iconSize: [size, size],
          }),
          title: options.clusterTitle(item.count),
        });
        marker.on('click', () => {
          map.setView(
            [item.lat, item.lon],
            Math.min(index.expansionZoom(item.clusterId), MAP_MAX_ZOOM),
          );
        });
        layer.addLayer(marker);
      }
    }
  }

  function fit(points: readonly { lat: number; lon: number }[], maxZoom: number): boolean {
    if (points.length === 0) return false;
    map.fitBounds(L.latLngBounds(points.map((p): L.LatLngTuple => [p.lat, p.lon])), {
      padding: FIT_PADDING,
      maxZoom,
    });
    return true;
  }

  function show(view: TMapView) {
    if (destroyed) return;
    switch (view.kind) {
      case 'all':
        if (!fit(printers, ALL_MAX_ZOOM) && !fit(cities, ALL_MAX_ZOOM)) {
          map.setView([MAP_FALLBACK_VIEW.lat, MAP_FALLBACK_VIEW.lon], MAP_FALLBACK_VIEW.zoom);
        }
        return;
      case 'city': {
        if (
          fit(
            printers.filter((p) => p.city_slug === view.slug),
            CITY_MAX_ZOOM,
          )
        )
          return;
        const city = cities.find((c) => c.slug === view.slug);
        if (city) map.setView([city.lat, city.lon], 12);
        return;
      }
      case 'printer': {
        const printer = printers.find((p) => p.id === view.id);
        if (!printer) return;
        // Close enough that the printer has a pin of its own, not a cluster.
        const zoom = index.ownPinZoom(printer.id, Math.max(map.getZoom(), 14));
        map.setView([printer.lat, printer.lon], Math.min(zoom, MAP_MAX_ZOOM));
        return;
      }
    }
  }

  map.on('moveend', render);

  // Leaflet measures its container once; follow layout changes (panel above/beside the map).
  const observer =
    typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.invalidateSize());
  observer?.observe(container);

  return {
    setData(nextPrinters, nextCities) {
      printers = nextPrinters;
      cities = nextCities;
      index = createClusterIndex(nextPrinters);
      render();
    },
    setSelected(printerId) {
      if (printerId === selectedId) return;
      selectedId = printerId;
      render();
    },
    show,
    destroy() {
      destroyed = true;
      observer?.disconnect();
      map.off();
      map.stop();
      map.remove();
    },
  };
}

import Supercluster from 'supercluster';
import type { TPrinterMarker } from '@printomat/shared';
import { CLUSTER_GRID_SIZE, CLUSTER_MAX_ZOOM, CLUSTER_MIN_SIZE } from './map-constants';

/** What the map draws at one zoom level: a printer's pin, or a cluster with its count. */
export type TMapItem =
  | { kind: 'printer'; lat: number; lon: number; printer: TPrinterMarker }
  | { kind: 'cluster'; lat: number; lon: number; clusterId: number; count: number };

/** West, south, east, north in degrees (as Leaflet's `getBounds()` gives them). */
export type TBBox = readonly [west: number, south: number, east: number, north: number];

export type TClusterIndex = {
  /** The pins and clusters inside `bbox` at a whole-number `zoom`. */
  itemsAt: (bbox: TBBox, zoom: number) => TMapItem[];
  /** The zoom at which a cluster falls apart into smaller clusters or pins. */
  expansionZoom: (clusterId: number) => number;
  /**
   * The first zoom from `fromZoom` on at which the printer has a pin of its own (not part of a
   * cluster). Past the cluster max zoom every printer has one.
   */
  ownPinZoom: (printerId: number, fromZoom: number) => number;
};

type TProps = { printerId: number };

/** Leaflet can show more than one world; supercluster wants a bbox inside -180..180. */
export function clampBBox(bbox: TBBox): TBBox {
  const [west, south, east, north] = bbox;
  if (east - west >= 360) return [-180, Math.max(-85, south), 180, Math.min(85, north)];
  return [
    Math.max(-180, west),
    Math.max(-85, south),
    Math.min(180, east),
    Math.min(85, north),
  ] as const;
}

/**
 * Clusters printers as the original map's marker clusterer did: grid size 35 px, at least two
 * printers per cluster, no clusters past zoom 16. `extent: 256` makes supercluster's radius count in
 * Leaflet's screen pixels (its default 512 is for 512-px vector tiles).
 */
export function createClusterIndex(printers: readonly TPrinterMarker[]): TClusterIndex {
  const byId = new Map(printers.map((p) => [p.id, p]));
  const index = new Supercluster<TProps, TProps>({
    radius: CLUSTER_GRID_SIZE,
    extent: 256,
    maxZoom: CLUSTER_MAX_ZOOM,
    minPoints: CLUSTER_MIN_SIZE,
  });
  index.load(
    printers.map((p) => ({
      type: 'Feature' as const,
      properties: { printerId: p.id },
      geometry: { type: 'Point' as const, coordinates: [p.lon, p.lat] },
    })),
  );

  function itemsAt(bbox: TBBox, zoom: number): TMapItem[] {
    const z = Math.max(0, Math.floor(zoom));
    const items: TMapItem[] = [];
    for (const feature of index.getClusters([...clampBBox(bbox)], z)) {
      const [lon = 0, lat = 0] = feature.geometry.coordinates;
      const props = feature.properties;
      if ('cluster' in props && props.cluster) {
        items.push({
          kind: 'cluster',
          lat,
          lon,
          clusterId: props.cluster_id,
          count: props.point_count,
        });
      } else {
        const printer = byId.get(props.printerId);
        if (printer) items.push({ kind: 'printer', lat, lon, printer });
      }
    }
    return items;
  }

  function ownPinZoom(printerId: number, fromZoom: number): number {
    const printer = byId.get(printerId);
    if (!printer) return fromZoom;
    const d = 1e-6;
    const around: TBBox = [printer.lon - d, printer.lat - d, printer.lon + d, printer.lat + d];
    for (let z = Math.max(0, Math.floor(fromZoom)); z <= CLUSTER_MAX_ZOOM; z++) {
      const alone = itemsAt(around, z).some(
        (item) => item.kind === 'printer' && item.printer.id === printerId,
      );
      if (alone) return z;
    }
    return CLUSTER_MAX_ZOOM + 1;
  }

  return {
    itemsAt,
    expansionZoom: (clusterId) => index.getClusterExpansionZoom(clusterId),
    ownPinZoom,
  };
}

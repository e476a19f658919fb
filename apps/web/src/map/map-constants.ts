/**
 * The printer map's constants (issue "Public site and printer map"). Grid size, minimum cluster
 * size and max zoom are the marker clusterer's settings of the original map: clusters are made up
 * to zoom 16, so the map itself goes two levels further, where every printer has its own pin.
 */
export const CLUSTER_MAX_ZOOM = 16;
/** Cluster radius in screen pixels (supercluster `radius`, with `extent` 256 = Leaflet's tile size). */
export const CLUSTER_GRID_SIZE = 35;
export const CLUSTER_MIN_SIZE = 2;
export const MAP_MAX_ZOOM = 18;
export const MAP_MIN_ZOOM = 2;
export const MARKER_WIDTH = 34;
export const MARKER_HEIGHT = 45;
/** Where the map starts when there is nothing to show: Poland. */
export const MAP_FALLBACK_VIEW = { lat: 52.1, lon: 19.4, zoom: 6 } as const;

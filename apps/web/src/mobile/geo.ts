/** A point on the Earth in degrees (WGS 84), as the map and the browser's geolocation give it. */
export type TCoords = { lat: number; lon: number };

const EARTH_RADIUS_M = 6_371_000;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine): well within a metre over a city's distances. */
export function distanceMeters(a: TCoords, b: TCoords): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** `items` nearest first, each with its distance from `from` in metres (ties keep their order). */
export function sortByDistance<T extends TCoords>(
  items: readonly T[],
  from: TCoords,
): Array<{ item: T; meters: number }> {
  return items
    .map((item) => ({ item, meters: distanceMeters(from, item) }))
    .sort((a, b) => a.meters - b.meters);
}

/**
 * "350 m", "1.2 km", "12 km" in the locale's words and digits (Intl units): metres rounded to
 * 10 below a kilometre (a phone's location is rarely better), one decimal below 10 km.
 */
export function formatDistance(locale: string, meters: number): string {
  if (meters < 995) {
    const rounded = Math.max(10, Math.round(meters / 10) * 10);
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'meter' }).format(rounded);
  }
  const km = meters / 1000;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'kilometer',
    maximumFractionDigits: km < 9.95 ? 1 : 0,
  }).format(km);
}

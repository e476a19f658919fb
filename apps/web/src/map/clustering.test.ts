import { describe, expect, it } from 'vitest';
import type { TPrinterMarker } from '@printomat/shared';
import { clampBBox, createClusterIndex, type TMapItem } from './clustering';

function marker(id: number, lat: number, lon: number, city_slug = 'warszawa'): TPrinterMarker {
  return {
    id,
    name: `Printer ${id}`,
    full_name: `Printer ${id}`,
    address: `Street ${id}`,
    city: city_slug,
    city_slug,
    lat,
    lon,
    is_color: false,
    is_copier: false,
    premium: false,
    availability: 'available',
    open_now: true,
  };
}

/** Like the seed: a few printers a few hundred metres apart in Warsaw, one in Kraków. */
const WARSAW = [
  marker(1, 52.2297, 21.0122),
  marker(2, 52.2319, 21.0067),
  marker(3, 52.2356, 21.0185),
  marker(4, 52.2215, 21.0071),
];
const KRAKOW = marker(5, 50.0647, 19.945, 'krakow');
const EUROPE = [10, 45, 30, 56] as const;

function describeItems(items: TMapItem[]) {
  return items
    .map((item) =>
      item.kind === 'cluster' ? `cluster of ${item.count}` : `printer ${item.printer.id}`,
    )
    .sort();
}

describe('printer clustering', () => {
  it('groups the printers of a city into one cluster at zoom 5', () => {
    const index = createClusterIndex([...WARSAW, KRAKOW]);
    expect(describeItems(index.itemsAt(EUROPE, 5))).toEqual(['cluster of 4', 'printer 5']);
  });

  it('shows every printer on its own at zoom 16', () => {
    const index = createClusterIndex([...WARSAW, KRAKOW]);
    expect(describeItems(index.itemsAt(EUROPE, 16))).toEqual([
      'printer 1',
      'printer 2',
      'printer 3',
      'printer 4',
      'printer 5',
    ]);
  });

  it('never makes a cluster of one printer (minimum cluster size 2)', () => {
    const index = createClusterIndex([KRAKOW]);
    expect(describeItems(index.itemsAt(EUROPE, 3))).toEqual(['printer 5']);
  });

  it('uses a 35 px grid: printers 30 px apart cluster, 40 px apart do not', () => {
    // At zoom 16, one Leaflet pixel is 360° / (256 · 2^16) of longitude.
    const degreesPerPixel = 360 / (256 * 2 ** 16);
    const near = createClusterIndex([marker(1, 0, 0), marker(2, 0, 30 * degreesPerPixel)]);
    const apart = createClusterIndex([marker(1, 0, 0), marker(2, 0, 40 * degreesPerPixel)]);
    expect(describeItems(near.itemsAt([-1, -1, 1, 1], 16))).toEqual(['cluster of 2']);
    expect(describeItems(apart.itemsAt([-1, -1, 1, 1], 16))).toEqual(['printer 1', 'printer 2']);
    // Past zoom 16 nothing is clustered any more.
    expect(describeItems(near.itemsAt([-1, -1, 1, 1], 17))).toEqual(['printer 1', 'printer 2']);
  });

  it('tells the zoom at which a cluster falls apart and at which a printer has its own pin', () => {
    const index = createClusterIndex(WARSAW);
    const [cluster] = index.itemsAt(EUROPE, 5);
    expect(cluster?.kind).toBe('cluster');
    if (cluster?.kind !== 'cluster') return;
    const expansion = index.expansionZoom(cluster.clusterId);
    expect(expansion).toBeGreaterThan(5);
    expect(index.itemsAt(EUROPE, expansion).length).toBeGreaterThan(1);

    const own = index.ownPinZoom(1, 5);
    expect(own).toBeGreaterThan(5);
    expect(own).toBeLessThanOrEqual(16);
    expect(index.itemsAt(EUROPE, own).some((i) => i.kind === 'printer' && i.printer.id === 1)).toBe(
      true,
    );
    expect(
      index.itemsAt(EUROPE, own - 1).some((i) => i.kind === 'printer' && i.printer.id === 1),
    ).toBe(false);
  });

  it('keeps a bbox wider than the world inside -180..180', () => {
    expect(clampBBox([-400, -90, 400, 90])).toEqual([-180, -85, 180, 85]);
    expect(clampBBox([-200, 10, 20, 20])).toEqual([-180, 10, 20, 20]);
  });
});

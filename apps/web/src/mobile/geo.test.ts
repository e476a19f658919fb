import { describe, expect, it } from 'vitest';
import { distanceMeters, formatDistance, sortByDistance } from './geo';

// Demo printers in Warsaw (apps/server/src/seed/demo-data.ts).
const zloteTarasy = { id: 1, lat: 52.2301, lon: 21.0025 };
const politechnika = { id: 3, lat: 52.2206, lon: 21.0104 };
const buw = { id: 2, lat: 52.2425, lon: 21.0249 };
const krakow = { id: 9, lat: 50.0674, lon: 19.9453 };

describe('distances to printers', () => {
  it('measures great-circle distances in metres', () => {
    expect(distanceMeters(zloteTarasy, zloteTarasy)).toBe(0);
    // Warszawa Centralna → Kraków Główny is about 252 km as the crow flies.
    expect(distanceMeters(zloteTarasy, krakow) / 1000).toBeCloseTo(252, 0);
    // 0.001° of latitude is 111 m everywhere.
    expect(distanceMeters({ lat: 52, lon: 21 }, { lat: 52.001, lon: 21 })).toBeCloseTo(111.2, 0);
  });

  it('lists the printers nearest first, from wherever the person stands', () => {
    const printers = [krakow, buw, politechnika, zloteTarasy];
    const atTheStation = { lat: 52.2287, lon: 21.0035 };
    expect(sortByDistance(printers, atTheStation).map((p) => p.item.id)).toEqual([1, 3, 2, 9]);
    const atTheLibrary = { lat: 52.2421, lon: 21.0251 };
    const sorted = sortByDistance(printers, atTheLibrary);
    expect(sorted.map((p) => p.item.id)).toEqual([2, 1, 3, 9]);
    expect(sorted[0]?.meters).toBeLessThan(60);
  });

  it('writes distances as the locale does: metres below a kilometre, then kilometres', () => {
    expect(formatDistance('en', 347)).toBe('350 m');
    expect(formatDistance('en', 3)).toBe('10 m');
    expect(formatDistance('en', 1234)).toBe('1.2 km');
    expect(formatDistance('de', 1234)).toBe('1,2 km');
    expect(formatDistance('pl', 1234)).toBe('1,2 km');
    expect(formatDistance('en', 996)).toBe('1 km');
    expect(formatDistance('en', 12_345)).toBe('12 km');
    expect(formatDistance('pl', 252_400)).toBe('252 km');
  });
});

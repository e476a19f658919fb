import { describe, expect, it } from 'vitest';
import { parseTray } from './printer-supplies';
import { niceMax } from './stats-chart';

describe('input tray values from the printer', () => {
  it('reads name, level and capacity, and treats negative numbers as unknown', () => {
    expect(
      parseTray(
        'type=sheetFeedAutoRemovableTray;mediafeed=0;maxcapacity=250;level=125;status=0;name=main;',
      ),
    ).toEqual({ name: 'main', level: 125, capacity: 250 });
    expect(parseTray('type=manual;maxcapacity=-2;level=-3;')).toEqual({
      name: 'manual',
      level: null,
      capacity: null,
    });
    expect(parseTray('garbage')).toEqual({ name: 'garbage', level: null, capacity: null });
  });
});

describe('chart axis', () => {
  it('rounds the maximum up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 12, 30, 51, 999].map(niceMax)).toEqual([1, 1, 5, 10, 20, 50, 100, 1000]);
  });
});

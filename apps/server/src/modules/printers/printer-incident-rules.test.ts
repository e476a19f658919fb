import { describe, expect, it } from 'vitest';
import type { TAgentPrinterStatus } from '@printomat/shared';
import { decidedKinds, incidentsOfReport } from './printer-incident-rules';

const thresholds = { tonerLowPercent: 10, paperLowPercent: 15 };
const status = (over: Partial<TAgentPrinterStatus>): TAgentPrinterStatus => ({
  state: 'idle',
  reasons: [],
  inputTrays: [],
  supplies: [],
  markers: [],
  ...over,
});
const kinds = (s: TAgentPrinterStatus) => Object.fromEntries(incidentsOfReport(s, thresholds));

describe('incidentsOfReport', () => {
  it('a ready printer with full supplies has none', () => {
    expect(kinds(status({ markers: [{ name: 'K', level: 80 }] }))).toEqual({});
  });

  it('errors carry their problem (printer-condition.ts); an open door is no incident', () => {
    expect(kinds(status({ state: 'stopped', reasons: ['media-jam-error'] }))).toEqual({
      error: 'paper_jam',
    });
    expect(kinds(status({ state: 'unreachable' }))).toEqual({ error: 'printer_unreachable' });
    expect(kinds(status({ state: 'stopped', reasons: ['door-open-error'] }))).toEqual({});
  });

  it('low paper and toner from the -low reasons, whatever their suffix', () => {
    expect(kinds(status({ reasons: ['media-low-report', 'toner-low-warning'] }))).toEqual({
      paper_low: null,
      toner_low: null,
    });
    expect(kinds(status({ reasons: ['marker-supply-low-report'] }))).toEqual({ toner_low: null });
  });

  it('levels at or below the configured thresholds; unknown levels and waste toner do not count', () => {
    expect(kinds(status({ markers: [{ name: 'K', level: 10 }] }))).toEqual({ toner_low: null });
    expect(kinds(status({ markers: [{ name: 'K', level: 11 }] }))).toEqual({});
    expect(kinds(status({ markers: [{ name: 'K', level: -2 }] }))).toEqual({});
    expect(kinds(status({ supplies: [{ type: 'tonerCartridge', level: 3 }] }))).toEqual({
      toner_low: null,
    });
    expect(kinds(status({ supplies: [{ type: 'wasteToner', level: 0 }] }))).toEqual({});
  });

  it('low paper from the input trays, filled at or below the threshold; paper-like supplies do not count', () => {
    const tray = (fields: string) =>
      status({ inputTrays: [`type=sheetFeedAutoRemovableTray;${fields}name=main;`] });
    expect(kinds(tray('maxcapacity=250;level=37;'))).toEqual({ paper_low: null });
    expect(kinds(tray('maxcapacity=250;level=38;'))).toEqual({});
    expect(kinds(tray('maxcapacity=-2;level=0;'))).toEqual({ paper_low: null });
    for (const unknown of [-1, -2, -3])
      expect(kinds(tray(`maxcapacity=250;level=${unknown};`))).toEqual({});
    expect(kinds(tray('maxcapacity=-2;level=20;'))).toEqual({});
    expect(kinds(status({ inputTrays: ['main'] }))).toEqual({});
    expect(
      kinds(status({ inputTrays: ['type=sheetFeedManual;maxcapacity=1;level=0;name=manual;'] })),
    ).toEqual({});
    expect(
      kinds(
        status({
          inputTrays: ['type=sheetFeedAutoRemovableTray;maxcapacity=250;level=250;name=main;'],
          supplies: [
            { type: 'wastePaper', level: 0 },
            { type: 'paperWrap', level: 2 },
            { type: 'mediaTray', level: 5 },
          ],
        }),
      ),
    ).toEqual({});
  });

  it('an unreachable device decides only its error: its supplies are unknown', () => {
    expect(decidedKinds(status({ state: 'unreachable' }))).toEqual(['error']);
    expect(decidedKinds(status({}))).toEqual(['error', 'paper_low', 'toner_low']);
  });
});

import { describe, expect, it } from 'vitest';
import { printerCondition } from './printer-condition';

describe('printerCondition', () => {
  it('tells a printer in error, one that waits for a door, and one that is ready', () => {
    expect(printerCondition({ state: 'unreachable', reasons: [] })).toEqual({
      kind: 'error',
      problem: 'printer_unreachable',
    });
    // Whatever the suffix: ippeveprinter says media-empty-report while idle.
    for (const reason of ['media-empty', 'media-empty-report', 'media-needed-error'])
      expect(printerCondition({ state: 'idle', reasons: [reason] })).toMatchObject({
        problem: 'out_of_paper',
      });
    expect(printerCondition({ state: 'stopped', reasons: ['media-jam-error'] })).toMatchObject({
      problem: 'paper_jam',
    });
    expect(
      printerCondition({ state: 'stopped', reasons: ['marker-supply-empty-error'] }),
    ).toMatchObject({ problem: 'out_of_toner' });
    expect(printerCondition({ state: 'stopped', reasons: ['door-open-error'] })).toEqual({
      kind: 'waiting',
      problem: 'door_open',
    });
    // Out of paper behind an open door still needs someone with paper.
    expect(
      printerCondition({ state: 'stopped', reasons: ['door-open-error', 'media-empty-error'] }),
    ).toMatchObject({ kind: 'error', problem: 'out_of_paper' });
    expect(printerCondition({ state: 'stopped', reasons: ['paused'] })).toEqual({
      kind: 'error',
      problem: 'printer_error',
    });
    expect(
      printerCondition({ state: 'processing', reasons: ['toner-low-warning', 'media-low'] }),
    ).toEqual({ kind: 'ready' });
  });
});

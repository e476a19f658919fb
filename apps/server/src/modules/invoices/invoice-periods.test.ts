import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber } from './invoice-numbering';
import {
  lastDayOf,
  localDateOf,
  localDayOf,
  nextPeriod,
  periodOf,
  periodRange,
  previousPeriod,
} from './invoice-periods';
import { packageLineDescription } from './invoice-run.service';

const WARSAW = 'Europe/Warsaw';

describe('invoice months in the invoice time zone', () => {
  it('puts a purchase paid after midnight in Warsaw into the new month', () => {
    // 23:30 UTC on 30 November is 00:30 on 1 December in Warsaw (CET, UTC+1).
    const at = new Date('2026-11-30T23:30:00Z');
    expect(periodOf(at, WARSAW)).toBe('2026-12');
    expect(localDateOf(at, WARSAW)).toBe('2026-12-01');
    expect(localDayOf(at, WARSAW)).toBe(1);
    expect(periodOf(at, 'UTC')).toBe('2026-11');
  });

  it('gives a month as the instants between local midnights, in winter and summer time', () => {
    expect(periodRange('2026-11', WARSAW)).toEqual({
      from: new Date('2026-10-31T23:00:00Z'),
      to: new Date('2026-11-30T23:00:00Z'),
    });
    // Summer time (UTC+2) at the start, winter time at the end (clocks go back on 25 October).
    expect(periodRange('2026-10', WARSAW)).toEqual({
      from: new Date('2026-09-30T22:00:00Z'),
      to: new Date('2026-10-31T23:00:00Z'),
    });
    // Winter time at the start, summer time (from 29 March) at the end.
    expect(periodRange('2026-03', WARSAW)).toEqual({
      from: new Date('2026-02-28T23:00:00Z'),
      to: new Date('2026-03-31T22:00:00Z'),
    });
  });

  it('steps over years and knows the last day of a month', () => {
    expect(previousPeriod('2026-01')).toBe('2025-12');
    expect(nextPeriod('2026-12')).toBe('2027-01');
    expect(lastDayOf('2026-02')).toBe('2026-02-28');
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
    expect(lastDayOf('2026-11')).toBe('2026-11-30');
  });
});

describe('invoice numbers and lines', () => {
  it('numbers per series and month with four digits', () => {
    expect(formatInvoiceNumber('FV', '2026-11', 1)).toBe('FV/2026/11/0001');
    expect(formatInvoiceNumber('KOR', '2027-01', 12)).toBe('KOR/2027/01/0012');
    expect(formatInvoiceNumber('FV', '2026-11', 12345)).toBe('FV/2026/11/12345');
  });

  it('describes a package in Polish with the right plural', () => {
    expect(packageLineDescription({ package_code: 'M', pages: 2000, validity_days: 90 })).toBe(
      'Pakiet stron M — 2000 stron, ważny 90 dni',
    );
    expect(packageLineDescription({ package_code: 'S', pages: 22, validity_days: 1 })).toBe(
      'Pakiet stron S — 22 strony, ważny 1 dzień',
    );
    expect(packageLineDescription({ package_code: null, pages: 1, validity_days: 14 })).toBe(
      'Pakiet stron — 1 strona, ważny 14 dni',
    );
    expect(packageLineDescription({ package_code: 'X', pages: 112, validity_days: 30 })).toBe(
      'Pakiet stron X — 112 stron, ważny 30 dni',
    );
  });
});

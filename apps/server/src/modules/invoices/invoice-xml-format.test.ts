import { describe, expect, it } from 'vitest';
import type { TInvoiceLineModel } from './invoice-model';
import {
  clip,
  commonSaleDay,
  dayInInvoiceZone,
  escapeXml,
  formatAmount,
  saleDayOf,
} from './invoice-xml-format';

describe('FA(3) amounts and text', () => {
  it('writes grosze with two decimals and a dot, negative for a correction', () => {
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(1)).toBe('0.01');
    expect(formatAmount(-1)).toBe('-0.01');
    expect(formatAmount(-16260)).toBe('-162.60');
    expect(formatAmount(123456789)).toBe('1234567.89');
    expect(() => formatAmount(0.5)).toThrow();
  });

  it('counts payment days in Polish time (summer and winter)', () => {
    expect(dayInInvoiceZone(new Date('2026-11-10T22:59:59Z'))).toBe('2026-11-10');
    expect(dayInInvoiceZone(new Date('2026-11-10T23:00:00Z'))).toBe('2026-11-11');
    expect(dayInInvoiceZone(new Date('2026-07-31T22:00:00Z'))).toBe('2026-08-01');
  });

  it('a line is sold on its Polish payment day; one common day only when all lines share it', () => {
    const paid = (paidAt: string) => ({ paidAt: new Date(paidAt) }) as TInvoiceLineModel;
    expect(saleDayOf(paid('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
    expect(commonSaleDay([paid('2026-11-03T08:00:00Z'), paid('2026-11-03T22:59:00Z')])).toBe(
      '2026-11-03',
    );
    expect(commonSaleDay([paid('2026-11-03T08:00:00Z'), paid('2026-11-03T23:00:00Z')])).toBeNull();
    expect(commonSaleDay([])).toBeNull();
  });

  it('escapes markup, drops characters XML cannot hold and clips by characters', () => {
    expect(escapeXml(`A & "B" <C> 'D'\u0000\u0007  E\n`)).toBe(
      'A &amp; &quot;B&quot; &lt;C&gt; &apos;D&apos; E',
    );
    expect(clip('ąęłńóśźż', 3)).toBe('ąęł');
  });
});

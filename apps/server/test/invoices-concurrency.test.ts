import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInvoiceMonth } from '../src/modules/invoices/invoice-run.service';
import { seedPackages } from '../src/seed/packages-seed';
import { businessCustomer, businessPurchase } from './helpers/invoice-fixtures';
import { createTestApp, type TTestApp } from './helpers/test-app';

// Issue 15: "numbering under 10 concurrent runs of the same month (no gap, no duplicate)". On
// PostgreSQL the runs' transactions really race (10 connections); on PGlite they take turns.

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedPackages(t.ctx.db);
});
afterAll(() => t?.close());

describe('concurrent runs of one month', () => {
  it('put every purchase on exactly one invoice, numbered 0001..000N without gap or duplicate', async () => {
    const businesses = await Promise.all(Array.from({ length: 5 }, () => businessCustomer(t)));
    const purchases = [];
    for (const [i, business] of businesses.entries())
      for (const day of [3, 17])
        purchases.push(
          await businessPurchase(t, business, {
            netMinor: 1000 + i * 111 + day,
            completedAt: new Date(Date.UTC(2026, 5, day, 9)),
          }),
        );

    const now = new Date('2026-07-01T06:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => runInvoiceMonth(t.ctx, '2026-06', { now })),
    );
    expect(results.reduce((sum, r) => sum + r.issued, 0)).toBe(5);

    const invoices = await t.ctx.db
      .selectFrom('invoices')
      .select(['id', 'number', 'user_id', 'gross_minor'])
      .where('period', '=', '2026-06')
      .orderBy('number')
      .execute();
    expect(invoices.map((i) => i.number)).toEqual([
      'FV/2026/06/0001',
      'FV/2026/06/0002',
      'FV/2026/06/0003',
      'FV/2026/06/0004',
      'FV/2026/06/0005',
    ]);
    expect(new Set(invoices.map((i) => i.user_id)).size).toBe(5);

    const lines = await t.ctx.db
      .selectFrom('invoice_lines')
      .innerJoin('invoices', 'invoices.id', 'invoice_lines.invoice_id')
      .select(['invoice_lines.payment_id', 'invoices.user_id', 'invoice_lines.gross_minor'])
      .where('invoices.period', '=', '2026-06')
      .execute();
    expect(lines.map((l) => l.payment_id).sort((x, y) => x! - y!)).toEqual(
      purchases.map((p) => p.id).sort((x, y) => x - y),
    );
    // Each on its buyer's invoice, whose total is the sum of its lines.
    for (const invoice of invoices) {
      const own = lines.filter((l) => l.user_id === invoice.user_id);
      expect(own).toHaveLength(2);
      expect(own.reduce((sum, l) => sum + l.gross_minor, 0)).toBe(invoice.gross_minor);
    }
    const counter = await t.ctx.db
      .selectFrom('invoice_counters')
      .select('last_number')
      .where('series', '=', 'FV')
      .where('period', '=', '2026-06')
      .executeTakeFirstOrThrow();
    expect(counter.last_number).toBe(5);

    // And once more, all at once: nothing new.
    const again = await Promise.all(
      Array.from({ length: 10 }, () => runInvoiceMonth(t.ctx, '2026-06', { now })),
    );
    expect(again.every((r) => r.issued === 0 && r.existing === 5)).toBe(true);
  });
});

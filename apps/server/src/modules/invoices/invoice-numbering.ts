import type { TDb } from '../../db/database';
import { periodForNumber } from './invoice-periods';
import { incrementInvoiceCounter } from './invoices.repo';

// Invoice numbers (docs/invoices.md "Numbering"): a series and its month, then the number within
// that month: FV/2026/11/0001 (invoices, in the month billed), KOR/2026/12/0001 (corrections, in
// the month issued).

export type TInvoiceSeries = 'FV' | 'KOR';

export function formatInvoiceNumber(series: TInvoiceSeries, period: string, n: number): string {
  return `${series}/${periodForNumber(period)}/${String(n).padStart(4, '0')}`;
}

/**
 * Takes the next number, in the transaction that inserts the invoice: the month's counter row
 * stays locked until it commits (concurrent issuers wait), and a rollback gives the number back.
 */
export async function nextInvoiceNumber(
  trx: TDb,
  series: TInvoiceSeries,
  period: string,
): Promise<string> {
  return formatInvoiceNumber(series, period, await incrementInvoiceCounter(trx, series, period));
}

import type { TDb } from '../../db/database';
import type { TPaymentStatus, TPrintjobStatus } from '../../db/schema';
import type { TPrinterAvailabilityFields } from '../printers/printers.service';

// Read-only aggregates over other modules' tables for the metrics, like account-data.repo.ts
// reads a person's rows of several modules: one query per metric, at most once per
// METRICS_CACHE_SECONDS on each instance (metrics.service.ts).

/**
 * Printers in service (decommissioned ones are gone from the map and from the metrics): only the
 * columns their availability depends on, never credentials.
 */
export function listPrintersInService(db: TDb): Promise<TPrinterAvailabilityFields[]> {
  return db
    .selectFrom('printers')
    .select([
      'decommissioned_at',
      'is_enabled',
      'maintenance_mode',
      'agent_last_seen_at',
      'agent_status',
    ])
    .where('decommissioned_at', 'is', null)
    .execute();
}

/** Print jobs per status (the status and created_at index answers it). */
export async function countPrintjobsByStatus(
  db: TDb,
): Promise<Array<{ status: TPrintjobStatus; count: number }>> {
  const rows = await db
    .selectFrom('printjobs')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}

export async function countPaymentsByStatus(
  db: TDb,
): Promise<Array<{ status: TPaymentStatus; count: number }>> {
  const rows = await db
    .selectFrom('payments')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}

/**
 * Pages charged since the start: the posted reservations of the ledger, which is never deleted
 * (0026), so the total only grows and rolled-back charges never count. It scans every posted
 * reservation (no index helps a sum over them all), hence the cache in metrics.service.ts.
 */
export async function sumChargedPages(db: TDb): Promise<number> {
  const row = await db
    .selectFrom('page_reservations')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('charged'), eb.lit(0)).as('pages'))
    .where('status', '=', 'posted')
    .executeTakeFirstOrThrow();
  return Number(row.pages);
}

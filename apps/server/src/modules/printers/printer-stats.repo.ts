import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import type { TPrinterMonthlyStatsTable } from '../../db/schema';

type TCounter = Exclude<keyof TPrinterMonthlyStatsTable, 'printer_id' | 'month'>;

/** The first day of the month of `at` in UTC, as stored in the statistics tables. */
export function monthOf(at: Date): string {
  return `${at.toISOString().slice(0, 7)}-01`;
}

export async function addMonthlyCounts(
  db: TDb,
  printerId: number,
  month: string,
  counts: Partial<Record<TCounter, number>>,
): Promise<void> {
  const entries = Object.entries(counts).filter(([, n]) => n !== undefined && n > 0) as Array<
    [TCounter, number]
  >;
  if (entries.length === 0) return;
  await db
    .insertInto('printer_monthly_stats')
    .values({ printer_id: printerId, month, ...Object.fromEntries(entries) })
    .onConflict((oc) =>
      oc
        .columns(['printer_id', 'month'])
        .doUpdateSet(
          Object.fromEntries(
            entries.map(([column, n]) => [
              column,
              sql<number>`printer_monthly_stats.${sql.ref(column)} + ${n}`,
            ]),
          ),
        ),
    )
    .execute();
}

export async function addMonthlyUser(
  db: TDb,
  printerId: number,
  month: string,
  activity: 'printing' | 'copying' | 'scanning',
  userId: number,
): Promise<void> {
  await db
    .insertInto('printer_monthly_users')
    .values({ printer_id: printerId, month, activity, user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Records a usage report id; false when it was already counted. */
export async function claimUsageReport(
  db: TDb,
  printerId: number,
  reportId: string,
): Promise<boolean> {
  const row = await db
    .insertInto('printer_usage_reports')
    .values({ printer_id: printerId, report_id: reportId })
    .onConflict((oc) => oc.doNothing())
    .returning('report_id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface TMonthlyStats {
  month: string;
  classicColorPages: number;
  classicMonoPages: number;
  expressColorPages: number;
  expressMonoPages: number;
  copyColorPages: number;
  copyMonoPages: number;
  scannedPages: number;
  printingUsers: number;
  copyingUsers: number;
  scanningUsers: number;
}

/** Per month, newest first: the pages counters and how many distinct people used the printer. */
export async function listMonthlyStats(db: TDb, printerId: number): Promise<TMonthlyStats[]> {
  const users = (activity: string) =>
    sql<number>`(SELECT count(*) FROM printer_monthly_users u WHERE u.printer_id = s.printer_id AND u.month = s.month AND u.activity = ${activity})`;
  const rows = await db
    .selectFrom('printer_monthly_stats as s')
    .select([
      sql<string>`to_char(s.month, 'YYYY-MM')`.as('month'),
      's.classic_color_pages',
      's.classic_mono_pages',
      's.express_color_pages',
      's.express_mono_pages',
      's.copy_color_pages',
      's.copy_mono_pages',
      's.scanned_pages',
      users('printing').as('printing_users'),
      users('copying').as('copying_users'),
      users('scanning').as('scanning_users'),
    ])
    .where('s.printer_id', '=', printerId)
    .orderBy('s.month', 'desc')
    .execute();
  return rows.map((r) => ({
    month: r.month,
    classicColorPages: r.classic_color_pages,
    classicMonoPages: r.classic_mono_pages,
    expressColorPages: r.express_color_pages,
    expressMonoPages: r.express_mono_pages,
    copyColorPages: r.copy_color_pages,
    copyMonoPages: r.copy_mono_pages,
    scannedPages: r.scanned_pages,
    printingUsers: Number(r.printing_users),
    copyingUsers: Number(r.copying_users),
    scanningUsers: Number(r.scanning_users),
  }));
}

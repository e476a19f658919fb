import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import type { TDocumentRow, TPrintjobRow, TPrintjobStatus } from '../../db/schema';

export interface TPrintjobFilter {
  status?: TPrintjobStatus | undefined;
  email?: string | undefined;
  printerId?: number | undefined;
  /** Inclusive calendar days, YYYY-MM-DD (UTC). */
  from?: string | undefined;
  to?: string | undefined;
  userId?: number | undefined;
  /** Only jobs whose printer report was flagged for review. */
  needsReview?: boolean | undefined;
}

function filtered(db: TDb, filter: TPrintjobFilter) {
  let query = db
    .selectFrom('printjobs')
    .innerJoin('users', 'users.id', 'printjobs.user_id')
    .leftJoin('printers', 'printers.id', 'printjobs.printer_id');
  if (filter.status) query = query.where('printjobs.status', '=', filter.status);
  if (filter.email)
    query = query.where('users.email', 'ilike', `%${escapeLike(filter.email.toLowerCase())}%`);
  if (filter.printerId !== undefined)
    query = query.where('printjobs.printer_id', '=', filter.printerId);
  if (filter.userId !== undefined) query = query.where('printjobs.user_id', '=', filter.userId);
  if (filter.needsReview) query = query.where('printjobs.review_reason', 'is not', null);
  if (filter.from)
    query = query.where('printjobs.created_at', '>=', new Date(`${filter.from}T00:00:00Z`));
  if (filter.to)
    query = query.where(
      'printjobs.created_at',
      '<',
      new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 24 * 60 * 60 * 1000),
    );
  return query;
}

/** `%` and `_` typed in a search box are literal characters, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function countPrintjobs(db: TDb, filter: TPrintjobFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listPrintjobs(
  db: TDb,
  filter: TPrintjobFilter,
  paging: { limit: number; offset: number },
) {
  return filtered(db, filter)
    .selectAll('printjobs')
    .select(['users.email as user_email', 'printers.name as printer_name'])
    .orderBy('printjobs.id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
}

export type TPrintjobListRow = Awaited<ReturnType<typeof listPrintjobs>>[number];

export async function documentsOfPrintjobs(
  db: TDb,
  ids: readonly number[],
): Promise<Map<number, TDocumentRow[]>> {
  const byJob = new Map<number, TDocumentRow[]>();
  if (ids.length === 0) return byJob;
  const rows = await db
    .selectFrom('documents')
    .selectAll()
    .where('printjob_id', 'in', ids)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byJob.get(row.printjob_id) ?? [];
    list.push(row);
    byJob.set(row.printjob_id, list);
  }
  return byJob;
}

export function findPrintjobWithNames(db: TDb, id: number) {
  return filtered(db, {})
    .selectAll('printjobs')
    .select(['users.email as user_email', 'printers.name as printer_name'])
    .where('printjobs.id', '=', id)
    .executeTakeFirst();
}

export function lockPrintjob(db: TDb, id: number): Promise<TPrintjobRow | undefined> {
  return db.selectFrom('printjobs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The newest reservation of a job (a job has at most one that is not voided). */
export function latestReservation(db: TDb, printjobId: number) {
  return db
    .selectFrom('page_reservations')
    .select(['id', 'pages', 'charged', 'status'])
    .where('printjob_id', '=', printjobId)
    .orderBy(sql`status = 'voided'`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findStatuses(db: TDb, ids: readonly number[]) {
  return db.selectFrom('printjobs').select(['id', 'status']).where('id', 'in', ids).execute();
}

export function findExpressToken(db: TDb, orderId: number) {
  return db
    .selectFrom('express_orders')
    .select(['id', 'token'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

import type { TDb } from '../../db/database';
import type { TExpressOrderStatus } from '../../db/schema';

function withNames(db: TDb) {
  return db
    .selectFrom('express_orders')
    .innerJoin('printers', 'printers.id', 'express_orders.printer_id')
    .leftJoin(
      'express_discount_codes',
      'express_discount_codes.id',
      'express_orders.discount_code_id',
    )
    .selectAll('express_orders')
    .select([
      'printers.name as printer_name',
      'printers.is_enabled as printer_is_enabled',
      'printers.maintenance_mode as printer_maintenance_mode',
      'express_discount_codes.code as discount_code',
    ]);
}

export type TExpressOrderView = NonNullable<Awaited<ReturnType<typeof findExpressOrder>>>;

export function findExpressOrder(db: TDb, id: number) {
  return withNames(db).where('express_orders.id', '=', id).executeTakeFirst();
}

export function listExpressOrders(
  db: TDb,
  filter: { status?: TExpressOrderStatus | undefined },
  paging: { limit: number; offset: number },
) {
  let query = withNames(db);
  if (filter.status) query = query.where('express_orders.status', '=', filter.status);
  return query
    .orderBy('express_orders.id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
}

export async function countExpressOrders(
  db: TDb,
  filter: { status?: TExpressOrderStatus | undefined },
): Promise<number> {
  let query = db.selectFrom('express_orders').select((eb) => eb.fn.countAll<number>().as('n'));
  if (filter.status) query = query.where('status', '=', filter.status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export function listPrinterOptions(db: TDb) {
  return db
    .selectFrom('printers')
    .select(['id', 'name', 'is_enabled', 'maintenance_mode'])
    .orderBy('name')
    .execute();
}

/** Payments of some orders, oldest first (a failed attempt, then the one that completed). */
export function listPaymentsOfOrders(db: TDb, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('payments')
    .select([
      'id',
      'express_order_id',
      'reference',
      'provider',
      'provider_reference',
      'method',
      'status',
      'amount_minor',
      'currency',
      'completed_at',
    ])
    .where('express_order_id', 'in', orderIds)
    .orderBy('id', 'asc')
    .execute();
}

/** Refunds of some orders (at most one each). */
export function listRefundsOfOrders(db: TDb, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('refunds').selectAll().where('express_order_id', 'in', orderIds).execute();
}

import type { TDb } from '../../db/database';
import type { TExpressOrderStatus, TExpressOrdersTable } from '../../db/schema';
import type { Updateable } from 'kysely';

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

export function lockExpressOrder(db: TDb, id: number) {
  return db
    .selectFrom('express_orders')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Applies only if nobody changed the order's status meanwhile. */
export function updateExpressOrderStatus(
  db: TDb,
  id: number,
  expected: TExpressOrderStatus,
  changes: Updateable<TExpressOrdersTable>,
) {
  return db
    .updateTable('express_orders')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', expected)
    .returning('id')
    .executeTakeFirst();
}

export function listPrinterOptions(db: TDb) {
  return db
    .selectFrom('printers')
    .select(['id', 'name', 'is_enabled', 'maintenance_mode'])
    .orderBy('name')
    .execute();
}

import type { Insertable } from 'kysely';
import type { TDb } from '../../db/database';
import type { TRefundsTable } from '../../db/schema';

/** The payment that bought the order: at most one completes (the checkout is idempotent). */
export function findCompletedPaymentOfOrder(db: TDb, orderId: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('express_order_id', '=', orderId)
    .where('status', '=', 'completed')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The order's one refund; a second one for the same order is not created (UNIQUE order id). */
export async function insertRefundOnce(
  db: TDb,
  values: Insertable<TRefundsTable> & { express_order_id: number },
) {
  await db
    .insertInto('refunds')
    .values(values)
    .onConflict((oc) => oc.column('express_order_id').doNothing())
    .execute();
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('express_order_id', '=', values.express_order_id)
    .executeTakeFirstOrThrow();
}

/** What the refund notice names: the order's printer, e-mail and locale. */
export function findOrderForRefundMail(db: TDb, orderId: number) {
  return db
    .selectFrom('express_orders')
    .innerJoin('printers', 'printers.id', 'express_orders.printer_id')
    .select([
      'express_orders.id',
      'express_orders.token',
      'express_orders.customer_email',
      'express_orders.locale',
      'express_orders.price_minor',
      'printers.name as printer_name',
    ])
    .where('express_orders.id', '=', orderId)
    .executeTakeFirst();
}

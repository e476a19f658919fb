import type { Insertable, Updateable } from 'kysely';
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

/** A refund with what asking the provider needs: the payment's references. */
export function findRefundForProvider(db: TDb, refundId: number) {
  return db
    .selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .selectAll('refunds')
    .select([
      'payments.reference as payment_reference',
      'payments.provider_reference as payment_provider_reference',
    ])
    .where('refunds.id', '=', refundId)
    .executeTakeFirst();
}

export function lockRefund(db: TDb, refundId: number) {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('id', '=', refundId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateRefund(
  db: TDb,
  refundId: number,
  changes: Updateable<TRefundsTable>,
): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', refundId)
    .execute();
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

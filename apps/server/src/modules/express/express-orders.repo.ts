import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { TDb } from '../../db/database';
import type {
  TExpressOrderStatus,
  TExpressOrdersTable,
  TRefundsTable,
  TUsersTable,
} from '../../db/schema';

export type TExpressOrderRow = Selectable<TExpressOrdersTable>;
export type TRefundRow = Selectable<TRefundsTable>;

export function insertGuestUser(db: TDb, values: Insertable<TUsersTable>) {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findUserById(db: TDb, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertExpressOrder(db: TDb, values: Insertable<TExpressOrdersTable>) {
  return db.insertInto('express_orders').values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * Ties the guest's print job to its order. The printjobs module knows the column (it reacts when
 * an express job ends) but has no writer for it: the order is what decides which job it pays for.
 */
export async function linkPrintjobToOrder(
  db: TDb,
  printjobId: number,
  orderId: number,
): Promise<void> {
  await db
    .updateTable('printjobs')
    .set({ express_order_id: orderId, updated_at: new Date() })
    .where('id', '=', printjobId)
    .execute();
}

/**
 * Locks (or unlocks) the order's job for editing: the documents and printjobs services refuse
 * every change to a submitted job (`lockEditablePrintjob`), and they lock the same job row, so an
 * upload racing the checkout either lands before the price is frozen or is refused.
 */
export async function setOrderJobLocked(
  db: TDb,
  printjobId: number,
  locked: boolean,
  now: Date,
): Promise<void> {
  await db
    .updateTable('printjobs')
    .set({ is_submitted: locked, submitted_at: locked ? now : null, updated_at: new Date() })
    .where('id', '=', printjobId)
    .where('status', '=', 'created')
    .execute();
}

/** The job row locked for the rest of the transaction (the checkout freezes its price). */
export function lockOrderJob(db: TDb, printjobId: number) {
  return db
    .selectFrom('printjobs')
    .selectAll()
    .where('id', '=', printjobId)
    .forUpdate()
    .executeTakeFirst();
}

export function findOrderByToken(db: TDb, token: string) {
  return db.selectFrom('express_orders').selectAll().where('token', '=', token).executeTakeFirst();
}

export function lockOrderByToken(db: TDb, token: string) {
  return db
    .selectFrom('express_orders')
    .selectAll()
    .where('token', '=', token)
    .forUpdate()
    .executeTakeFirst();
}

export function lockOrderById(db: TDb, id: number) {
  return db
    .selectFrom('express_orders')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The only writer of express_orders.status: applies only if the order is still in `expected`. */
export function updateOrderIfStatus(
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
    .returningAll()
    .executeTakeFirst();
}

/** Everything but the status (the e-mail, the locale while it is a draft). */
export async function updateOrder(
  db: TDb,
  id: number,
  changes: Omit<Updateable<TExpressOrdersTable>, 'status'>,
): Promise<void> {
  await db
    .updateTable('express_orders')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

const discountColumns = ['id', 'code', 'percent', 'active', 'number_of_uses', 'uses'] as const;
/** A calendar date as YYYY-MM-DD (drivers would turn it into a local-time Date). */
const expirationDay = sql<string | null>`to_char(expiration_date, 'YYYY-MM-DD')`.as(
  'expiration_date',
);

export function findDiscountCode(db: TDb, code: string) {
  return db
    .selectFrom('express_discount_codes')
    .select(discountColumns)
    .select(expirationDay)
    .where(sql`upper(code)`, '=', code.toUpperCase())
    .executeTakeFirst();
}

export type TDiscountCodeRow = NonNullable<Awaited<ReturnType<typeof findDiscountCode>>>;

/** The code row locked: checkouts using one code take turns deciding whether a use is left. */
export function lockDiscountCode(db: TDb, id: number) {
  return db
    .selectFrom('express_discount_codes')
    .select(discountColumns)
    .select(expirationDay)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function findDiscountCodeById(db: TDb, id: number) {
  return db
    .selectFrom('express_discount_codes')
    .select(discountColumns)
    .select(expirationDay)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Orders holding a use of the code without having completed yet: awaiting payment and still
 * within their hold (a completed order is counted in `uses` instead).
 */
export async function countHeldUses(
  db: TDb,
  codeId: number,
  now: Date,
  exceptOrderId: number,
): Promise<number> {
  const row = await db
    .selectFrom('express_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('discount_code_id', '=', codeId)
    .where('status', '=', 'awaiting_payment')
    .where('checkout_expires_at', '>', now)
    .where('id', '<>', exceptOrderId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One more completed order used the code (the admin's usage figure). */
export async function incrementDiscountUses(db: TDb, codeId: number): Promise<void> {
  await db
    .updateTable('express_discount_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', codeId)
    .execute();
}

export function findRefundOfOrder(db: TDb, orderId: number) {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('express_order_id', '=', orderId)
    .executeTakeFirst();
}

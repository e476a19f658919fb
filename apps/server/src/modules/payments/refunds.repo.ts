import { type Insertable, type Selectable, type Updateable } from 'kysely';
import type { TDb } from '../../db/database';
import type { TRefundsTable } from '../../db/schema';

// Refunds (money going back through the provider), whatever they pay back: an express order or a
// whole package purchase. The express module inserts its own rows (one per order) and the
// payments module those of purchases; asking the provider and recording its answer is here.

export type TRefundRow = Selectable<TRefundsTable>;

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

export function lockRefund(db: TDb, refundId: number): Promise<TRefundRow | undefined> {
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

/**
 * A package purchase's live refund, pending or succeeded (at most one: UNIQUE
 * refunds_one_per_purchase); failed ones do not count, the purchase may be refunded again.
 */
export function findLivePurchaseRefund(
  db: TDb,
  paymentId: number,
): Promise<TRefundRow | undefined> {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('express_order_id', 'is', null)
    .where('status', '<>', 'failed')
    .executeTakeFirst();
}

export function insertPurchaseRefund(
  db: TDb,
  values: Insertable<TRefundsTable> & { express_order_id: null },
): Promise<TRefundRow> {
  return db.insertInto('refunds').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A payment by its public reference, locked: two refunds of one purchase queue up. */
export function lockPaymentForRefund(db: TDb, reference: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('reference', '=', reference)
    .forUpdate()
    .executeTakeFirst();
}

/** A purchase's latest refund (earlier ones failed) by the payment's public reference. */
export function findPurchaseRefundByPayment(db: TDb, paymentReference: string) {
  return db
    .selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .selectAll('refunds')
    .select('payments.reference as payment_reference')
    .where('payments.reference', '=', paymentReference)
    .where('refunds.express_order_id', 'is', null)
    .orderBy('refunds.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The grant of a refund's purchase (null: it granted nothing). */
export async function findGrantOfPayment(db: TDb, paymentId: number): Promise<number | null> {
  const row = await db
    .selectFrom('payments')
    .select('grant_id')
    .where('id', '=', paymentId)
    .executeTakeFirst();
  return row?.grant_id ?? null;
}

/** Who is told that a purchase's money went back: the account (if it still exists) and package. */
export function findPurchaseForRefundMail(db: TDb, paymentId: number) {
  return db
    .selectFrom('payments')
    .leftJoin('users', 'users.id', 'payments.user_id')
    .leftJoin('packages', 'packages.id', 'payments.package_id')
    .select([
      'payments.reference',
      'payments.user_id',
      'users.email',
      'users.locale',
      'packages.code as package_code',
    ])
    .where('payments.id', '=', paymentId)
    .executeTakeFirst();
}

/** A payment's public reference (what the team looks a refund up by). */
export async function findPaymentReference(db: TDb, paymentId: number): Promise<string | null> {
  const row = await db
    .selectFrom('payments')
    .select('reference')
    .where('id', '=', paymentId)
    .executeTakeFirst();
  return row?.reference ?? null;
}

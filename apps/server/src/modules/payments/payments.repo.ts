import type { Insertable, Selectable, Updateable } from 'kysely';
import type { TDb } from '../../db/database';
import type {
  TCardSetupsTable,
  TPaymentStatus,
  TPaymentsTable,
  TProviderEventsTable,
} from '../../db/schema';

export type TPaymentRow = Selectable<TPaymentsTable>;
export type TPaymentWithPackage = TPaymentRow & { package_code: string };
export type TCardSetupRow = Selectable<TCardSetupsTable>;

const withPackage = (db: TDb) =>
  db
    .selectFrom('payments')
    .innerJoin('packages', 'packages.id', 'payments.package_id')
    .selectAll('payments')
    .select('packages.code as package_code');

/** Inserts unless this person already used the idempotency key; returns the row either way. */
export async function insertPaymentOnce(
  db: TDb,
  values: Insertable<TPaymentsTable> & { user_id: number },
): Promise<{ row: TPaymentRow; created: boolean }> {
  const inserted = await db
    .insertInto('payments')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: inserted, created: true };
  const existing = await db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', values.user_id)
    .where('idempotency_key', '=', values.idempotency_key)
    .executeTakeFirstOrThrow();
  return { row: existing, created: false };
}

/** Everything but the status (flags, the provider's checkout); the status has one writer below. */
export async function updatePayment(
  db: TDb,
  id: number,
  values: Omit<Updateable<TPaymentsTable>, 'status'>,
): Promise<void> {
  await db
    .updateTable('payments')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * The only writer of payments.status (decided by `transitionPayment`): applies only if the
 * payment is still in `from`; false when someone changed it meanwhile.
 */
export async function updatePaymentIfStatus(
  db: TDb,
  id: number,
  from: TPaymentStatus,
  values: Omit<Updateable<TPaymentsTable>, 'status'> & { status: TPaymentStatus },
): Promise<boolean> {
  const row = await db
    .updateTable('payments')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function lockPaymentByReference(
  db: TDb,
  provider: string,
  reference: string,
): Promise<TPaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('reference', '=', reference)
    .where('provider', '=', provider)
    .forUpdate()
    .executeTakeFirst();
}

export function findUserPayment(
  db: TDb,
  userId: number,
  reference: string,
): Promise<TPaymentWithPackage | undefined> {
  return withPackage(db)
    .where('payments.user_id', '=', userId)
    .where('payments.reference', '=', reference)
    .executeTakeFirst();
}

export function findUserPayments(db: TDb, userId: number): Promise<TPaymentWithPackage[]> {
  return withPackage(db)
    .where('payments.user_id', '=', userId)
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .limit(100)
    .execute();
}

/** Records a provider event once; false when (provider, event id) was seen before. */
export async function recordProviderEvent(
  db: TDb,
  values: Insertable<TProviderEventsTable>,
): Promise<number | undefined> {
  const row = await db
    .insertInto('provider_events')
    .values(values)
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function setProviderEventOutcome(db: TDb, id: number, outcome: string): Promise<void> {
  await db.updateTable('provider_events').set({ outcome }).where('id', '=', id).execute();
}

/** The grant a purchase created (the ledger writes it; we keep its id on the payment). */
export async function findGrantIdByReference(
  db: TDb,
  userId: number,
  source: 'package' | 'card_bonus',
  reference: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('page_grants')
    .select('id')
    .where('user_id', '=', userId)
    .where('source', '=', source)
    .where('reference', '=', reference)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id;
}

export function findUserEmailAndLocale(db: TDb, userId: number) {
  return db
    .selectFrom('users')
    .select(['email', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function insertCardSetup(
  db: TDb,
  values: Insertable<TCardSetupsTable>,
): Promise<TCardSetupRow> {
  return db.insertInto('card_setups').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateCardSetup(
  db: TDb,
  id: number,
  values: Updateable<TCardSetupsTable>,
): Promise<void> {
  await db
    .updateTable('card_setups')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export function lockCardSetup(db: TDb, provider: string, reference: string) {
  return db
    .selectFrom('card_setups')
    .selectAll()
    .where('reference', '=', reference)
    .where('provider', '=', provider)
    .forUpdate()
    .executeTakeFirst();
}

export function findUserCardSetup(db: TDb, userId: number, reference: string) {
  return db
    .selectFrom('card_setups')
    .leftJoin('saved_cards', 'saved_cards.id', 'card_setups.saved_card_id')
    .selectAll('card_setups')
    .select(['saved_cards.brand', 'saved_cards.last4'])
    .where('card_setups.user_id', '=', userId)
    .where('card_setups.reference', '=', reference)
    .executeTakeFirst();
}

/** Keeps the card (one row per person and card). */
export async function upsertSavedCard(
  db: TDb,
  values: { user_id: number; provider: string; fingerprint: string; brand: string; last4: string },
): Promise<number> {
  const row = await db
    .insertInto('saved_cards')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'provider', 'fingerprint'])
        .doUpdateSet({ brand: values.brand, last4: values.last4 }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Claims the add-card bonus. The unique constraints on user and on fingerprint decide, so two
 * concurrent claims cannot both win; false when this person or this card already had it.
 */
export async function claimCardBonus(
  db: TDb,
  values: { user_id: number; fingerprint: string; pages: number },
): Promise<boolean> {
  const row = await db
    .insertInto('card_bonuses')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function findPaymentByKey(db: TDb, userId: number, idempotencyKey: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/** The order's payment still waiting for the provider (a repeated "Pay" continues it). */
export function findOpenPaymentOfOrder(db: TDb, expressOrderId: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('express_order_id', '=', expressOrderId)
    .where('status', '=', 'processing')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Package purchases still in progress whose checkout began before `cutoff`, oldest first. */
export async function listProcessingPackagePaymentsBefore(
  db: TDb,
  cutoff: Date,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('payments')
    .select('id')
    .where('status', '=', 'processing')
    .where('express_order_id', 'is', null)
    .where('created_at', '<', cutoff)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export function lockPaymentById(db: TDb, id: number): Promise<TPaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

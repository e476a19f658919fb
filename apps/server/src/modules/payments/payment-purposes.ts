import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TPaymentRow } from './payments.repo';

/**
 * What a payment buys besides a page package. Payments knows nothing of express orders (the
 * express module depends on payments, never the other way round): a module that sells something
 * registers its purpose here when its routes are set up, and the webhook service calls it in the
 * same transaction as the payment's status change, so the order and the money agree.
 */
export interface TPaymentPurpose {
  /** The provider collected the money (called once per payment: completed is final). */
  completed(ctx: TAppContext, trx: TDb, payment: TPaymentRow, now: Date): Promise<void>;
  /** The payment failed (provider said so, or could not be reached at checkout). */
  failed(ctx: TAppContext, trx: TDb, payment: TPaymentRow, now: Date): Promise<void>;
}

export type TPaymentPurposeName = 'express_order';

const purposes = new Map<TPaymentPurposeName, TPaymentPurpose>();

/** Idempotent: every app instance in one process registers the same handlers. */
export function registerPaymentPurpose(name: TPaymentPurposeName, purpose: TPaymentPurpose): void {
  purposes.set(name, purpose);
}

/** The purpose of a payment that buys no package; null for a package purchase. */
export function purposeOf(payment: TPaymentRow): TPaymentPurpose | null {
  if (payment.express_order_id === null) return null;
  const purpose = purposes.get('express_order');
  // A payment for an order nobody can complete must not be marked done silently.
  if (!purpose) throw new Error(`no payment purpose registered for ${payment.reference}`);
  return purpose;
}

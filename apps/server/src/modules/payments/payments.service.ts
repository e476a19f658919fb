import { randomBytes } from 'node:crypto';
import type { TLocale, TPurchaseInput } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TUserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { findPurchasablePackage } from '../packages/packages.service';
import { ProviderUnavailable, type TProviderRedirect } from './payment-provider';
import { transitionPayment } from './payment-status';
import {
  findUserPayment,
  findUserPayments,
  insertPaymentOnce,
  updatePayment,
  updatePaymentIfStatus,
  type TPaymentWithPackage,
} from './payments.repo';
import { paymentProviders } from './provider-registry';

export const newReference = (prefix: string) =>
  `${prefix}_${randomBytes(16).toString('base64url')}`;

export const emailRequired = () =>
  new AppError(403, 'email_required', 'payments.errors.email_required');
export const paymentsUnavailable = () =>
  new AppError(503, 'payments_unavailable', 'payments.errors.unavailable');
const noPaymentMethod = () =>
  new AppError(422, 'no_payment_method', 'payments.errors.no_payment_method');

/** Money moves only for a confirmed address: receipts go there and the provider needs it. */
export function assertCanPay(user: TUserRow): void {
  if (!user.email_confirmed_at) throw emailRequired();
}

/** Asks a provider; its being down or refusing becomes the spec's message. */
export async function callProvider(
  ctx: TAppContext,
  call: () => Promise<TProviderRedirect>,
): Promise<TProviderRedirect> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderUnavailable && error.code === 'no_payment_method')
      throw noPaymentMethod();
    ctx.log.warn({ err: error }, 'payment provider call failed');
    throw paymentsUnavailable();
  }
}

/**
 * Starts buying a package: our payment row (processing, with the package's pages, validity and
 * price copied) and the provider's checkout; answers where to send the payer. The same
 * idempotency key answers with the same payment and never creates a second one.
 */
export async function startPurchase(
  ctx: TAppContext,
  user: TUserRow,
  input: TPurchaseInput,
  locale: TLocale,
): Promise<{ reference: string; redirect_url: string }> {
  assertCanPay(user);
  const method = input.method;
  if (!method) throw noPaymentMethod();
  const pkg = await findPurchasablePackage(ctx.db, input.package_id);
  const registry = paymentProviders(ctx);
  let provider;
  try {
    provider = registry.forMethod(method);
  } catch {
    throw paymentsUnavailable();
  }
  const { row, created } = await insertPaymentOnce(ctx.db, {
    reference: newReference('pay'),
    user_id: user.id,
    payer_email: user.email,
    package_id: pkg.id,
    provider: provider.name,
    method,
    amount_minor: pkg.price_minor,
    currency: pkg.currency,
    pages: pkg.pages,
    validity_days: pkg.validity_days,
    idempotency_key: input.idempotency_key,
    locale,
  });
  if (!created) {
    if (row.checkout_url) return { reference: row.reference, redirect_url: row.checkout_url };
    if (row.status === 'failed') throw paymentsUnavailable();
    // The first request with this key is still talking to the provider.
    throw new AppError(409, 'payment_in_progress', 'payments.errors.in_progress');
  }
  // Network I/O outside any transaction: the row is already committed as `processing`.
  let redirect: TProviderRedirect;
  try {
    redirect = await callProvider(ctx, () =>
      provider.createCheckout({
        reference: row.reference,
        amountMinor: row.amount_minor,
        currency: row.currency,
        method,
        description: `Printomat: package ${pkg.code}, ${pkg.pages} pages`,
        customerEmail: user.email,
        locale,
        returnUrl: `${ctx.config.publicUrl}/payments/${row.reference}`,
      }),
    );
  } catch (error) {
    // Kept as failed (the attempt stays traceable), unless a notification already decided it.
    const transition = transitionPayment(row.status, 'failed');
    if (transition.kind === 'move')
      await updatePaymentIfStatus(ctx.db, row.id, transition.from, {
        status: transition.to,
        failure_code: 'provider_unavailable',
      });
    throw error;
  }
  await updatePayment(ctx.db, row.id, {
    provider_reference: redirect.providerReference,
    checkout_url: redirect.redirectUrl,
  });
  return { reference: row.reference, redirect_url: redirect.redirectUrl };
}

/** One of the person's own payments; someone else's is "not found". */
export async function getPayment(
  ctx: TAppContext,
  userId: number,
  reference: string,
): Promise<TPaymentWithPackage> {
  const row = await findUserPayment(ctx.db, userId, reference);
  if (!row) throw notFound();
  return row;
}

export function listPayments(ctx: TAppContext, userId: number): Promise<TPaymentWithPackage[]> {
  return findUserPayments(ctx.db, userId);
}

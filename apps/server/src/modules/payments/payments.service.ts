import { randomBytes } from 'node:crypto';
import {
  grossFromNet,
  splitGross,
  VAT_RATE_PERCENT,
  type TLocale,
  type TPurchaseInput,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TPackagesTable, TUserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { findPurchasablePackage } from '../packages/packages.service';
import {
  ProviderUnavailable,
  type TCheckoutRequest,
  type TPaymentMethod,
  type TPaymentProvider,
  type TProviderRedirect,
} from './payment-provider';
import { purposeOf } from './payment-purposes';
import { transitionPayment } from './payment-status';
import {
  findUserPayment,
  findUserPayments,
  insertPaymentOnce,
  updatePayment,
  updatePaymentIfStatus,
  type TPaymentRow,
  type TPaymentWithPackage,
} from './payments.repo';
import { paymentProviders } from './provider-registry';

export const newReference = (prefix: string) =>
  `${prefix}_${randomBytes(16).toString('base64url')}`;

export const emailRequired = () =>
  new AppError(403, 'email_required', 'payments.errors.email_required');
export const paymentsUnavailable = () =>
  new AppError(503, 'payments_unavailable', 'payments.errors.unavailable');
const businessOnly = () => new AppError(403, 'business_only', 'payments.errors.business_only');
const noPaymentMethod = () =>
  new AppError(422, 'no_payment_method', 'payments.errors.no_payment_method');

/** How a business package may be paid (GET /api/business/packages says the same). */
const BUSINESS_METHODS: readonly TPaymentMethod[] = ['card', 'transfer'];

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
 * What buying a package charges, split into net and VAT: business prices are net (VAT is added),
 * personal prices include it (the VAT in them is worked out backwards).
 */
export function chargedAmounts(pkg: Pick<TPackagesTable, 'audience' | 'price_minor'>): {
  grossMinor: number;
  netMinor: number;
  vatMinor: number;
} {
  if (pkg.audience === 'business') {
    const grossMinor = grossFromNet(pkg.price_minor, VAT_RATE_PERCENT);
    return { grossMinor, netMinor: pkg.price_minor, vatMinor: grossMinor - pkg.price_minor };
  }
  return { grossMinor: pkg.price_minor, ...splitGross(pkg.price_minor, VAT_RATE_PERCENT) };
}

/**
 * Starts buying a package: our payment row (processing, with the package's pages, validity and
 * price copied) and the provider's checkout; answers where to send the payer. A business package
 * is sold to business accounts only, paid by card or transfer; what is charged is its gross price (`chargedAmounts`). The same
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
  const isBusiness = user.role === 'business';
  if (pkg.audience === 'business' && !isBusiness) throw businessOnly();
  // Business packages are paid by card or transfer only (their invoices, and their refunds:
  // an SMS payment cannot be paid back).
  if (pkg.audience === 'business' && !BUSINESS_METHODS.includes(method)) throw noPaymentMethod();
  const amounts = chargedAmounts(pkg);
  const provider = providerFor(ctx, method);
  const { row, created } = await insertPaymentOnce(ctx.db, {
    reference: newReference('pay'),
    user_id: user.id,
    payer_email: user.email,
    package_id: pkg.id,
    provider: provider.name,
    method,
    amount_minor: amounts.grossMinor,
    net_minor: amounts.netMinor,
    vat_minor: amounts.vatMinor,
    vat_rate: VAT_RATE_PERCENT,
    is_business: isBusiness,
    currency: pkg.currency,
    pages: pkg.pages,
    validity_days: pkg.validity_days,
    idempotency_key: input.idempotency_key,
    locale,
  });
  if (!created) return { reference: row.reference, redirect_url: existingCheckout(row) };
  const redirectUrl = await openCheckout(ctx, provider, row, {
    description: `Printomat: package ${pkg.code}, ${pkg.pages} pages`,
    customerEmail: user.email,
    returnUrl: `${ctx.config.publicUrl}/payments/${row.reference}`,
  });
  return { reference: row.reference, redirect_url: redirectUrl };
}

/** A repeated request with the same idempotency key: the first one's checkout page. */
export function existingCheckout(row: TPaymentRow): string {
  if (row.checkout_url) return row.checkout_url;
  if (row.status === 'failed') throw paymentsUnavailable();
  // The first request with this key is still talking to the provider.
  throw new AppError(409, 'payment_in_progress', 'payments.errors.in_progress');
}

/**
 * Asks the provider for the checkout page of a payment row already committed as `processing`
 * (network I/O outside any transaction) and keeps its answer with the row. When the provider
 * cannot be reached the payment is kept as failed (the attempt stays traceable) unless a
 * notification already decided it, and what it was bought for hears of the failure.
 */
export async function openCheckout(
  ctx: TAppContext,
  provider: TPaymentProvider,
  row: TPaymentRow,
  request: Pick<TCheckoutRequest, 'description' | 'customerEmail' | 'returnUrl'>,
): Promise<string> {
  let redirect: TProviderRedirect;
  try {
    redirect = await callProvider(ctx, () =>
      provider.createCheckout({
        ...request,
        reference: row.reference,
        amountMinor: row.amount_minor,
        currency: row.currency,
        method: row.method,
        locale: row.locale,
      }),
    );
  } catch (error) {
    await ctx.db.transaction().execute(async (trx) => {
      const transition = transitionPayment(row.status, 'failed');
      if (transition.kind !== 'move') return;
      const moved = await updatePaymentIfStatus(trx, row.id, transition.from, {
        status: transition.to,
        failure_code: 'provider_unavailable',
      });
      if (moved) await purposeOf(row)?.failed(ctx, trx, row, ctx.now());
    });
    throw error;
  }
  await updatePayment(ctx.db, row.id, {
    provider_reference: redirect.providerReference,
    checkout_url: redirect.redirectUrl,
  });
  return redirect.redirectUrl;
}

/** Who takes a payment by this method; the spec's message when nobody can. */
export function providerFor(ctx: TAppContext, method: TPaymentMethod): TPaymentProvider {
  try {
    return paymentProviders(ctx).forMethod(method);
  } catch {
    throw paymentsUnavailable();
  }
}

/**
 * The payment row of one express order (no pages), inserted in the caller's transaction unless
 * the payer already used the idempotency key (then that row is answered).
 */
export function insertOrderPayment(
  trx: TDb,
  values: {
    userId: number;
    payerEmail: string;
    expressOrderId: number;
    provider: TPaymentProvider;
    method: TPaymentMethod;
    amountMinor: number;
    currency: string;
    idempotencyKey: string;
    locale: TLocale;
  },
): Promise<{ row: TPaymentRow; created: boolean }> {
  return insertPaymentOnce(trx, {
    reference: newReference('pay'),
    user_id: values.userId,
    payer_email: values.payerEmail,
    package_id: null,
    express_order_id: values.expressOrderId,
    provider: values.provider.name,
    method: values.method,
    amount_minor: values.amountMinor,
    currency: values.currency,
    pages: 0,
    validity_days: 0,
    idempotency_key: values.idempotencyKey,
    locale: values.locale,
  });
}

/** A payment of this payer by its idempotency key (a repeated checkout). */
export { findOpenPaymentOfOrder, findPaymentByKey } from './payments.repo';

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

/** Marks a payment for the team (e.g. money collected for an order that was already paid). */
export function flagPayment(db: TDb, id: number, flag: string): Promise<void> {
  return updatePayment(db, id, { flag });
}

export type { TPaymentRow } from './payments.repo';

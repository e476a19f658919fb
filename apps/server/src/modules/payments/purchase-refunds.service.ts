import type { TPurchaseRefund } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { notePersonChanged, transactionTellingPeople } from '../../realtime/person-changed';
import type { TDb } from '../../db/database';
import { isUniqueViolation } from '../../db/pg-errors';
import type { TUserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { enqueueJob, type TJobRun, type TJobType } from '../jobs/queue';
import { SEND_MAIL_JOB } from '../mail/mail.jobs';
import { purchaseRefundMail } from '../mail/mail.templates';
import { restoreVoidedGrant, voidGrantRemaining } from '../pages/pages-ledger.service';
import { paymentsUnavailable } from './payments.service';
import { paymentProviders } from './provider-registry';
import { notifyPurchaseRefunded } from './purchase-refund-listeners';
import {
  findGrantOfPayment,
  findLivePurchaseRefund,
  findPurchaseForRefundMail,
  findPurchaseRefundByPayment,
  insertPurchaseRefund,
  lockPaymentForRefund,
  type TRefundRow,
} from './refunds.repo';
import {
  newRefundReference,
  processRefund,
  ZRefundJobPayload,
  type TRefundKind,
} from './refunds.service';

// An administrator gives a package purchase's money back (issue 15): the whole amount, once per
// purchase, through the provider that collected it. The purchase's pages not used yet are taken
// back at once (its grant is voided: pages its print jobs hand back later are dropped); the
// provider is asked by a queued job (retried, rechecked while pending or while the provider
// cannot be reached). When the money went back, the payer is mailed and the listeners hear of it
// (the invoices module issues the correcting invoice). Only when the provider refused it (a
// definite answer, never an outage: the money may have gone back) do the pages come back, and the
// purchase may be refunded again.

/**
 * Asks the provider to pay a purchase back; retried with backoff while the provider is down, then
 * queued again later (same payload) until it answers.
 */
export const PURCHASE_REFUND_JOB = {
  name: 'payments.purchase_refund',
  schema: ZRefundJobPayload,
  maxAttempts: 8,
} satisfies TJobType<typeof ZRefundJobPayload>;

type TRefundRefusal =
  'refund_not_completed' | 'refund_not_package' | 'refund_twice' | 'refund_in_progress';

const refusal = (key: TRefundRefusal) => new AppError(409, key, `payments.errors.${key}`);
const notRefundable = (provider: string) =>
  new AppError(409, 'refund_not_refundable', 'payments.errors.refund_not_refundable', {
    provider,
  });

const purchaseRefunds: TRefundKind = {
  job: PURCHASE_REFUND_JOB,
  recheckKeyPrefix: 'purchase-refund',
  owns: (refund) => refund.express_order_id === null,
  async succeeded(ctx, trx, refund, now) {
    const purchase = await findPurchaseForRefundMail(trx, refund.payment_id);
    await notifyPurchaseRefunded(ctx, trx, {
      refundId: refund.id,
      paymentId: refund.payment_id,
      userId: purchase?.user_id ?? null,
      now,
    });
    await queuePurchaseRefundMail(ctx, trx, refund, purchase);
  },
  async failed(_ctx, trx, refund) {
    // The payer keeps the purchase: the pages taken back come back (with any its print jobs
    // handed back meanwhile, which the voided grant dropped).
    const grantId = await findGrantOfPayment(trx, refund.payment_id);
    const pagesRestored = grantId === null ? 0 : await restoreVoidedGrant(trx, grantId);
    if (pagesRestored > 0)
      notePersonChanged(trx, (await findPurchaseForRefundMail(trx, refund.payment_id))?.user_id);
    await recordAudit(trx, {
      actorUserId: null,
      action: 'payment.refund_failed',
      subject: ['payment', refund.payment_id],
      details: { refund: refund.reference, pages_restored: pagesRestored },
    });
  },
};

/** Asks the provider about one purchase refund (the job's handler; tests call it directly). */
export function processPurchaseRefund(
  ctx: TAppContext,
  refundId: number,
  run: Pick<TJobRun, 'attempt'> & { maxAttempts?: number },
): Promise<void> {
  return processRefund(ctx, refundId, run, purchaseRefunds);
}

/** The purchase refunds' job, registered with the context like every background handler. */
export function registerPurchaseRefundWork(ctx: TAppContext): void {
  ctx.worker.register(PURCHASE_REFUND_JOB, ({ refundId }, run) =>
    processPurchaseRefund(ctx, refundId, run),
  );
}

/**
 * Refunds a completed package purchase, in one transaction: the refund row (pending, the whole
 * amount, the payment's provider), the purchase's unused pages taken back, the audit entry and
 * the provider's job. Refused (409) for an express order's payment, a payment that is not
 * completed, a provider that cannot pay back (SMS) and a purchase whose refund succeeded or is
 * in progress (after a failed one it may be refunded again).
 */
export async function refundPurchase(
  ctx: TAppContext,
  actor: { admin: TUserRow; ip: string | null },
  paymentReference: string,
  input: { note: string },
): Promise<TPurchaseRefund> {
  try {
    return await transactionTellingPeople(ctx, async (trx) => {
      const payment = await lockPaymentForRefund(trx, paymentReference);
      if (!payment) throw notFound();
      if (payment.express_order_id !== null || payment.package_id === null)
        throw refusal('refund_not_package');
      if (payment.status !== 'completed') throw refusal('refund_not_completed');
      const live = await findLivePurchaseRefund(trx, payment.id);
      if (live) throw refusal(live.status === 'pending' ? 'refund_in_progress' : 'refund_twice');
      const provider = paymentProviders(ctx).byName(payment.provider);
      if (!provider) throw paymentsUnavailable();
      if (provider.refundable === false) throw notRefundable(provider.name);
      const pagesVoided =
        payment.grant_id === null ? 0 : await voidGrantRemaining(trx, payment.grant_id, ctx.now());
      notePersonChanged(trx, payment.user_id);
      const refund = await insertPurchaseRefund(trx, {
        reference: newRefundReference(),
        payment_id: payment.id,
        express_order_id: null,
        requested_by_user_id: actor.admin.id,
        note: input.note,
        amount_minor: payment.amount_minor,
        currency: payment.currency,
        reason: 'purchase_refunded',
        provider: payment.provider,
        provider_reference: null,
        failure_code: null,
        pages_voided: pagesVoided,
      });
      await recordAudit(trx, {
        actorUserId: actor.admin.id,
        action: 'payment.refunded',
        subject: ['payment', payment.id],
        details: {
          reference: payment.reference,
          refund: refund.reference,
          amount_minor: refund.amount_minor,
          currency: refund.currency,
          pages_voided: pagesVoided,
          note: input.note,
        },
        ip: actor.ip,
      });
      await enqueueJob(
        trx,
        PURCHASE_REFUND_JOB,
        { refundId: refund.id },
        { uniqueKey: `purchase-refund:${refund.id}` },
      );
      return presentPurchaseRefund(refund, payment.reference);
    });
  } catch (error) {
    // Two administrators at once: the payment lock makes the second wait and see the first's
    // refund; the unique index is the last word.
    if (isUniqueViolation(error)) throw refusal('refund_in_progress');
    throw error;
  }
}

/** A purchase's latest refund as administrators follow it (pending, succeeded or failed). */
export async function getPurchaseRefund(
  ctx: TAppContext,
  paymentReference: string,
): Promise<TPurchaseRefund> {
  const refund = await findPurchaseRefundByPayment(ctx.db, paymentReference);
  if (!refund) throw notFound();
  return presentPurchaseRefund(refund, refund.payment_reference);
}

/** A failed refund took no pages back in the end: they were given back. */
function presentPurchaseRefund(refund: TRefundRow, paymentReference: string): TPurchaseRefund {
  return {
    reference: refund.reference,
    payment_reference: paymentReference,
    amount_minor: refund.amount_minor,
    currency: refund.currency,
    status: refund.status,
    pages_voided: refund.status === 'failed' ? 0 : refund.pages_voided,
  };
}

async function queuePurchaseRefundMail(
  ctx: TAppContext,
  trx: TDb,
  refund: TRefundRow,
  purchase: Awaited<ReturnType<typeof findPurchaseForRefundMail>>,
): Promise<void> {
  // A deleted account is not written to.
  if (!purchase?.email || !purchase.locale) return;
  await enqueueJob(
    trx,
    SEND_MAIL_JOB,
    purchaseRefundMail(purchase.locale, purchase.email, {
      refundReference: refund.reference,
      paymentReference: purchase.reference,
      packageCode: purchase.package_code ?? '',
      amountMinor: refund.amount_minor,
      currency: refund.currency,
      link: `${ctx.config.publicUrl}/payments/${purchase.reference}`,
    }),
    { uniqueKey: `purchase-refund-mail:${refund.id}` },
  );
}

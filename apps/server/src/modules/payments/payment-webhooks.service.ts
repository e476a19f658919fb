import { ADD_CARD_BONUS_DAYS, ADD_CARD_BONUS_PAGES, type TLocale } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { transactionTellingPeople } from '../../realtime/person-changed';
import type { TDb } from '../../db/database';
import { AppError, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { enqueueJob } from '../jobs/queue';
import { SEND_MAIL_JOB } from '../mail/mail.jobs';
import { payerDeletedMail, paymentReceiptMail } from '../mail/mail.templates';
import { packageCodeOf } from '../packages/packages.service';
import { grantPages } from '../pages/pages-ledger.service';
import { creditReferrerAfterPurchase } from '../referrals/referrals.service';
import { WebhookRejected, type TProviderEvent } from './payment-provider';
import { paymentEventMismatch, transitionPayment } from './payment-status';
import {
  claimCardBonus,
  findGrantIdByReference,
  findUserEmailAndLocale,
  lockCardSetup,
  lockPaymentByReference,
  recordProviderEvent,
  setProviderEventOutcome,
  updateCardSetup,
  updatePayment,
  updatePaymentIfStatus,
  upsertSavedCard,
  type TPaymentRow,
} from './payments.repo';
import { paymentsUnavailable } from './payments.service';
import { purposeOf } from './payment-purposes';
import { paymentProviders } from './provider-registry';

const DAY_MS = 24 * 60 * 60 * 1000;

export type TWebhookOutcome =
  | 'duplicate'
  | 'unknown_reference'
  | 'completed'
  | 'failed'
  | 'processing'
  | 'unchanged'
  | 'amount_mismatch'
  | 'provider_reference_mismatch'
  | 'card_added'
  | 'card_added_no_bonus'
  | 'card_failed'
  | 'ignored';

/**
 * A provider's notification. Verified on the raw bytes first (nothing is recorded for a bad
 * one); then, in ONE transaction: the event id is recorded (unique), and only the first
 * delivery does the work. The amount credited is always the one stored with our payment.
 */
export async function handleProviderWebhook(
  ctx: TAppContext,
  providerName: string,
  rawBody: Buffer,
  headers: Readonly<Record<string, string | string[] | undefined>>,
): Promise<TWebhookOutcome> {
  const provider = paymentProviders(ctx).byName(providerName);
  if (!provider) throw notFound();
  const now = ctx.now();
  let event: TProviderEvent;
  try {
    event = provider.parseWebhook(rawBody, headers, now);
  } catch (error) {
    if (error instanceof WebhookRejected) {
      ctx.log.warn({ provider: providerName, reason: error.reason }, 'webhook rejected');
      throw new AppError(400, `webhook_${error.reason}`, 'payments.errors.webhook_rejected');
    }
    throw error;
  }
  if (event.kind === 'card' && provider.completeCardEvent) {
    try {
      event = await provider.completeCardEvent(event);
    } catch (error) {
      // Not recorded: the provider retries the notification later.
      ctx.log.warn({ err: error, provider: providerName }, 'card event could not be completed');
      throw paymentsUnavailable();
    }
  }
  // Pages granted (the purchase, a referrer's bonus, a card bonus) are noted by the ledger and
  // announced to the people's polls after the commit.
  const outcome = await transactionTellingPeople(ctx, async (trx) => {
    const eventRowId = await recordProviderEvent(trx, {
      provider: provider.name,
      event_id: event.eventId,
      kind: event.kind,
      reference: event.kind === 'ignored' ? null : event.reference,
      outcome: 'received',
    });
    if (eventRowId === undefined) return 'duplicate' as const;
    const result: TWebhookOutcome =
      event.kind === 'payment'
        ? await applyPaymentEvent(ctx, trx, provider.name, event, now)
        : event.kind === 'card'
          ? await applyCardEvent(trx, provider.name, event, now)
          : 'ignored';
    await setProviderEventOutcome(trx, eventRowId, result);
    return result;
  });
  if (outcome === 'completed') ctx.worker.kick();
  if (outcome === 'amount_mismatch')
    ctx.log.error({ provider: providerName, event: event.eventId }, 'payment amount mismatch');
  if (outcome === 'provider_reference_mismatch')
    ctx.log.error(
      { provider: providerName, event: event.eventId },
      'payment provider reference mismatch',
    );
  return outcome;
}

async function applyPaymentEvent(
  ctx: TAppContext,
  trx: TDb,
  providerName: string,
  event: Extract<TProviderEvent, { kind: 'payment' }>,
  now: Date,
): Promise<TWebhookOutcome> {
  const payment = await lockPaymentByReference(trx, providerName, event.reference);
  if (!payment) return 'unknown_reference';
  const transition = transitionPayment(
    payment.status,
    event.status,
    paymentEventMismatch(payment, event),
  );
  switch (transition.kind) {
    case 'stay':
      return transition.outcome;
    case 'flag':
      await updatePayment(trx, payment.id, { flag: transition.flag });
      return transition.flag;
    case 'move':
      if (transition.to === 'failed') {
        await writePaymentStatus(trx, payment, {
          status: transition.to,
          failure_code: event.failureCode ?? 'failed',
        });
        await purposeOf(payment)?.failed(ctx, trx, payment, now);
        return 'failed';
      }
      // A failed payment the provider later collects (a late transfer) still gets its pages.
      await completePayment(ctx, trx, payment, now);
      return 'completed';
  }
}

/** The payment is locked (FOR UPDATE), so its status cannot have changed since it was read. */
async function writePaymentStatus(
  trx: TDb,
  payment: TPaymentRow,
  values: Parameters<typeof updatePaymentIfStatus>[3],
): Promise<void> {
  if (!(await updatePaymentIfStatus(trx, payment.id, payment.status, values)))
    throw new Error(`payment ${payment.reference} changed while locked`);
}

async function completePayment(
  ctx: TAppContext,
  trx: TDb,
  payment: TPaymentRow,
  now: Date,
): Promise<void> {
  const receiptNumber = `R-${now.getUTCFullYear()}-${String(payment.id).padStart(6, '0')}`;
  const purpose = purposeOf(payment);
  if (purpose) {
    // Not a package: no pages; what was bought reacts (and mails its own receipt).
    await writePaymentStatus(trx, payment, {
      status: 'completed',
      completed_at: now,
      receipt_number: receiptNumber,
      failure_code: null,
    });
    await purpose.completed(ctx, trx, payment, now);
    return;
  }
  const packageId = payment.package_id;
  // Every payment buys a package or an order: one naming neither is never credited.
  if (packageId === null) throw new Error(`payment ${payment.reference} buys nothing`);
  const expiresAt = new Date(now.getTime() + payment.validity_days * DAY_MS);
  if (payment.user_id === null) {
    // The payer deleted their account meanwhile (an admin deleted it, or the provider confirmed a
    // checkout after it was abandoned): the money record is kept and nobody can be credited, so
    // the team is told to refund it, in the audit log and by mail (once per payment).
    await writePaymentStatus(trx, payment, {
      status: 'completed',
      completed_at: now,
      receipt_number: receiptNumber,
      flag: 'payer_deleted',
    });
    await recordAudit(trx, {
      actorUserId: null,
      action: 'payment.payer_deleted',
      subject: ['payment', payment.id],
      details: {
        reference: payment.reference,
        amount_minor: payment.amount_minor,
        currency: payment.currency,
        refund_needed: true,
      },
    });
    await enqueueJob(
      trx,
      SEND_MAIL_JOB,
      payerDeletedMail(ctx.config.teamEmail, {
        reference: payment.reference,
        provider: payment.provider,
        providerReference: payment.provider_reference,
        receiptNumber,
        amountMinor: payment.amount_minor,
        currency: payment.currency,
        paidAt: now,
      }),
      { uniqueKey: `payer-deleted:${payment.reference}` },
    );
    return;
  }
  await grantPages(
    trx,
    {
      userId: payment.user_id,
      source: 'package',
      pages: payment.pages,
      validDays: payment.validity_days,
      reference: payment.reference,
    },
    now,
  );
  const grantId = await findGrantIdByReference(trx, payment.user_id, 'package', payment.reference);
  await writePaymentStatus(trx, payment, {
    status: 'completed',
    completed_at: now,
    grant_id: grantId ?? null,
    pages_expire_at: expiresAt,
    receipt_number: receiptNumber,
    failure_code: null,
  });
  await creditReferrerAfterPurchase(trx, payment.user_id, now);
  const user = await findUserEmailAndLocale(trx, payment.user_id);
  const locale: TLocale = user?.locale ?? payment.locale;
  await enqueueJob(
    trx,
    SEND_MAIL_JOB,
    paymentReceiptMail(locale, user?.email ?? payment.payer_email, {
      receiptNumber,
      reference: payment.reference,
      packageCode: await packageCodeOf(trx, packageId),
      pages: payment.pages,
      amountMinor: payment.amount_minor,
      currency: payment.currency,
      paidAt: now,
      expiresAt,
      link: `${ctx.config.publicUrl}/payments/${payment.reference}`,
    }),
    { uniqueKey: `receipt:${payment.reference}` },
  );
}

async function applyCardEvent(
  trx: TDb,
  providerName: string,
  event: Extract<TProviderEvent, { kind: 'card' }>,
  now: Date,
): Promise<TWebhookOutcome> {
  const setup = await lockCardSetup(trx, providerName, event.reference);
  if (!setup) return 'unknown_reference';
  // Added is final. A failed setup may still be added later: on a provider's hosted page the
  // person can try another card after a refused one (Stripe: setup_failed, then succeeded).
  if (setup.status === 'added') return 'unchanged';
  if (event.status === 'failed' || !event.fingerprint) {
    if (setup.status !== 'pending') return 'unchanged';
    await updateCardSetup(trx, setup.id, { status: 'failed' });
    return 'card_failed';
  }
  const savedCardId = await upsertSavedCard(trx, {
    user_id: setup.user_id,
    provider: providerName,
    fingerprint: event.fingerprint,
    brand: event.brand ?? 'card',
    last4: event.last4 ?? '',
  });
  const won = await claimCardBonus(trx, {
    user_id: setup.user_id,
    fingerprint: `${providerName}:${event.fingerprint}`,
    pages: ADD_CARD_BONUS_PAGES,
  });
  if (won) {
    await grantPages(
      trx,
      {
        userId: setup.user_id,
        source: 'card_bonus',
        pages: ADD_CARD_BONUS_PAGES,
        validDays: ADD_CARD_BONUS_DAYS,
        reference: setup.reference,
      },
      now,
    );
  }
  await updateCardSetup(trx, setup.id, {
    status: 'added',
    saved_card_id: savedCardId,
    bonus_pages: won ? ADD_CARD_BONUS_PAGES : 0,
    bonus_expires_at: won ? new Date(now.getTime() + ADD_CARD_BONUS_DAYS * DAY_MS) : null,
  });
  return won ? 'card_added' : 'card_added_no_bonus';
}

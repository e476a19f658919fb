import { randomBytes } from 'node:crypto';
import { createTranslator, formatDateTime, formatMoney } from '@printomat/shared';
import { z } from 'zod';
import type { TAppContext } from '../../context';
import { transactionTellingPeople } from '../../realtime/person-changed';
import type { TDb } from '../../db/database';
import { recordAudit } from '../audit/audit.service';
import { enqueueJob, type TJobRun, type TJobType } from '../jobs/queue';
import { SEND_MAIL_JOB } from '../mail/mail.jobs';
import { escapeHtml } from '../mail/mail.templates';
import { ProviderUnavailable, type TRefundResult } from './payment-provider';
import { paymentProviders } from './provider-registry';
import {
  findPaymentReference,
  findRefundForProvider,
  lockRefund,
  updateRefund,
  type TRefundRow,
} from './refunds.repo';

// Asking the provider to pay money back, for every kind of refund (an express order's, a package
// purchase's): idempotent on the refund's reference, retried while the provider is down (and
// asked again later, never failed, when it stays down), a pending answer (bank transfers) asked
// about again later. What follows a refund that succeeded (a mail, a correcting invoice) or that
// the provider refused (pages given back) belongs to its kind.

export const newRefundReference = () => `re_${randomBytes(16).toString('base64url')}`;

/** The payload of every refund job: the refund row to ask the provider about. */
export const ZRefundJobPayload = z.object({ refundId: z.number().int().positive() });

/** One kind of refund: the job that runs it and what follows the provider's last word. */
export interface TRefundKind {
  /** The queue job whose handler calls `processRefund` with this kind (retries, rechecks). */
  job: TJobType<typeof ZRefundJobPayload> & { maxAttempts: number };
  /** The unique key prefix of its rechecks (`<prefix>:<refund id>:check:<attempts>`). */
  recheckKeyPrefix: string;
  /** Whether a refund row is of this kind (a job never runs another kind's hook). */
  owns(refund: Pick<TRefundRow, 'express_order_id'>): boolean;
  /** In the transaction that records the provider's "succeeded" (the refund row is locked). */
  succeeded(ctx: TAppContext, trx: TDb, refund: TRefundRow, now: Date): Promise<void>;
  /**
   * In the transaction that records the provider's definite "failed" (the refund row is locked;
   * never for a provider that could not be reached); optional.
   */
  failed?(ctx: TAppContext, trx: TDb, refund: TRefundRow, now: Date): Promise<void>;
}

/**
 * When a refund the provider answered `pending` (bank transfers take days) is asked about again:
 * 10 minutes after the first answer, then twice as long each time, at most every 6 hours.
 */
export function refundRecheckDelayMs(attempts: number): number {
  return Math.min(10 * 60_000 * 2 ** Math.max(0, Math.min(attempts - 1, 10)), 6 * 3_600_000);
}

/**
 * When a refund the provider could not be reached for is asked again: as long after as the
 * refund is old, so the waits double (5 minutes after the first ~4-minute round of retries, then
 * about 10, 20, 40 …), at most every 6 hours.
 */
export function refundOutageRecheckDelayMs(ageMs: number): number {
  return Math.min(Math.max(ageMs, 5 * 60_000), 6 * 3_600_000);
}

/** A refund whose provider is still unreachable this long after it was asked: the team is told. */
export const REFUND_STUCK_AFTER_MS = 48 * 3_600_000;

/** A refund the provider cannot be reached for: what is told about it (the last error). */
type TUnreachable = { unreachable: string };

/**
 * The queued refund call: asks the provider (idempotent on the refund's reference, so a retry
 * after a lost answer never pays twice), then records the answer. A provider that is down is
 * retried by the queue with backoff. After the last attempt the refund is NOT failed: the first
 * call may have reached the provider and its answer been lost, so the money may be on its way.
 * It stays pending and is asked again later with the same reference (waits growing to 6 hours);
 * after 48 hours the team is mailed once. Only the provider's definite "failed" fails it.
 */
export async function processRefund(
  ctx: TAppContext,
  refundId: number,
  run: Pick<TJobRun, 'attempt'> & { maxAttempts?: number },
  kind: TRefundKind,
): Promise<void> {
  const refund = await findRefundForProvider(ctx.db, refundId);
  if (!refund || refund.status !== 'pending') return;
  if (!kind.owns(refund)) throw new Error(`refund ${refundId} is not a ${kind.job.name} refund`);
  const provider = paymentProviders(ctx).byName(refund.provider);
  let result: TRefundResult;
  try {
    if (!provider) throw new ProviderUnavailable(`provider ${refund.provider} not configured`);
    if (!refund.payment_provider_reference)
      result = { providerReference: null, status: 'failed', failureCode: 'payment_not_found' };
    else if (refund.provider_reference && provider.refundStatus)
      result = await provider.refundStatus(refund.provider_reference);
    else
      result = await provider.refund({
        reference: refund.reference,
        paymentReference: refund.payment_reference,
        paymentProviderReference: refund.payment_provider_reference,
        amountMinor: refund.amount_minor,
        currency: refund.currency,
      });
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    const lastAttempt = run.attempt >= (run.maxAttempts ?? kind.job.maxAttempts);
    ctx.log.warn({ err: error, refundId, attempt: run.attempt }, 'refund call failed');
    await recordRefundOutcome(
      ctx,
      refundId,
      lastAttempt ? { unreachable: error.message } : null,
      kind,
    );
    if (!lastAttempt) throw error;
    return;
  }
  await recordRefundOutcome(ctx, refundId, result, kind);
}

/**
 * Writes the provider's answer once (the refund row is locked; an answer for a refund that is no
 * longer pending changes nothing). Succeeded or failed: the kind's hook runs in the same
 * transaction. Pending, or the provider unreachable after the job's last attempt: the refund stays
 * pending and a later check is queued in the same transaction.
 * `null`: only count the attempt (the queue retries).
 */
async function recordRefundOutcome(
  ctx: TAppContext,
  refundId: number,
  result: TRefundResult | TUnreachable | null,
  kind: TRefundKind,
): Promise<void> {
  const now = ctx.now();
  // A purchase refund that failed gives the pages back (noted for the payer's polls).
  await transactionTellingPeople(ctx, async (trx) => {
    const refund = await lockRefund(trx, refundId);
    if (!refund || refund.status !== 'pending') return;
    const attempts = refund.attempts + 1;
    if (!result) {
      await updateRefund(trx, refund.id, { attempts });
      return;
    }
    if ('unreachable' in result || result.status === 'pending') {
      await keepPending(ctx, trx, { ...refund, attempts }, result, kind, now);
      return;
    }
    const changes = {
      attempts,
      status: result.status,
      provider_reference: result.providerReference ?? refund.provider_reference,
      failure_code: result.status === 'failed' ? (result.failureCode ?? 'failed') : null,
      completed_at: now,
    };
    await updateRefund(trx, refund.id, changes);
    await recordAudit(trx, {
      actorUserId: null,
      action: `refund.${result.status}`,
      subject:
        refund.express_order_id === null
          ? ['payment', refund.payment_id]
          : ['express_order', refund.express_order_id],
      details: {
        reference: refund.reference,
        amount_minor: refund.amount_minor,
        reason: refund.reason,
        ...(result.failureCode ? { failure_code: result.failureCode } : {}),
      },
    });
    if (result.status === 'succeeded')
      await kind.succeeded(ctx, trx, { ...refund, ...changes }, now);
    else await kind.failed?.(ctx, trx, { ...refund, ...changes }, now);
  });
}

/**
 * The provider answered "pending" (asked again 10 minutes on, doubling), or could not be reached
 * on the job's last attempt (asked again as long after as the refund is old, doubling; the team
 * is mailed once after 48 hours): the refund stays pending (its attempts counted), and the later
 * check is queued. It asks with the same reference, so a refund the provider did take is never
 * paid twice.
 */
async function keepPending(
  ctx: TAppContext,
  trx: TDb,
  refund: TRefundRow,
  result: TRefundResult | TUnreachable,
  kind: TRefundKind,
  now: Date,
): Promise<void> {
  const providerReference = 'unreachable' in result ? null : result.providerReference;
  await updateRefund(trx, refund.id, {
    attempts: refund.attempts,
    provider_reference: providerReference ?? refund.provider_reference,
  });
  const ageMs = now.getTime() - refund.created_at.getTime();
  const delayMs =
    'unreachable' in result
      ? refundOutageRecheckDelayMs(ageMs)
      : refundRecheckDelayMs(refund.attempts);
  await enqueueJob(
    trx,
    kind.job,
    { refundId: refund.id },
    {
      runAt: new Date(now.getTime() + delayMs),
      uniqueKey: `${kind.recheckKeyPrefix}:${refund.id}:check:${refund.attempts}`,
    },
  );
  if ('unreachable' in result && ageMs >= REFUND_STUCK_AFTER_MS)
    await queueStuckRefundMail(ctx, trx, refund, result.unreachable);
}

/**
 * Tells the team (TEAM_EMAIL, in English like its other alerts) once that a refund has waited
 * for an unreachable provider since long ago; it stays pending, so administrators see it.
 */
async function queueStuckRefundMail(
  ctx: TAppContext,
  trx: TDb,
  refund: TRefundRow,
  error: string,
): Promise<void> {
  const payment = await findPaymentReference(trx, refund.payment_id);
  const t = createTranslator('en');
  const amount = formatMoney('en', refund.amount_minor, refund.currency);
  const values = {
    reference: refund.reference,
    payment: payment ?? '—',
    amount,
    provider: refund.provider,
    asked_at: formatDateTime('en', refund.created_at, 'Europe/Warsaw'),
    attempts: refund.attempts,
    error,
  };
  const paragraphs = [
    t('mail.greeting'),
    t('payments.refund_stuck_mail.body', values),
    t('payments.refund_stuck_mail.action', values),
    t('mail.signature'),
  ];
  await enqueueJob(
    trx,
    SEND_MAIL_JOB,
    {
      to: ctx.config.teamEmail,
      subject: t('payments.refund_stuck_mail.subject', values),
      text: paragraphs.join('\n\n'),
      html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1d2433">${paragraphs
        .map((p) => `<p>${escapeHtml(p)}</p>`)
        .join('')}</body></html>`,
    },
    { uniqueKey: `refund-stuck-mail:${refund.id}` },
  );
}

import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import { recordAudit } from '../audit/audit.service';
import { enqueueJob, type TJobRun, type TJobType } from '../jobs/queue';
import { ProviderUnavailable, type TRefundResult } from './payment-provider';
import { paymentProviders } from './provider-registry';
import { findRefundForProvider, lockRefund, updateRefund, type TRefundRow } from './refunds.repo';

// Asking the provider to pay money back, for every kind of refund (an express order's, a package
// purchase's): idempotent on the refund's reference, retried while the provider is down, a
// pending answer (bank transfers) asked about again later. What follows a refund that succeeded
// (a mail, a correcting invoice) or failed (pages given back) belongs to its kind.

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
  /** In the transaction that records "failed" (the refund row is locked); optional. */
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
 * The queued refund call: asks the provider (idempotent on the refund's reference, so a retry
 * after a lost answer never pays twice), then records the answer. A provider that is down is
 * retried by the queue with backoff; after the last attempt the refund is marked failed for an
 * administrator, unless the provider already took it (it has a provider reference: the money
 * may still go back), which stays pending and is asked about again later, like a pending answer
 * (bank transfer).
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
    await recordRefundOutcome(ctx, refundId, lastAttempt ? gaveUp(refund) : null, kind);
    if (!lastAttempt) throw error;
    return;
  }
  await recordRefundOutcome(ctx, refundId, result, kind);
}

/**
 * The provider stayed down for every attempt. A refund it never took is failed; one it took (a
 * provider reference) is not known to have failed: kept pending and asked about again later.
 */
function gaveUp(refund: Pick<TRefundRow, 'provider_reference'>): TRefundResult {
  return refund.provider_reference
    ? { providerReference: refund.provider_reference, status: 'pending' }
    : { providerReference: null, status: 'failed', failureCode: 'provider_unavailable' };
}

/**
 * Writes the provider's answer once (the refund row is locked; an answer for a refund that is no
 * longer pending changes nothing). Succeeded or failed: the kind's hook runs in the same
 * transaction.
 * `null`: only count the attempt.
 */
async function recordRefundOutcome(
  ctx: TAppContext,
  refundId: number,
  result: TRefundResult | null,
  kind: TRefundKind,
): Promise<void> {
  const now = ctx.now();
  const recheck = await ctx.db.transaction().execute(async (trx) => {
    const refund = await lockRefund(trx, refundId);
    if (!refund || refund.status !== 'pending') return false;
    const attempts = refund.attempts + 1;
    if (!result || result.status === 'pending') {
      await updateRefund(trx, refund.id, {
        attempts,
        provider_reference: result?.providerReference ?? refund.provider_reference,
      });
      return result?.status === 'pending';
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
    return false;
  });
  if (recheck) {
    const refund = await findRefundForProvider(ctx.db, refundId);
    await enqueueJob(
      ctx.db,
      kind.job,
      { refundId },
      {
        runAt: new Date(now.getTime() + refundRecheckDelayMs(refund?.attempts ?? 1)),
        uniqueKey: `${kind.recheckKeyPrefix}:${refundId}:check:${refund?.attempts ?? 0}`,
      },
    );
  }
}

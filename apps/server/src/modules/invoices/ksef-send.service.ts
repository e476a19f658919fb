import { z } from 'zod';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import { AppError, notFound } from '../../http/errors';
import { enqueueJob, type TJobType } from '../jobs/queue';
import { SEND_MAIL_JOB } from '../mail/mail.jobs';
import { createKsefClient } from './ksef/create-ksef-client';
import { ksefAlertMail } from './ksef/ksef-alert-mail';
import {
  KsefAuthFailed,
  KsefUnavailable,
  type TKsefClient,
  type TKsefResult,
} from './ksef/ksef-client';
import {
  findKsefInvoice,
  markAccepted,
  markEnded,
  markProcessing,
  markSending,
  markWaiting,
  resetForResend,
  type TKsefInvoice,
} from './ksef/ksef.repo';

// Sending issued invoices to KSeF (issue 15 point 6, docs/ksef.md). One job kind, 'ksef-send':
// a waiting invoice is sent; one KSeF is still checking is only asked about; an accepted,
// rejected or failed one is left alone (a job delivered twice does nothing). KSeF being
// unreachable or busy is tried again later, as KSeF's Retry-After asks or with a growing
// wait, at most KSEF_MAX_TRIES times per round; then the invoice is 'failed'. Rejected and
// failed invoices are mailed to the team and wait for an admin's resend (a new round).

/** Job runs (sends and status questions) per round before the invoice counts as failed. */
export const KSEF_MAX_TRIES = 8;
/** The first wait before trying again; doubled each time, at most KSEF_MAX_WAIT_MS. */
const KSEF_FIRST_WAIT_MS = 30_000;
const KSEF_MAX_WAIT_MS = 3_600_000;

export const KSEF_SEND_JOB = {
  name: 'ksef-send',
  schema: z.object({
    invoiceId: z.number().int().positive(),
    /** This run's number in the round (1 = the first). */
    try: z.number().int().min(1).default(1),
  }),
  maxAttempts: 5,
} satisfies TJobType<z.ZodType>;

/** The wait before run `nextTry` (2, 3, …): KSeF's Retry-After when it gave one. */
export function ksefRetryDelayMs(nextTry: number, retryAfterSeconds?: number): number {
  if (retryAfterSeconds !== undefined) return Math.max(1, retryAfterSeconds) * 1_000;
  return Math.min(KSEF_FIRST_WAIT_MS * 2 ** Math.max(0, nextTry - 2), KSEF_MAX_WAIT_MS);
}

async function queueRun(
  db: TDb,
  invoiceId: number,
  attempts: number,
  tryNumber: number,
  runAt?: Date,
): Promise<void> {
  // One job per invoice, send attempt and run: a resend never collides with an earlier round.
  await enqueueJob(
    db,
    KSEF_SEND_JOB,
    { invoiceId, try: tryNumber },
    { uniqueKey: `ksef-send:${invoiceId}:${attempts}:${tryNumber}`, ...(runAt ? { runAt } : {}) },
  );
}

/** Queues sending an invoice just issued (in the issuing transaction). */
export async function queueKsefSend(trx: TDb, invoiceId: number): Promise<void> {
  await queueRun(trx, invoiceId, 0, 1);
}

/** An admin sends a rejected or failed invoice again (POST /api/admin/invoices/:id/resend). */
export async function resendToKsef(ctx: TAppContext, invoiceId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const attempts = await resetForResend(trx, invoiceId, ctx.now());
    if (attempts === null) {
      const invoice = await findKsefInvoice(trx, invoiceId);
      if (!invoice) throw notFound();
      if (invoice.ksef_status === 'accepted')
        throw new AppError(409, 'already_accepted', 'invoices.errors.already_accepted');
      throw new AppError(409, 'not_resendable', 'invoices.errors.not_resendable');
    }
    await queueRun(trx, invoiceId, attempts, 1);
  });
  ctx.worker.kick();
}

async function end(
  ctx: TAppContext,
  invoice: TKsefInvoice,
  status: 'rejected' | 'failed',
  r: { sessionReference: string | null; invoiceReference: string | null; error: string },
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await markEnded(trx, invoice.id, status, r, ctx.now()))) return;
    const attempts = (await findKsefInvoice(trx, invoice.id))?.ksef_attempts ?? 0;
    await enqueueJob(
      trx,
      SEND_MAIL_JOB,
      ksefAlertMail(ctx.config.teamEmail, {
        number: invoice.number,
        status,
        attempts,
        reason: r.error,
      }),
      { uniqueKey: `ksef-alert:${invoice.id}:${attempts}:${status}` },
    );
  });
  ctx.worker.kick();
}

async function record(
  ctx: TAppContext,
  invoice: TKsefInvoice,
  tryNumber: number,
  result: TKsefResult,
): Promise<void> {
  const now = ctx.now();
  switch (result.outcome) {
    case 'accepted':
      await markAccepted(ctx.db, invoice.id, result, now);
      return;
    case 'rejected':
      await end(ctx, invoice, 'rejected', { ...result, error: result.reason });
      return;
    case 'processing': {
      if (tryNumber >= KSEF_MAX_TRIES) {
        await end(ctx, invoice, 'failed', {
          ...result,
          error: `KSeF had not finished checking the invoice after ${tryNumber} questions (reference ${result.invoiceReference})`,
        });
        return;
      }
      await ctx.db.transaction().execute(async (trx) => {
        await markProcessing(trx, invoice.id, result, now);
        const attempts = (await findKsefInvoice(trx, invoice.id))?.ksef_attempts ?? 0;
        const runAt = new Date(now.getTime() + ksefRetryDelayMs(tryNumber + 1));
        await queueRun(trx, invoice.id, attempts, tryNumber + 1, runAt);
      });
      return;
    }
  }
}

/** KSeF could not be asked: try again later, or give up after the round's last try. */
async function retryLater(
  ctx: TAppContext,
  invoice: TKsefInvoice,
  tryNumber: number,
  err: unknown,
): Promise<void> {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof KsefAuthFailed || tryNumber >= KSEF_MAX_TRIES) {
    await end(ctx, invoice, 'failed', {
      sessionReference: null,
      invoiceReference: null,
      error:
        err instanceof KsefAuthFailed ? message : `${message} (gave up after ${tryNumber} tries)`,
    });
    return;
  }
  const now = ctx.now();
  const retryAfter = err instanceof KsefUnavailable ? err.retryAfterSeconds : undefined;
  await ctx.db.transaction().execute(async (trx) => {
    await markWaiting(trx, invoice.id, message, now);
    const attempts = (await findKsefInvoice(trx, invoice.id))?.ksef_attempts ?? 0;
    const runAt = new Date(now.getTime() + ksefRetryDelayMs(tryNumber + 1, retryAfter));
    await queueRun(trx, invoice.id, attempts, tryNumber + 1, runAt);
  });
}

async function runKsefSend(
  ctx: TAppContext,
  client: TKsefClient,
  invoiceId: number,
  tryNumber: number,
): Promise<void> {
  const invoice = await findKsefInvoice(ctx.db, invoiceId);
  if (!invoice || !['pending', 'sending'].includes(invoice.ksef_status)) return;
  let result: TKsefResult;
  try {
    if (invoice.ksef_session_reference && invoice.ksef_reference) {
      // KSeF has it: asking again, never sending twice.
      result = await client.status(invoice.ksef_session_reference, invoice.ksef_reference);
    } else {
      if ((await markSending(ctx.db, invoice.id, ctx.now())) === null) return;
      result = await client.send({ invoiceNumber: invoice.number, xml: invoice.xml });
    }
  } catch (err) {
    await retryLater(ctx, invoice, tryNumber, err);
    return;
  }
  await record(ctx, invoice, tryNumber, result);
}

/** Registers the KSeF sending job; the client is the one the settings choose (KSEF_MODE). */
export function registerKsefWork(ctx: TAppContext): void {
  const client = createKsefClient(ctx.config, ctx.now);
  ctx.worker.register(KSEF_SEND_JOB, ({ invoiceId, try: tryNumber }) =>
    runKsefSend(ctx, client, invoiceId, tryNumber),
  );
}

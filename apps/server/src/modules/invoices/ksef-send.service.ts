import { z } from 'zod';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import { AppError, notFound } from '../../http/errors';
import { enqueueJob, type TJobType } from '../jobs/queue';
import { registerRecurringTask, startRecurringTask, type TRecurringTask } from '../jobs/recurring';
import { SEND_MAIL_JOB } from '../mail/mail.jobs';
import { createKsefClient } from './ksef/create-ksef-client';
import { ksefAlertMail } from './ksef/ksef-alert-mail';
import {
  KsefAuthFailed,
  KsefSubmissionUnknown,
  KsefUnavailable,
  type TKsefClient,
  type TKsefResult,
} from './ksef/ksef-client';
import {
  findKsefInvoice,
  findStuckInvoices,
  forgetSubmission,
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
// Never sent twice: the references KSeF gives are stored the moment it takes the invoice, and
// an invoice with references is only asked about (also on an admin's resend of a failed one).
// A try whose answer was lost (a crash between sending and storing) is sent again; KSeF
// answers "duplicate" and the client takes the original's KSeF number. A sweep queues again
// invoices whose job is gone (it used its attempts, or was lost).

/** Job runs (sends and status questions) per round before the invoice counts as failed. */
export const KSEF_MAX_TRIES = 8;
/** The first wait before trying again; doubled each time, at most KSEF_MAX_WAIT_MS. */
const KSEF_FIRST_WAIT_MS = 30_000;
const KSEF_MAX_WAIT_MS = 3_600_000;
/** How often the sweep looks for invoices whose sending stopped. */
export const KSEF_SWEEP_EVERY_MS = 10 * 60_000;
/** An invoice waiting or being sent, untouched this long and with no job, is queued again. */
export const KSEF_STUCK_AFTER_MS = 30 * 60_000;
const KSEF_SWEEP_TASK = 'ksef-sweep';

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
  keySuffix = '',
): Promise<void> {
  // One job per invoice, send attempt and run: a resend never collides with an earlier round.
  await enqueueJob(
    db,
    KSEF_SEND_JOB,
    { invoiceId, try: tryNumber },
    {
      uniqueKey: `ksef-send:${invoiceId}:${attempts}:${tryNumber}${keySuffix}`,
      ...(runAt ? { runAt } : {}),
    },
  );
}

/** Queues sending an invoice just issued (in the issuing transaction). */
export async function queueKsefSend(trx: TDb, invoiceId: number): Promise<void> {
  await queueRun(trx, invoiceId, 0, 1);
}

/**
 * An admin sends a rejected or failed invoice again (POST /api/admin/invoices/:id/resend). A
 * failed one KSeF has (references stored) is only asked about again, never sent twice.
 */
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
      if (result.note) ctx.log.warn({ invoice: invoice.number }, result.note);
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
  const now = ctx.now();
  if (
    err instanceof KsefSubmissionUnknown &&
    invoice.ksef_session_reference &&
    invoice.ksef_reference
  )
    // Nothing there to ask about: the next try sends it (a duplicate maps to the original).
    await forgetSubmission(
      ctx.db,
      invoice.id,
      {
        sessionReference: invoice.ksef_session_reference,
        invoiceReference: invoice.ksef_reference,
      },
      message,
      now,
    );
  if (err instanceof KsefAuthFailed || tryNumber >= KSEF_MAX_TRIES) {
    await end(ctx, invoice, 'failed', {
      sessionReference: null,
      invoiceReference: null,
      error:
        err instanceof KsefAuthFailed ? message : `${message} (gave up after ${tryNumber} tries)`,
    });
    return;
  }
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
      result = await client.send({
        invoiceNumber: invoice.number,
        xml: invoice.xml,
        // Committed before KSeF is asked anything: from now on the invoice is only asked about.
        onSent: (refs) => markProcessing(ctx.db, invoice.id, refs, ctx.now()),
      });
    }
  } catch (err) {
    await retryLater(ctx, invoice, tryNumber, err);
    return;
  }
  await record(ctx, invoice, tryNumber, result);
}

/**
 * Queues again the invoices whose sending stopped: waiting or being sent, untouched for
 * KSEF_STUCK_AFTER_MS, with no 'ksef-send' job left to run (it used its attempts on errors,
 * or lost its lease on the last one). A new round starts; the invoice's references, if any,
 * are kept, so it is only asked about. Returns the invoices queued.
 */
export async function sweepStuckKsefInvoices(ctx: TAppContext, at = ctx.now()): Promise<number[]> {
  const stuck = await findStuckInvoices(
    ctx.db,
    KSEF_SEND_JOB.name,
    new Date(at.getTime() - KSEF_STUCK_AFTER_MS),
  );
  for (const invoice of stuck) {
    await queueRun(
      ctx.db,
      invoice.id,
      invoice.ksef_attempts,
      1,
      undefined,
      `:sweep:${at.getTime()}`,
    );
    ctx.log.warn({ invoiceId: invoice.id }, 'KSeF sending had stopped: queued again');
  }
  if (stuck.length > 0) ctx.worker.kick();
  return stuck.map((i) => i.id);
}

function ksefSweepTask(ctx: TAppContext): TRecurringTask {
  return {
    name: KSEF_SWEEP_TASK,
    everyMs: KSEF_SWEEP_EVERY_MS,
    run: async () => {
      await sweepStuckKsefInvoices(ctx);
    },
  };
}

/** Registers the KSeF sending job; the client is the one the settings choose (KSEF_MODE). */
export function registerKsefWork(ctx: TAppContext): void {
  const client = createKsefClient(ctx.config, ctx.now);
  ctx.worker.register(KSEF_SEND_JOB, ({ invoiceId, try: tryNumber }) =>
    runKsefSend(ctx, client, invoiceId, tryNumber),
  );
  registerRecurringTask(ctx, ksefSweepTask(ctx));
}

/** Starts the sweep of invoices whose sending stopped (the server's start; every instance). */
export function startKsefSweep(ctx: TAppContext): Promise<void> {
  return startRecurringTask(ctx, ksefSweepTask(ctx));
}

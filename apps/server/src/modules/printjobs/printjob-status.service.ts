import { transitionPrintjob, type TPrintjobEvent } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import type { TPrintjobRow, TPrintjobsTable } from '../../db/schema';
import type { Updateable } from 'kysely';
import { AppError } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import {
  effectsOfStatusChange,
  withPrintjobTransaction,
  type PrintjobEffects,
  type TPrintjobChangeSource,
} from './printjob-effects';
import { markPrintingStarted, updatePrintjobIfStatus } from './printjobs.repo';

/**
 * The only writer of printjobs.status: the shared transition function decides, the UPDATE only
 * applies if nobody changed the job meanwhile, and an audit row is written in the same transaction.
 * What the change means for others (the owner's pages, the printer's agent) goes into `effects`,
 * which `withPrintjobTransaction` runs after commit: callers never publish themselves.
 */
export async function changePrintjobStatus(
  db: TDb,
  effects: PrintjobEffects,
  job: TPrintjobRow,
  event: TPrintjobEvent,
  actor: { userId: number | null; source: TPrintjobChangeSource },
  extra: Updateable<TPrintjobsTable> = {},
): Promise<TPrintjobRow> {
  const transition = transitionPrintjob(job.status, event);
  if (!transition.ok)
    throw new AppError(409, transition.error, `printjobs.errors.${transition.error}`);
  const updated = await updatePrintjobIfStatus(db, job.id, job.status, {
    ...extra,
    status: transition.to,
    updated_at: new Date(),
  });
  if (!updated) throw new AppError(409, 'invalid_state', 'printjobs.errors.invalid_state');
  await recordAudit(db, {
    actorUserId: actor.userId,
    action: `printjob.${event}`,
    subject: ['printjob', job.id],
    details: { from: transition.from, to: transition.to, by: actor.source },
  });
  effects.add(...effectsOfStatusChange(job, updated, actor.source));
  return updated;
}

/**
 * The printer reported the job's first document: the owner's screen turns to "printing". Stamps
 * `printing_started_at` once, only while the job is scheduled (a repeated or late report changes
 * nothing and tells nobody). Not audited: it is no status change, and the job's end is.
 */
export function markPrintjobPrintingStarted(
  ctx: TAppContext,
  jobId: number,
): Promise<TPrintjobRow | undefined> {
  return withPrintjobTransaction(ctx, async (trx, effects) => {
    const updated = await markPrintingStarted(trx, jobId, ctx.now());
    if (updated) effects.add({ kind: 'printjob_changed', job: updated });
    return updated;
  });
}

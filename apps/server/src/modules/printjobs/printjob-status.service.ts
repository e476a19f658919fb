import { transitionPrintjob, type TPrintjobEvent } from '@printomat/shared';
import type { TDb } from '../../db/database';
import type { TPrintjobRow, TPrintjobsTable } from '../../db/schema';
import type { Updateable } from 'kysely';
import { AppError } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { updatePrintjobIfStatus } from './printjobs.repo';

/**
 * The only writer of printjobs.status: the shared transition function decides, the UPDATE only
 * applies if nobody changed the job meanwhile, and an audit row is written in the same transaction.
 */
export async function changePrintjobStatus(
  db: TDb,
  job: TPrintjobRow,
  event: TPrintjobEvent,
  actor: { userId: number | null; source: 'user' | 'admin' | 'printer' },
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
  return updated;
}

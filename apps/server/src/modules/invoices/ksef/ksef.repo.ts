import { sql } from 'kysely';
import type { TDb } from '../../../db/database';
import type { TKsefStatus } from '../../../db/schema';

// The KSeF columns of an invoice (issue 15 point 6). Every change is conditional on the state
// it expects, so a job run twice, or an admin's resend racing a job, changes nothing the second
// time.

export interface TKsefInvoice {
  id: number;
  number: string;
  xml: string;
  ksef_status: TKsefStatus;
  ksef_attempts: number;
  ksef_session_reference: string | null;
  ksef_reference: string | null;
}

export async function findKsefInvoice(db: TDb, id: number): Promise<TKsefInvoice | undefined> {
  return db
    .selectFrom('invoices')
    .select([
      'id',
      'number',
      'xml',
      'ksef_status',
      'ksef_attempts',
      'ksef_session_reference',
      'ksef_reference',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** An invoice about to be sent: 'sending', one more attempt. Null when it was not waiting. */
export async function markSending(db: TDb, id: number, now: Date): Promise<number | null> {
  const row = await db
    .updateTable('invoices')
    .set((eb) => ({
      ksef_status: 'sending',
      ksef_attempts: eb('ksef_attempts', '+', 1),
      ksef_sent_at: now,
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('ksef_status', 'in', ['pending', 'sending'])
    .where('ksef_reference', 'is', null)
    .returning('ksef_attempts')
    .executeTakeFirst();
  return row?.ksef_attempts ?? null;
}

export async function markAccepted(
  db: TDb,
  id: number,
  r: {
    sessionReference: string;
    invoiceReference: string;
    ksefNumber: string;
    upo: string | null;
    note?: string;
  },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('invoices')
    .set({
      ksef_status: 'accepted',
      ksef_session_reference: r.sessionReference,
      ksef_reference: r.invoiceReference,
      ksef_number: r.ksefNumber,
      ksef_upo: r.upo,
      ksef_error: r.note ?? null,
      ksef_accepted_at: now,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('ksef_status', '=', 'sending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** KSeF has the invoice and is still checking it: kept 'sending' with where to ask. */
export async function markProcessing(
  db: TDb,
  id: number,
  r: { sessionReference: string; invoiceReference: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('invoices')
    .set({
      ksef_session_reference: r.sessionReference,
      ksef_reference: r.invoiceReference,
      ksef_error: null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('ksef_status', '=', 'sending')
    .execute();
}

/**
 * KSeF could not be reached: the reason kept, the job tries again. Not sent yet: back to
 * waiting. Its references known (KSeF has it): still 'sending', the next try only asks.
 */
export async function markWaiting(db: TDb, id: number, error: string, now: Date): Promise<void> {
  await db
    .updateTable('invoices')
    .set({
      ksef_status: sql`CASE WHEN ksef_reference IS NULL THEN 'pending' ELSE 'sending' END`,
      ksef_error: error,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('ksef_status', '=', 'sending')
    .execute();
}

/** KSeF does not know the references it was asked about: forgotten, the invoice sent again. */
export async function forgetSubmission(
  db: TDb,
  id: number,
  r: { sessionReference: string; invoiceReference: string },
  error: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('invoices')
    .set({
      ksef_status: 'pending',
      ksef_session_reference: null,
      ksef_reference: null,
      ksef_error: error,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('ksef_status', '=', 'sending')
    .where('ksef_session_reference', '=', r.sessionReference)
    .where('ksef_reference', '=', r.invoiceReference)
    .execute();
}

/** Rejected by KSeF or given up: the reason for admins. False when it was not in flight. */
export async function markEnded(
  db: TDb,
  id: number,
  status: 'rejected' | 'failed',
  r: { sessionReference: string | null; invoiceReference: string | null; error: string },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('invoices')
    .set((eb) => ({
      ksef_status: status,
      ksef_session_reference: r.sessionReference ?? eb.ref('ksef_session_reference'),
      ksef_reference: r.invoiceReference ?? eb.ref('ksef_reference'),
      ksef_error: r.error,
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('ksef_status', 'in', ['pending', 'sending'])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * An admin sends a rejected or failed invoice again. Rejected (KSeF refused that submission for
 * good): its references cleared, waiting as if just issued. Failed with references (KSeF has
 * it, we gave up asking): they are kept and the invoice is only asked about ('sending').
 */
export async function resetForResend(db: TDb, id: number, now: Date): Promise<number | null> {
  const row = await db
    .updateTable('invoices')
    .set({
      ksef_status: sql`CASE WHEN ksef_status = 'failed' AND ksef_reference IS NOT NULL
                         THEN 'sending' ELSE 'pending' END`,
      ksef_session_reference: sql`CASE WHEN ksef_status = 'failed' THEN ksef_session_reference END`,
      ksef_reference: sql`CASE WHEN ksef_status = 'failed' THEN ksef_reference END`,
      ksef_error: null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('ksef_status', 'in', ['rejected', 'failed'])
    .returning('ksef_attempts')
    .executeTakeFirst();
  return row?.ksef_attempts ?? null;
}

/**
 * Invoices left waiting or being sent, untouched since `before`, with no 'ksef-send' job that
 * will still run (its job used its attempts, or was lost): the sweep queues them again.
 */
export async function findStuckInvoices(
  db: TDb,
  jobName: string,
  before: Date,
): Promise<{ id: number; ksef_attempts: number }[]> {
  return db
    .selectFrom('invoices')
    .select(['id', 'ksef_attempts'])
    .where('ksef_status', 'in', ['pending', 'sending'])
    .where('updated_at', '<', before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('jobs')
            .select(sql`1`.as('one'))
            .where('jobs.name', '=', jobName)
            .where(
              sql<boolean>`(jobs.status = 'pending' OR (jobs.status = 'running'
                 AND (jobs.attempts < jobs.max_attempts OR jobs.locked_until >= now())))`,
            )
            .where(sql<boolean>`(jobs.payload::jsonb ->> 'invoiceId')::int = invoices.id`),
        ),
      ),
    )
    .orderBy('id')
    .limit(100)
    .execute();
}

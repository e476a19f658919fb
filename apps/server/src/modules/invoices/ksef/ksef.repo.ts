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
  r: { sessionReference: string; invoiceReference: string; ksefNumber: string; upo: string },
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
      ksef_error: null,
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

/** KSeF could not be reached: back to waiting (the job tries again), the reason kept. */
export async function markWaiting(db: TDb, id: number, error: string, now: Date): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ ksef_status: 'pending', ksef_error: error, updated_at: now })
    .where('id', '=', id)
    .where('ksef_status', '=', 'sending')
    .where('ksef_reference', 'is', null)
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

/** An admin sends a rejected or failed invoice again: waiting, as if just issued. */
export async function resetForResend(db: TDb, id: number, now: Date): Promise<number | null> {
  const row = await db
    .updateTable('invoices')
    .set({
      ksef_status: 'pending',
      ksef_session_reference: null,
      ksef_reference: null,
      ksef_error: null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('ksef_status', 'in', ['rejected', 'failed'])
    .returning('ksef_attempts')
    .executeTakeFirst();
  return row?.ksef_attempts ?? null;
}

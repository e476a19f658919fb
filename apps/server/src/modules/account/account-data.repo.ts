import type { SelectQueryBuilder } from 'kysely';
import type { TDb } from '../../db/database';
import type { TDB } from '../../db/schema';

// The person's own rows across modules, read for their account page and their data download
// (issue 17 point 5). Read only: every change goes through the owning module's service.

/** Jobs that ended (printed, failed, expired, cancelled); express orders' jobs are guests'. */
function endedJobsOf(db: TDb, userId: number): SelectQueryBuilder<TDB, 'printjobs', object> {
  return db
    .selectFrom('printjobs')
    .where('printjobs.user_id', '=', userId)
    .where('printjobs.status', 'in', ['printed', 'archived', 'failed'])
    .where('printjobs.finished_at', 'is not', null)
    .where('printjobs.express_order_id', 'is', null);
}

export async function countEndedJobs(db: TDb, userId: number): Promise<number> {
  const row = await endedJobsOf(db, userId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Ended jobs, latest first, with the printer's name and the pages charged: the sum of the job's
 * posted reservations (a job cancelled and released again has a voided one before it); and the
 * pages an admin refunded for it, with the reason (one refund per job, a grant of its owner).
 */
export function listEndedJobs(
  db: TDb,
  userId: number,
  paging: { limit: number; offset: number } | null,
) {
  const query = endedJobsOf(db, userId)
    .leftJoin('printers', 'printers.id', 'printjobs.printer_id')
    .selectAll('printjobs')
    .select('printers.name as printer_name')
    .select((eb) =>
      eb
        .selectFrom('page_reservations')
        .select((r) => r.fn.coalesce(r.fn.sum<number>('charged'), r.lit(0)).as('charged'))
        .whereRef('page_reservations.printjob_id', '=', 'printjobs.id')
        .where('page_reservations.status', '=', 'posted')
        .as('charged_pages'),
    )
    .select((eb) =>
      eb
        .selectFrom('page_grants')
        .select('pages')
        .whereRef('page_grants.printjob_id', '=', 'printjobs.id')
        .where('page_grants.source', '=', 'refund')
        .where('page_grants.user_id', '=', userId)
        .limit(1)
        .as('refunded_pages'),
    )
    .select((eb) =>
      eb
        .selectFrom('page_grants')
        .select('reason')
        .whereRef('page_grants.printjob_id', '=', 'printjobs.id')
        .where('page_grants.source', '=', 'refund')
        .where('page_grants.user_id', '=', userId)
        .limit(1)
        .as('refund_reason'),
    )
    .orderBy('printjobs.finished_at', 'desc')
    .orderBy('printjobs.id', 'desc');
  return paging ? query.limit(paging.limit).offset(paging.offset).execute() : query.execute();
}

export function listDocumentsOfJobs(db: TDb, jobIds: readonly number[]) {
  if (jobIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('documents')
    .selectAll()
    .where('printjob_id', 'in', jobIds)
    .orderBy('id')
    .execute();
}

// The data download.

export function findPhoneOf(db: TDb, userId: number) {
  return db
    .selectFrom('user_data')
    .select(['phone_number', 'phone_verified_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function listGrantsOf(db: TDb, userId: number) {
  return db
    .selectFrom('page_grants')
    .select([
      'source',
      'pages',
      'remaining',
      'expires_at',
      'reference',
      'reason',
      'printjob_id',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function listReservationsOf(db: TDb, userId: number) {
  return db
    .selectFrom('page_reservations')
    .select([
      'printjob_id',
      'device_session_id',
      'pages',
      'charged',
      'status',
      'created_at',
      'settled_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function listPaymentsOf(db: TDb, userId: number) {
  return db
    .selectFrom('payments')
    .select([
      'reference',
      'payer_email',
      'method',
      'provider',
      'status',
      'amount_minor',
      'currency',
      'pages',
      'validity_days',
      'receipt_number',
      'created_at',
      'completed_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Every job of the person with any status (the current one too), oldest first. */
export function listAllJobsOf(db: TDb, userId: number) {
  return db
    .selectFrom('printjobs')
    .leftJoin('printers', 'printers.id', 'printjobs.printer_id')
    .selectAll('printjobs')
    .select('printers.name as printer_name')
    .where('printjobs.user_id', '=', userId)
    .orderBy('printjobs.created_at')
    .orderBy('printjobs.id')
    .execute();
}

/** Credits the person earned by inviting others (who they are is theirs, not shown). */
export function listReferralCreditsEarned(db: TDb, userId: number) {
  return db
    .selectFrom('referral_credits')
    .select(['pages', 'created_at'])
    .where('referrer_user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** The credit the person's own sign-up by someone's link brought (at most one). */
export function findReferralCreditReceived(db: TDb, userId: number) {
  return db
    .selectFrom('referral_credits')
    .select(['pages', 'created_at'])
    .where('invited_user_id', '=', userId)
    .executeTakeFirst();
}

export function listSessionsOf(db: TDb, userId: number) {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'last_seen_at', 'expires_at', 'is_mobile_app', 'user_agent', 'ip'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** The person's scans (issue 16; not the files), including ones they deleted. */
export function listScansOf(db: TDb, userId: number) {
  return db
    .selectFrom('scans')
    .leftJoin('printers', 'printers.id', 'scans.printer_id')
    .select([
      'scans.file_name',
      'scans.pages',
      'scans.byte_size',
      'scans.created_at',
      'scans.mailed_at',
      'scans.deleted_at',
      'scans.file_key',
      'printers.name as printer_name',
    ])
    .where('scans.user_id', '=', userId)
    .orderBy('scans.created_at')
    .execute();
}

/**
 * Where and when the person signed in at a printer's panel with their ID and PIN (issue 16);
 * never the scan upload token's hash.
 */
export function listDeviceSessionsOf(db: TDb, userId: number) {
  return db
    .selectFrom('device_sessions')
    .leftJoin('printers', 'printers.id', 'device_sessions.printer_id')
    .select([
      'device_sessions.id',
      'device_sessions.action',
      'device_sessions.created_at',
      'device_sessions.ended_at',
      'device_sessions.expires_at',
      'printers.name as printer_name',
    ])
    .where('device_sessions.user_id', '=', userId)
    .orderBy('device_sessions.created_at')
    .orderBy('device_sessions.id')
    .execute();
}

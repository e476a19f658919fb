import {
  PRINT_HISTORY_PAGE_SIZE,
  type TPrintHistory,
  type TPrintHistoryEntry,
  type TPrintOutcome,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDocumentRow, TPrintjobRow, TUserRow } from '../../db/schema';
import { listSavedCards } from '../payments/cards.service';
import { pricedJob } from '../printjobs';
import { CANCELLED } from '../printjobs/cancel.service';
import { EXPIRED } from '../printjobs/printjob-expiry.service';
import {
  countEndedJobs,
  findPhoneOf,
  findReferralCreditReceived,
  listAllJobsOf,
  listDeviceSessionsOf,
  listDocumentsOfJobs,
  listEndedJobs,
  listGrantsOf,
  listPaymentsOf,
  listReferralCreditsEarned,
  listReservationsOf,
  listScansOf,
  listSessionsOf,
} from './account-data.repo';

type TEndedJob = TPrintjobRow & {
  printer_name: string | null;
  charged_pages: number | null;
  refunded_pages: number | null;
  refund_reason: string | null;
};

/** How an ended job reads in the history: printed, or why not. */
export function outcomeOf(job: Pick<TPrintjobRow, 'status' | 'failure_reason'>): TPrintOutcome {
  if (job.status !== 'failed') return 'printed';
  if (job.failure_reason === EXPIRED) return 'expired';
  if (job.failure_reason === CANCELLED) return 'cancelled';
  return 'failed';
}

function groupByJob(documents: readonly TDocumentRow[]): Map<number, TDocumentRow[]> {
  const byJob = new Map<number, TDocumentRow[]>();
  for (const doc of documents)
    byJob.set(doc.printjob_id, [...(byJob.get(doc.printjob_id) ?? []), doc]);
  return byJob;
}

function historyEntry(job: TEndedJob, documents: readonly TDocumentRow[]): TPrintHistoryEntry {
  return {
    id: job.id,
    finished_at: (job.finished_at ?? job.updated_at).toISOString(),
    printer_name: job.printer_name,
    // A document's name goes with its files: once retention deleted them it reads "deleted".
    documents: documents.map((d) => ({
      name: d.files_deleted_at === null ? d.name : null,
      deleted: d.files_deleted_at !== null,
      page_count: d.page_count,
      copies: d.copies,
    })),
    pages: pricedJob(job, documents).faces,
    printed_pages: job.printed_faces ?? 0,
    charged_pages: Number(job.charged_pages ?? 0),
    refunded_pages: Number(job.refunded_pages ?? 0),
    refund_reason: job.refund_reason,
    outcome: outcomeOf(job),
  };
}

/** One page of the person's print history, latest first. */
export async function printHistory(
  ctx: TAppContext,
  userId: number,
  page: number,
): Promise<TPrintHistory> {
  const [total, jobs] = await Promise.all([
    countEndedJobs(ctx.db, userId),
    listEndedJobs(ctx.db, userId, {
      limit: PRINT_HISTORY_PAGE_SIZE,
      offset: (page - 1) * PRINT_HISTORY_PAGE_SIZE,
    }),
  ]);
  const documents = groupByJob(
    await listDocumentsOfJobs(
      ctx.db,
      jobs.map((j) => j.id),
    ),
  );
  return {
    jobs: jobs.map((job) => historyEntry(job, documents.get(job.id) ?? [])),
    paging: { page, page_size: PRINT_HISTORY_PAGE_SIZE, total },
  };
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/**
 * "Download my data": everything kept about the person, and only theirs (who they invited, or who
 * invited them, is someone else's data: counted, not named). Document names are given even after
 * retention deleted the files: the name is still stored, so it is the person's to see.
 */
export async function exportAccountData(ctx: TAppContext, user: TUserRow) {
  const [phone, grants, reservations, payments, jobs, earned, received, sessions, cards] =
    await Promise.all([
      findPhoneOf(ctx.db, user.id),
      listGrantsOf(ctx.db, user.id),
      listReservationsOf(ctx.db, user.id),
      listPaymentsOf(ctx.db, user.id),
      listAllJobsOf(ctx.db, user.id),
      listReferralCreditsEarned(ctx.db, user.id),
      findReferralCreditReceived(ctx.db, user.id),
      listSessionsOf(ctx.db, user.id),
      listSavedCards(ctx, user.id),
    ]);
  const [scans, deviceSessions] = await Promise.all([
    listScansOf(ctx.db, user.id),
    listDeviceSessionsOf(ctx.db, user.id),
  ]);
  const documents = groupByJob(
    await listDocumentsOfJobs(
      ctx.db,
      jobs.map((j) => j.id),
    ),
  );
  return {
    exported_at: ctx.now().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      role: user.role,
      locale: user.locale,
      created_at: iso(user.created_at),
      email_confirmed_at: iso(user.email_confirmed_at),
      last_login_at: iso(user.last_login_at),
      last_login_mobile: iso(user.last_login_mobile),
      is_premium: user.is_premium,
      has_password: user.password_hash !== null,
      facebook_linked: user.facebook_id !== null,
      // The ID for copying and scanning and when the PIN was set; never the PIN's hash.
      pin_uid: user.pin_uid,
      pin_set_at: iso(user.pin_set_at),
    },
    phone: phone?.phone_number
      ? { number: phone.phone_number, verified_at: iso(phone.phone_verified_at) }
      : null,
    pages_ledger: grants.map((g) => ({
      source: g.source,
      pages: g.pages,
      remaining: g.remaining,
      expires_at: iso(g.expires_at),
      reference: g.reference,
      // Why an admin granted or refunded them, and a refund's job (its print_jobs entry).
      reason: g.reason,
      printjob_id: g.printjob_id,
      created_at: iso(g.created_at),
    })),
    // A print job's pages, or copies made at a printer in a device session (`kind: 'copy'`).
    page_reservations: reservations.map((r) => ({
      kind: r.device_session_id !== null ? 'copy' : 'print',
      printjob_id: r.printjob_id,
      device_session_id: r.device_session_id,
      pages: r.pages,
      charged: r.charged,
      status: r.status,
      created_at: iso(r.created_at),
      settled_at: iso(r.settled_at),
    })),
    payments: payments.map((p) => ({
      ...p,
      created_at: iso(p.created_at),
      completed_at: iso(p.completed_at),
    })),
    saved_cards: cards.map(({ brand, last4, added_at }) => ({ brand, last4, added_at })),
    print_jobs: jobs.map((job) => ({
      id: job.id,
      status: job.status,
      outcome: job.finished_at !== null && job.status !== 'scheduled' ? outcomeOf(job) : null,
      printer_name: job.printer_name,
      grayscale: job.is_grayscale,
      duplex: job.is_duplex,
      pages_per_sheet: job.pages_per_sheet,
      printed_pages: job.printed_faces,
      created_at: iso(job.created_at),
      released_at: iso(job.released_at),
      finished_at: iso(job.finished_at),
      documents: (documents.get(job.id) ?? []).map((d) => ({
        name: d.name,
        status: d.status,
        size_bytes: d.size_bytes,
        page_count: d.page_count,
        copies: d.copies,
        uploaded_at: iso(d.created_at),
        files_deleted_at: iso(d.files_deleted_at),
      })),
    })),
    // Scans made at printers (issue 16): the list, not the files (those are downloaded one by one).
    scans: scans.map((s) => ({
      file_name: s.file_name,
      printer_name: s.printer_name,
      pages: s.pages,
      size_bytes: s.byte_size,
      created_at: iso(s.created_at),
      mailed_at: iso(s.mailed_at),
      deleted_by_you_at: iso(s.deleted_at),
      file_stored: s.file_key !== null,
    })),
    // Signing in at a printer's panel with the ID and PIN (issue 16): where, when, what for.
    device_sessions: deviceSessions.map((d) => ({
      id: d.id,
      printer_name: d.printer_name,
      action: d.action,
      created_at: iso(d.created_at),
      ended_at: iso(d.ended_at),
      expires_at: iso(new Date(d.expires_at)),
    })),
    referrals: {
      referral_code: user.referral_code,
      invited_by_someone: user.referred_by_user_id !== null || received !== undefined,
      pages_received_for_joining: received?.pages ?? 0,
      people_invited_credited: earned.length,
      pages_earned_by_inviting: earned.reduce((sum, c) => sum + c.pages, 0),
    },
    sessions: sessions.map((s) => ({
      created_at: iso(s.created_at),
      last_seen_at: iso(s.last_seen_at),
      expires_at: iso(new Date(s.expires_at)),
      phone_app: s.is_mobile_app,
      user_agent: s.user_agent,
      ip: s.ip,
    })),
  };
}

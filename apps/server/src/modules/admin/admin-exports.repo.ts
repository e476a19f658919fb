import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/** [from, to): instants of an export's inclusive calendar days (UTC), as the admin lists filter. */
export interface TExportRange {
  from: Date;
  until: Date;
}

export function exportPrintjobs(db: TDb, range: TExportRange) {
  return db
    .selectFrom('printjobs')
    .innerJoin('users', 'users.id', 'printjobs.user_id')
    .leftJoin('printers', 'printers.id', 'printjobs.printer_id')
    .select([
      'printjobs.id',
      'printjobs.created_at',
      'printjobs.status',
      'printjobs.failure_reason',
      'printjobs.review_reason',
      'printjobs.is_grayscale',
      'printjobs.is_duplex',
      'printjobs.pages_per_sheet',
      'printjobs.released_at',
      'printjobs.printing_started_at',
      'printjobs.finished_at',
      'printjobs.printed_faces',
      'printjobs.express_order_id',
      'users.id as user_id',
      'users.email as user_email',
      'users.role as user_role',
      'printers.id as printer_id',
      'printers.name as printer_name',
    ])
    .select((eb) => [
      eb
        .selectFrom('documents')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('documents.printjob_id', '=', 'printjobs.id')
        .as('document_count'),
      eb
        .selectFrom('page_reservations')
        .select(sql<number>`coalesce(sum(charged), 0)::int`.as('n'))
        .whereRef('page_reservations.printjob_id', '=', 'printjobs.id')
        .where('page_reservations.status', '=', 'posted')
        .as('charged_pages'),
      eb
        .selectFrom('page_grants')
        .select(sql<number>`coalesce(sum(pages), 0)::int`.as('n'))
        .whereRef('page_grants.printjob_id', '=', 'printjobs.id')
        .where('page_grants.source', '=', 'refund')
        .as('refunded_pages'),
    ])
    .where('printjobs.created_at', '>=', range.from)
    .where('printjobs.created_at', '<', range.until)
    .orderBy('printjobs.id')
    .execute();
}

export function exportPayments(db: TDb, range: TExportRange) {
  return db
    .selectFrom('payments')
    .leftJoin('packages', 'packages.id', 'payments.package_id')
    .select([
      'payments.reference',
      'payments.created_at',
      'payments.completed_at',
      'payments.status',
      'payments.failure_code',
      'payments.user_id',
      'payments.payer_email',
      'payments.provider',
      'payments.provider_reference',
      'payments.method',
      'payments.amount_minor',
      'payments.currency',
      'payments.pages',
      'payments.validity_days',
      'payments.receipt_number',
      'payments.express_order_id',
      'packages.code as package_code',
    ])
    .where('payments.created_at', '>=', range.from)
    .where('payments.created_at', '<', range.until)
    .orderBy('payments.id')
    .execute();
}

/** Accounts created in the range (an express order's guest is no account), with pages left now. */
export function exportUsers(db: TDb, range: TExportRange, now: Date) {
  return db
    .selectFrom('users')
    .select([
      'users.id',
      'users.email',
      'users.role',
      'users.locale',
      'users.created_at',
      'users.email_confirmed_at',
      'users.last_login_at',
      'users.last_login_mobile',
      'users.blocked_at',
      'users.is_premium',
      'users.facebook_id',
      'users.referred_by_user_id',
    ])
    .select((eb) =>
      eb
        .selectFrom('page_grants')
        .select(sql<number>`coalesce(sum(page_grants.remaining), 0)::int`.as('n'))
        .whereRef('page_grants.user_id', '=', 'users.id')
        .where((w) =>
          w.or([w('page_grants.expires_at', 'is', null), w('page_grants.expires_at', '>', now)]),
        )
        .as('remaining_pages'),
    )
    .where('users.role', '<>', 'guest')
    .where('users.created_at', '>=', range.from)
    .where('users.created_at', '<', range.until)
    .orderBy('users.id')
    .execute();
}

/**
 * Printer statistics are kept per calendar month: the months the range touches (first day of
 * `fromMonth` .. first day of `toMonth`, both YYYY-MM-01), with distinct people per activity.
 */
export function exportPrinterStatistics(db: TDb, fromMonth: string, toMonth: string) {
  const users = (activity: 'printing' | 'copying' | 'scanning') =>
    sql<number>`(SELECT count(*)::int FROM printer_monthly_users u
                 WHERE u.printer_id = s.printer_id AND u.month = s.month
                   AND u.activity = ${activity})`;
  return db
    .selectFrom('printer_monthly_stats as s')
    .innerJoin('printers', 'printers.id', 's.printer_id')
    .select([
      's.printer_id',
      'printers.name as printer_name',
      'printers.full_name as printer_full_name',
      's.classic_color_pages',
      's.classic_mono_pages',
      's.express_color_pages',
      's.express_mono_pages',
      's.copy_color_pages',
      's.copy_mono_pages',
      's.scanned_pages',
    ])
    .select([
      sql<string>`to_char(s.month, 'YYYY-MM')`.as('month'),
      users('printing').as('printing_users'),
      users('copying').as('copying_users'),
      users('scanning').as('scanning_users'),
    ])
    .where('s.month', '>=', fromMonth)
    .where('s.month', '<=', toMonth)
    .orderBy('s.month')
    .orderBy('printers.name')
    .orderBy('s.printer_id')
    .execute();
}

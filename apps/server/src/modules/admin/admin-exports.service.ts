import {
  ADMIN_EXPORT_MAX_DAYS,
  type TAdminExport,
  type TAdminExportQuery,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import { fieldError } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import {
  exportPayments,
  exportPrinterStatistics,
  exportPrintjobs,
  exportUsers,
  type TExportRange,
} from './admin-exports.repo';
import { toCsv } from './csv';

// CSV exports for a date range (issue 17 point 6). Column names are stable English identifiers,
// so scripts and spreadsheets that read them keep working whatever the admin's language.

const DAY_MS = 24 * 60 * 60 * 1000;

function rangeOf(query: TAdminExportQuery): TExportRange {
  const from = new Date(`${query.from}T00:00:00Z`);
  const until = new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS);
  if (until <= from) throw fieldError('to', 'admin_support.errors.before_from');
  if (until.getTime() - from.getTime() > ADMIN_EXPORT_MAX_DAYS * DAY_MS)
    throw fieldError('to', 'admin_support.errors.range_too_long', { count: ADMIN_EXPORT_MAX_DAYS });
  return { from, until };
}

const money = (minor: number) => (minor / 100).toFixed(2);

async function printjobsCsv(ctx: TAppContext, range: TExportRange): Promise<string> {
  const rows = await exportPrintjobs(ctx.db, range);
  return toCsv(
    [
      'id',
      'created_at',
      'status',
      'failure_reason',
      'review_reason',
      'user_id',
      'user_email',
      'printer_id',
      'printer_name',
      'documents',
      'grayscale',
      'duplex',
      'pages_per_sheet',
      'released_at',
      'printing_started_at',
      'finished_at',
      'printed_faces',
      'charged_pages',
      'refunded_pages',
      'express_order_id',
    ],
    rows.map((r) => [
      r.id,
      r.created_at,
      r.status,
      r.failure_reason,
      r.review_reason,
      r.user_id,
      // An express order's guest account has a made-up address: it is no one to contact.
      r.user_role === 'guest' ? null : r.user_email,
      r.printer_id,
      r.printer_name,
      Number(r.document_count ?? 0),
      r.is_grayscale,
      r.is_duplex,
      r.pages_per_sheet,
      r.released_at,
      r.printing_started_at,
      r.finished_at,
      r.printed_faces,
      Number(r.charged_pages ?? 0),
      Number(r.refunded_pages ?? 0),
      r.express_order_id,
    ]),
  );
}

async function paymentsCsv(ctx: TAppContext, range: TExportRange): Promise<string> {
  const rows = await exportPayments(ctx.db, range);
  return toCsv(
    [
      'reference',
      'created_at',
      'completed_at',
      'status',
      'failure_code',
      'user_id',
      'payer_email',
      'provider',
      'provider_reference',
      'method',
      'amount',
      'currency',
      'package',
      'pages',
      'validity_days',
      'express_order_id',
      'receipt_number',
    ],
    rows.map((r) => [
      r.reference,
      r.created_at,
      r.completed_at,
      r.status,
      r.failure_code,
      r.user_id,
      r.payer_email,
      r.provider,
      r.provider_reference,
      r.method,
      money(r.amount_minor),
      r.currency,
      r.package_code,
      r.pages,
      r.validity_days,
      r.express_order_id,
      r.receipt_number,
    ]),
  );
}

async function usersCsv(ctx: TAppContext, range: TExportRange): Promise<string> {
  const rows = await exportUsers(ctx.db, range, ctx.now());
  return toCsv(
    [
      'id',
      'email',
      'role',
      'locale',
      'created_at',
      'email_confirmed_at',
      'last_login_at',
      'last_login_mobile',
      'blocked_at',
      'premium',
      'facebook',
      'referred_by_user_id',
      'remaining_pages',
    ],
    rows.map((r) => [
      r.id,
      r.email,
      r.role,
      r.locale,
      r.created_at,
      r.email_confirmed_at,
      r.last_login_at,
      r.last_login_mobile,
      r.blocked_at,
      r.is_premium,
      r.facebook_id !== null,
      r.referred_by_user_id,
      Number(r.remaining_pages ?? 0),
    ]),
  );
}

const monthStart = (at: Date) => `${at.toISOString().slice(0, 7)}-01`;

async function printerStatisticsCsv(ctx: TAppContext, range: TExportRange): Promise<string> {
  const last = new Date(range.until.getTime() - DAY_MS);
  const rows = await exportPrinterStatistics(ctx.db, monthStart(range.from), monthStart(last));
  return toCsv(
    [
      'month',
      'printer_id',
      'printer_name',
      'printer_full_name',
      'classic_color_pages',
      'classic_mono_pages',
      'express_color_pages',
      'express_mono_pages',
      'copy_color_pages',
      'copy_mono_pages',
      'scanned_pages',
      'printing_users',
      'copying_users',
      'scanning_users',
    ],
    rows.map((r) => [
      r.month,
      r.printer_id,
      r.printer_name,
      r.printer_full_name,
      r.classic_color_pages,
      r.classic_mono_pages,
      r.express_color_pages,
      r.express_mono_pages,
      r.copy_color_pages,
      r.copy_mono_pages,
      r.scanned_pages,
      Number(r.printing_users),
      Number(r.copying_users),
      Number(r.scanning_users),
    ]),
  );
}

const BUILDERS: Record<TAdminExport, (ctx: TAppContext, range: TExportRange) => Promise<string>> = {
  printjobs: printjobsCsv,
  payments: paymentsCsv,
  users: usersCsv,
  'printer-statistics': printerStatisticsCsv,
};

/**
 * One export as a CSV file with its download name. Recorded in the audit log: the files carry
 * people's personal data out of the system.
 */
export async function buildExport(
  ctx: TAppContext,
  actor: { adminId: number; ip: string | null },
  kind: TAdminExport,
  query: TAdminExportQuery,
): Promise<{ filename: string; csv: string }> {
  const range = rangeOf(query);
  const csv = await BUILDERS[kind](ctx, range);
  await recordAudit(ctx.db, {
    actorUserId: actor.adminId,
    action: 'export.downloaded',
    subject: ['export', kind],
    details: { from: query.from, to: query.to },
    ip: actor.ip,
  });
  return { filename: `printomat-${kind}-${query.from}-${query.to}.csv`, csv };
}

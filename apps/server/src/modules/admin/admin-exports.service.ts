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
import { toCsv, type TCsvCell } from './csv';

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

/**
 * A CSV of `rows`: each column's stable name stands next to what a row puts in it, so the header
 * and the cells cannot drift apart.
 */
function csvOf<R>(rows: readonly R[], columns: Record<string, (row: R) => TCsvCell>): string {
  const cells = Object.values(columns);
  return toCsv(
    Object.keys(columns),
    rows.map((r) => cells.map((cell) => cell(r))),
  );
}

const money = (minor: number) => (minor / 100).toFixed(2);

async function printjobsCsv(ctx: TAppContext, range: TExportRange): Promise<string> {
  const rows = await exportPrintjobs(ctx.db, range);
  return csvOf(rows, {
    id: (r) => r.id,
    created_at: (r) => r.created_at,
    status: (r) => r.status,
    failure_reason: (r) => r.failure_reason,
    review_reason: (r) => r.review_reason,
    user_id: (r) => r.user_id,
    // An express order's guest account has a made-up address: it is no one to contact.
    user_email: (r) => (r.user_role === 'guest' ? null : r.user_email),
    printer_id: (r) => r.printer_id,
    printer_name: (r) => r.printer_name,
    documents: (r) => Number(r.document_count ?? 0),
    grayscale: (r) => r.is_grayscale,
    duplex: (r) => r.is_duplex,
    pages_per_sheet: (r) => r.pages_per_sheet,
    released_at: (r) => r.released_at,
    printing_started_at: (r) => r.printing_started_at,
    finished_at: (r) => r.finished_at,
    printed_faces: (r) => r.printed_faces,
    charged_pages: (r) => Number(r.charged_pages ?? 0),
    refunded_pages: (r) => Number(r.refunded_pages ?? 0),
    express_order_id: (r) => r.express_order_id,
  });
}

async function paymentsCsv(ctx: TAppContext, range: TExportRange): Promise<string> {
  const rows = await exportPayments(ctx.db, range);
  return csvOf(rows, {
    reference: (r) => r.reference,
    created_at: (r) => r.created_at,
    completed_at: (r) => r.completed_at,
    status: (r) => r.status,
    failure_code: (r) => r.failure_code,
    user_id: (r) => r.user_id,
    payer_email: (r) => r.payer_email,
    provider: (r) => r.provider,
    provider_reference: (r) => r.provider_reference,
    method: (r) => r.method,
    amount: (r) => money(r.amount_minor),
    currency: (r) => r.currency,
    package: (r) => r.package_code,
    pages: (r) => r.pages,
    validity_days: (r) => r.validity_days,
    express_order_id: (r) => r.express_order_id,
    receipt_number: (r) => r.receipt_number,
  });
}

async function usersCsv(ctx: TAppContext, range: TExportRange): Promise<string> {
  const rows = await exportUsers(ctx.db, range, ctx.now());
  return csvOf(rows, {
    id: (r) => r.id,
    email: (r) => r.email,
    role: (r) => r.role,
    locale: (r) => r.locale,
    created_at: (r) => r.created_at,
    email_confirmed_at: (r) => r.email_confirmed_at,
    last_login_at: (r) => r.last_login_at,
    last_login_mobile: (r) => r.last_login_mobile,
    blocked_at: (r) => r.blocked_at,
    premium: (r) => r.is_premium,
    facebook: (r) => r.facebook_id !== null,
    referred_by_user_id: (r) => r.referred_by_user_id,
    remaining_pages: (r) => Number(r.remaining_pages ?? 0),
  });
}

const monthStart = (at: Date) => `${at.toISOString().slice(0, 7)}-01`;

async function printerStatisticsCsv(ctx: TAppContext, range: TExportRange): Promise<string> {
  const last = new Date(range.until.getTime() - DAY_MS);
  const rows = await exportPrinterStatistics(ctx.db, monthStart(range.from), monthStart(last));
  return csvOf(rows, {
    month: (r) => r.month,
    printer_id: (r) => r.printer_id,
    printer_name: (r) => r.printer_name,
    printer_full_name: (r) => r.printer_full_name,
    classic_color_pages: (r) => r.classic_color_pages,
    classic_mono_pages: (r) => r.classic_mono_pages,
    express_color_pages: (r) => r.express_color_pages,
    express_mono_pages: (r) => r.express_mono_pages,
    copy_color_pages: (r) => r.copy_color_pages,
    copy_mono_pages: (r) => r.copy_mono_pages,
    scanned_pages: (r) => r.scanned_pages,
    printing_users: (r) => Number(r.printing_users),
    copying_users: (r) => Number(r.copying_users),
    scanning_users: (r) => Number(r.scanning_users),
  });
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

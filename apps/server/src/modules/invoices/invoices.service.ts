import {
  ADMIN_PAGE_SIZE,
  type TAdminInvoiceQuery,
  type TInvoiceRunResult,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TUserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { toCsv } from '../admin/csv';
import { recordAudit } from '../audit/audit.service';
import { renderInvoicePdf } from './invoice-pdf';
import { runInvoiceMonth } from './invoice-run.service';
import { loadInvoiceModel } from './invoice-store';
import {
  findInvoice,
  findInvoiceDocuments,
  listInvoicesOfUser,
  listPurchasesOfUser,
  type TInvoiceRecord,
} from './invoices.repo';
import {
  listAdminInvoices,
  listAllAdminInvoices,
  type TAdminInvoiceFilter,
} from './invoices-admin.repo';
import { INVOICE_CSV_HEADER, invoiceCsvRow } from './invoices.presenter';
import { resendToKsef } from './ksef-send.service';

// What the invoice routes do (issue 15 points 7 and 8). A company sees its own invoices only:
// anyone else's id, or a personal account, gets 404.

export type TInvoiceDocumentKind = 'pdf' | 'xml' | 'upo';

export interface TInvoiceDocument {
  filename: string;
  contentType: string;
  body: Buffer;
}

/** The company's account; a personal account has no invoices (404 like someone else's). */
function businessOf(user: TUserRow): TUserRow {
  if (user.role !== 'business') throw notFound();
  return user;
}

export function listCompanyInvoices(ctx: TAppContext, user: TUserRow): Promise<TInvoiceRecord[]> {
  return listInvoicesOfUser(ctx.db, businessOf(user).id);
}

export function listCompanyPurchases(ctx: TAppContext, user: TUserRow) {
  return listPurchasesOfUser(ctx.db, businessOf(user).id);
}

/** FV/2026/11/0001 → FV_2026_11_0001.pdf */
function filenameOf(number: string, extension: string): string {
  return `${number.replace(/[^0-9A-Za-z-]+/g, '_')}.${extension}`;
}

async function documentOf(
  ctx: TAppContext,
  id: number,
  kind: TInvoiceDocumentKind,
  ownerId?: number,
): Promise<TInvoiceDocument> {
  const stored = await findInvoiceDocuments(ctx.db, id);
  if (!stored || (ownerId !== undefined && stored.user_id !== ownerId)) throw notFound();
  switch (kind) {
    case 'xml':
      // The bytes exactly as issued (their SHA-256 is what KSeF knows).
      return {
        filename: filenameOf(stored.number, 'xml'),
        contentType: 'application/xml; charset=utf-8',
        body: Buffer.from(stored.xml, 'utf8'),
      };
    case 'upo':
      if (!stored.ksef_upo) throw notFound();
      return {
        filename: filenameOf(`UPO_${stored.number}`, 'xml'),
        contentType: 'application/xml; charset=utf-8',
        body: Buffer.from(stored.ksef_upo, 'utf8'),
      };
    case 'pdf': {
      const model = await loadInvoiceModel(ctx.db, id);
      if (!model) throw notFound();
      return {
        filename: filenameOf(stored.number, 'pdf'),
        contentType: 'application/pdf',
        body: Buffer.from(await renderInvoicePdf(model, ctx.config.invoices.pdfFonts)),
      };
    }
  }
}

export function companyInvoiceDocument(
  ctx: TAppContext,
  user: TUserRow,
  id: number,
  kind: 'pdf' | 'xml',
): Promise<TInvoiceDocument> {
  return documentOf(ctx, id, kind, businessOf(user).id);
}

export function adminInvoiceDocument(
  ctx: TAppContext,
  id: number,
  kind: TInvoiceDocumentKind,
): Promise<TInvoiceDocument> {
  return documentOf(ctx, id, kind);
}

function filterOf(query: Omit<TAdminInvoiceQuery, 'page'>): TAdminInvoiceFilter {
  return {
    period: query.period,
    kind: query.kind,
    ksefStatus: query.ksef_status,
    q: query.q,
  };
}

export function listInvoicesForAdmin(ctx: TAppContext, query: TAdminInvoiceQuery) {
  return listAdminInvoices(ctx.db, filterOf(query), {
    limit: ADMIN_PAGE_SIZE,
    offset: (query.page - 1) * ADMIN_PAGE_SIZE,
  });
}

export async function invoicesCsv(
  ctx: TAppContext,
  query: Omit<TAdminInvoiceQuery, 'page'>,
): Promise<{ filename: string; csv: string }> {
  const rows = await listAllAdminInvoices(ctx.db, filterOf(query));
  return {
    filename: `invoices${query.period ? `-${query.period}` : ''}.csv`,
    csv: toCsv(INVOICE_CSV_HEADER, rows.map(invoiceCsvRow)),
  };
}

/** An admin issues a month's invoices now (audited; safe to repeat). */
export async function runInvoicesByAdmin(
  ctx: TAppContext,
  actor: { adminId: number; ip: string },
  month: string,
): Promise<TInvoiceRunResult> {
  const result = await runInvoiceMonth(ctx, month);
  await recordAudit(ctx.db, {
    actorUserId: actor.adminId,
    action: 'invoices.run',
    details: { ...result },
    ip: actor.ip,
  });
  return result;
}

/** An admin sends an invoice to KSeF again (audited); one KSeF accepted cannot be (409). */
export async function resendInvoiceByAdmin(
  ctx: TAppContext,
  actor: { adminId: number; ip: string },
  id: number,
): Promise<TInvoiceRecord> {
  const invoice = await findInvoice(ctx.db, id);
  if (!invoice) throw notFound();
  if (invoice.ksef_status === 'accepted')
    throw new AppError(409, 'already_accepted', 'invoices.errors.already_accepted');
  await resendToKsef(ctx, id);
  await recordAudit(ctx.db, {
    actorUserId: actor.adminId,
    action: 'invoices.resend',
    subject: ['invoice', id],
    details: { number: invoice.number, ksef_status: invoice.ksef_status },
    ip: actor.ip,
  });
  return (await findInvoice(ctx.db, id)) ?? invoice;
}

import type { TAdminInvoice, TBusinessPurchase, TInvoiceSummary } from '@printomat/shared';
import type { TInvoiceRecord, listPurchasesOfUser } from './invoices.repo';

// Answer shapes of the invoices routes: responses never return rows (the XML and UPO go out only
// through their download routes).

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** As the company's page lists it; `base` is where its documents download. */
export function presentInvoiceSummary(r: TInvoiceRecord, base: string): TInvoiceSummary {
  return {
    id: r.id,
    number: r.number,
    kind: r.kind,
    period: r.period,
    issue_date: r.issue_date,
    net_minor: r.net_minor,
    vat_minor: r.vat_minor,
    gross_minor: r.gross_minor,
    currency: r.currency,
    ksef_status: r.ksef_status,
    ksef_number: r.ksef_number,
    corrects_number: r.corrects_number,
    pdf_url: `${base}/${r.id}/pdf`,
    xml_url: `${base}/${r.id}/xml`,
  };
}

export const BUSINESS_INVOICES_PATH = '/api/business/invoices';
export const ADMIN_INVOICES_PATH = '/api/admin/invoices';

export function presentAdminInvoice(r: TInvoiceRecord): TAdminInvoice {
  return {
    ...presentInvoiceSummary(r, ADMIN_INVOICES_PATH),
    user_id: r.user_id,
    buyer_name: r.buyer_name,
    buyer_tax_id: r.buyer_tax_id,
    ksef_attempts: r.ksef_attempts,
    ksef_error: r.ksef_error,
    ksef_sent_at: iso(r.ksef_sent_at),
    ksef_accepted_at: iso(r.ksef_accepted_at),
    upo_url: r.has_upo ? `${ADMIN_INVOICES_PATH}/${r.id}/upo` : null,
  };
}

type TPurchaseRecord = Awaited<ReturnType<typeof listPurchasesOfUser>>[number];

export function presentPurchase(r: TPurchaseRecord): TBusinessPurchase {
  return {
    reference: r.reference,
    package_code: r.package_code,
    pages: r.pages,
    method: r.method,
    status: r.status,
    net_minor: r.net_minor,
    vat_minor: r.vat_minor,
    gross_minor: r.amount_minor,
    currency: r.currency,
    created_at: r.created_at.toISOString(),
    completed_at: iso(r.completed_at),
    invoice_number: r.invoice_number,
    refunded: Boolean(r.refunded),
    is_business: r.is_business,
  };
}

/** The columns of the invoices CSV (amounts in złoty as numbers: a correction's stay negative numbers). */
export const INVOICE_CSV_HEADER = [
  'number',
  'kind',
  'period',
  'issue_date',
  'corrects',
  'buyer_name',
  'buyer_tax_id',
  'net',
  'vat',
  'gross',
  'currency',
  'ksef_status',
  'ksef_number',
] as const;

const money = (minor: number) => minor / 100;

export function invoiceCsvRow(r: TInvoiceRecord): (string | number | null)[] {
  return [
    r.number,
    r.kind,
    r.period,
    r.issue_date,
    r.corrects_number,
    r.buyer_name,
    r.buyer_tax_id,
    money(r.net_minor),
    money(r.vat_minor),
    money(r.gross_minor),
    r.currency,
    r.ksef_status,
    r.ksef_number,
  ];
}

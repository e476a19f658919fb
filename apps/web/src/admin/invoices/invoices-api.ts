import {
  ZAdminInvoiceList,
  ZInvoiceRunResult,
  type TAdminInvoiceList,
  type TInvoiceRunResult,
} from '@printomat/shared';
import { api } from '../../api/client';
import { OPS_KEY, queryString } from '../operations/operations-api';

/** Under the operations key: a purchase refund (user page) refreshes this list as well. */
export const INVOICES_KEY = [...OPS_KEY, 'invoices'] as const;

/** The list's filters, in the order the address and the API take them. */
export const INVOICE_FILTERS = ['period', 'kind', 'ksef_status', 'q'] as const;

// Answers are checked against these in development and tests only (see TResponseSchema).
const RESPONSES = import.meta.env.DEV ? { list: ZAdminInvoiceList, run: ZInvoiceRunResult } : null;

/** The query string of the list (filters and page) or of its CSV (filters only). */
export function invoicesSearch(filters: Record<string, string>, page?: number): string {
  return queryString({ ...filters, page: page && page > 1 ? page : undefined });
}

export const fetchInvoices = (search: string) =>
  api.get<TAdminInvoiceList>(`/api/admin/invoices${search}`, { schema: RESPONSES?.list });

/** A plain link downloads the file: the session cookie goes along, the server sets the name. */
export const invoicesCsvUrl = (search: string) => `/api/admin/invoices.csv${search}`;

/** Issues the month's invoices now (safe to repeat: what is invoiced stays as it is). */
export const runInvoiceMonth = (month: string) =>
  api.post<TInvoiceRunResult>('/api/admin/invoices/run', { month }, { schema: RESPONSES?.run });

/** Puts a rejected or failed invoice back in the KSeF queue; the list shows how it goes. */
export const resendInvoice = (id: number) =>
  api.post<unknown>(`/api/admin/invoices/${id}/resend`, {});

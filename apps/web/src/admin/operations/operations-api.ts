import type {
  TAdminAuditEntry,
  TAdminBulkResult,
  TAdminPrintjobAction,
  TAdminPrintjobDetail,
  TAdminPrintjobList,
  TAdminUserDetail,
  TAdminUserList,
  TDiscountCode,
  TDiscountCodeInput,
  TExpressOrder,
  TExpressOrderAction,
  TExpressOrderList,
} from '@printomat/shared';
import { api } from '../../api/client';

/** Every query of these sections starts with this key, so one invalidation refreshes them all. */
export const OPS_KEY = ['admin-ops'] as const;

export type TPrinterOption = {
  id: number;
  name: string;
  is_enabled: boolean;
  maintenance_mode: boolean;
};

/** A query string from the non-empty values only. */
export function queryString(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const fetchPrintjobs = (search: string) =>
  api.get<TAdminPrintjobList>(`/api/admin/printjobs${search}`);
export const fetchPrintjob = (id: number) =>
  api.get<TAdminPrintjobDetail>(`/api/admin/printjobs/${id}`);
export const fetchPrinterOptions = () =>
  api.get<{ printers: TPrinterOption[] }>('/api/admin/printjobs/printer-options');
export const runPrintjobAction = (id: number, action: TAdminPrintjobAction, printerId?: number) =>
  api.post<TAdminPrintjobDetail>(
    `/api/admin/printjobs/${id}/${action}`,
    printerId === undefined ? {} : { printer_id: printerId },
  );
export const runBulkAction = (action: TAdminPrintjobAction, ids: number[], printerId?: number) =>
  api.post<TAdminBulkResult>('/api/admin/printjobs/bulk', {
    action,
    ids,
    ...(printerId === undefined ? {} : { printer_id: printerId }),
  });

export const fetchUsers = (search: string) => api.get<TAdminUserList>(`/api/admin/users${search}`);
export const fetchUser = (id: number) => api.get<TAdminUserDetail>(`/api/admin/users/${id}`);
export const deleteUser = (id: number) =>
  api.delete<{ ok: true; email: string }>(`/api/admin/users/${id}`);

export const fetchDiscountCodes = () =>
  api.get<{ codes: TDiscountCode[] }>('/api/admin/discount-codes');
export const createDiscountCode = (input: TDiscountCodeInput) =>
  api.post<TDiscountCode>('/api/admin/discount-codes', input);

export const fetchExpressOrders = (search: string) =>
  api.get<TExpressOrderList>(`/api/admin/express-orders${search}`);
export const fetchExpressOrder = (id: number) =>
  api.get<TExpressOrder>(`/api/admin/express-orders/${id}`);
export const runExpressAction = (id: number, action: TExpressOrderAction) =>
  api.post<TExpressOrder>(`/api/admin/express-orders/${id}/${action}`, {});

export const fetchAudit = (search: string) =>
  api.get<{ entries: TAdminAuditEntry[] }>(`/api/admin/audit-log${search}`);

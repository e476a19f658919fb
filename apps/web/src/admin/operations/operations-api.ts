import {
  ZAdminAuditEntry,
  ZAdminBulkResult,
  ZAdminPrintjobDetail,
  ZAdminPrintjobRefund,
  ZAdminPrintjobList,
  ZAdminUserDetail,
  ZAdminUserList,
  ZDiscountCode,
  ZExpressOrder,
  ZExpressOrderList,
  ZPurchaseRefund,
  type TAdminAuditEntry,
  type TAdminBulkResult,
  type TAdminExport,
  type TAdminGrantPagesInput,
  type TAdminPrintjobRefund,
  type TAdminRefundInput,
  type TAdminPrintjobAction,
  type TAdminPrintjobDetail,
  type TAdminPrintjobList,
  type TAdminUserDetail,
  type TAdminUserList,
  type TDiscountCode,
  type TDiscountCodeInput,
  type TDiscountCodeUpdateInput,
  type TExpressOrder,
  type TExpressOrderAction,
  type TExpressOrderList,
  type TPurchaseRefund,
  type ZAdminPrintjobActionInput,
  type ZAdminPrintjobBulkInput,
  type ZPurchaseRefundInput,
} from '@printomat/shared';
import { z } from 'zod';
import { api } from '../../api/client';

/** Every query of these sections starts with this key, so one invalidation refreshes them all. */
export const OPS_KEY = ['admin-ops'] as const;

// Answers are checked against these in development and tests only (see TResponseSchema).
const RESPONSES = import.meta.env.DEV
  ? {
      printjobs: ZAdminPrintjobList,
      printjob: ZAdminPrintjobDetail,
      printerOptions: z.object({
        printers: z.array(
          z.object({
            id: z.number(),
            name: z.string(),
            is_enabled: z.boolean(),
            maintenance_mode: z.boolean(),
          }),
        ),
      }),
      bulk: ZAdminBulkResult,
      users: ZAdminUserList,
      user: ZAdminUserDetail,
      deleted: z.object({ ok: z.literal(true), email: z.string() }),
      codes: z.object({ codes: z.array(ZDiscountCode) }),
      code: ZDiscountCode,
      orders: ZExpressOrderList,
      order: ZExpressOrder,
      audit: z.object({ entries: z.array(ZAdminAuditEntry) }),
      ok: z.object({ ok: z.literal(true) }),
      refund: ZAdminPrintjobRefund,
      refunded: z.object({ ok: z.literal(true), pages: z.number() }),
      purchaseRefund: ZPurchaseRefund,
    }
  : null;

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
  api.get<TAdminPrintjobList>(`/api/admin/printjobs${search}`, { schema: RESPONSES?.printjobs });
export const fetchPrintjob = (id: number) =>
  api.get<TAdminPrintjobDetail>(`/api/admin/printjobs/${id}`, { schema: RESPONSES?.printjob });
export const fetchPrinterOptions = () =>
  api.get<{ printers: TPrinterOption[] }>('/api/admin/printjobs/printer-options', {
    schema: RESPONSES?.printerOptions,
  });
/** `reason` goes with a fail only (an empty one is not sent). */
export const runPrintjobAction = (
  id: number,
  action: TAdminPrintjobAction,
  printerId?: number,
  reason?: string,
) =>
  api.post<TAdminPrintjobDetail>(
    `/api/admin/printjobs/${id}/${action}`,
    {
      ...(printerId === undefined ? {} : { printer_id: printerId }),
      ...(reason ? { reason } : {}),
    } satisfies z.input<typeof ZAdminPrintjobActionInput>,
    { schema: RESPONSES?.printjob },
  );
export const runBulkAction = (
  action: TAdminPrintjobAction,
  ids: number[],
  printerId?: number,
  reason?: string,
) =>
  api.post<TAdminBulkResult>(
    '/api/admin/printjobs/bulk',
    {
      action,
      ids,
      ...(printerId === undefined ? {} : { printer_id: printerId }),
      ...(reason ? { reason } : {}),
    } satisfies z.input<typeof ZAdminPrintjobBulkInput>,
    { schema: RESPONSES?.bulk },
  );

export const fetchUsers = (search: string) =>
  api.get<TAdminUserList>(`/api/admin/users${search}`, { schema: RESPONSES?.users });
export const fetchUser = (id: number) =>
  api.get<TAdminUserDetail>(`/api/admin/users/${id}`, { schema: RESPONSES?.user });
export const deleteUser = (id: number) =>
  api.delete<{ ok: true; email: string }>(`/api/admin/users/${id}`, {
    schema: RESPONSES?.deleted,
  });

export const fetchDiscountCodes = () =>
  api.get<{ codes: TDiscountCode[] }>('/api/admin/discount-codes', { schema: RESPONSES?.codes });
export const createDiscountCode = (input: TDiscountCodeInput) =>
  api.post<TDiscountCode>('/api/admin/discount-codes', input, { schema: RESPONSES?.code });
export const updateDiscountCode = (id: number, input: TDiscountCodeUpdateInput) =>
  api.patch<TDiscountCode>(`/api/admin/discount-codes/${id}`, input, { schema: RESPONSES?.code });
export const deactivateDiscountCode = (id: number) =>
  api.post<TDiscountCode>(`/api/admin/discount-codes/${id}/deactivate`, undefined, {
    schema: RESPONSES?.code,
  });

export const fetchExpressOrders = (search: string) =>
  api.get<TExpressOrderList>(`/api/admin/express-orders${search}`, { schema: RESPONSES?.orders });
export const fetchExpressOrder = (id: number) =>
  api.get<TExpressOrder>(`/api/admin/express-orders/${id}`, { schema: RESPONSES?.order });
export const runExpressAction = (id: number, action: TExpressOrderAction) =>
  api.post<TExpressOrder>(
    `/api/admin/express-orders/${id}/${action}`,
    {},
    { schema: RESPONSES?.order },
  );

export const fetchAudit = (search: string) =>
  api.get<{ entries: TAdminAuditEntry[] }>(`/api/admin/audit-log${search}`, {
    schema: RESPONSES?.audit,
  });

// ---- support tools (issue 17) ----

export const grantPagesTo = (userId: number, input: TAdminGrantPagesInput) =>
  api.post<{ ok: true }>(`/api/admin/users/${userId}/grants`, input, { schema: RESPONSES?.ok });
export const fetchPrintjobRefund = (id: number) =>
  api.get<TAdminPrintjobRefund>(`/api/admin/printjobs/${id}/refund`, {
    schema: RESPONSES?.refund,
  });
export const refundPrintjob = (id: number, input: TAdminRefundInput) =>
  api.post<{ ok: true; pages: number }>(`/api/admin/printjobs/${id}/refund`, input, {
    schema: RESPONSES?.refunded,
  });
export type TUserSupportAction = 'resend-confirmation' | 'confirm-email' | 'block' | 'unblock';
export const runUserSupportAction = (userId: number, action: TUserSupportAction, reason = '') =>
  api.post<{ ok: true }>(`/api/admin/users/${userId}/${action}`, reason ? { reason } : {}, {
    schema: RESPONSES?.ok,
  });
/** A plain link downloads the file: the session cookie goes along, the server sets the name. */
export const exportUrl = (kind: TAdminExport, from: string, to: string) =>
  `/api/admin/exports/${kind}.csv${queryString({ from, to })}`;

/** A whole package purchase given back (issue 15): the money to the payer, unused pages taken. */
export const refundPurchase = (reference: string, input: z.input<typeof ZPurchaseRefundInput>) =>
  api.post<TPurchaseRefund>(`/api/admin/payments/${encodeURIComponent(reference)}/refund`, input, {
    schema: RESPONSES?.purchaseRefund,
  });

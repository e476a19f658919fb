import type {
  TAdminPrinter,
  TAdminPrinterIndex,
  TAdminPrinterInput,
  TDetectedPrinter,
  TPrinterImageKind,
  TPrinterStatistics,
} from '@printomat/shared';
import { api, ApiError, CSRF_HEADER, currentCsrfToken } from '../../api/client';

export const adminPrintersKey = ['admin', 'printers'] as const;
export const adminPrinterKey = (id: number) => ['admin', 'printers', id] as const;
export const adminPrinterStatsKey = (id: number) =>
  ['admin', 'printers', id, 'statistics'] as const;
export const detectedPrintersKey = ['admin', 'printers', 'detected'] as const;

export const fetchAdminPrinters = () => api.get<TAdminPrinterIndex>('/api/admin/printers');
export const fetchAdminPrinter = (id: number) =>
  api.get<TAdminPrinter>(`/api/admin/printers/${id}`);
export const fetchPrinterStatistics = (id: number) =>
  api.get<TPrinterStatistics>(`/api/admin/printers/${id}/statistics`);
export const fetchDetectedPrinters = () =>
  api.get<{ detected: TDetectedPrinter[] }>('/api/admin/printers/detected');

export const setMaintenance = (id: number, enabled: boolean) =>
  api.post<TAdminPrinter>(`/api/admin/printers/${id}/maintenance`, { enabled });
export const convertToV3 = (id: number) =>
  api.post<TAdminPrinter>(`/api/admin/printers/${id}/convert_v3`, {});
export const rotateAgentSecret = (id: number) =>
  api.post<{ minion_id: string; secret: string }>(`/api/admin/printers/${id}/agent_secret`, {});
export const registerAgent = (id: number, minionId: string) =>
  api.post<{ id: number; minion_id: string; api_version: number }>(
    `/api/admin/printers/${id}/register_agent`,
    { minion_id: minionId },
  );

export type TPrinterImages = Partial<Record<TPrinterImageKind, File>>;

/**
 * Create (`id` null) or edit a printer: the fields as JSON in `data` and the chosen images as
 * files, in one multipart request, so the server checks and saves them together.
 */
export async function savePrinter(
  id: number | null,
  data: TAdminPrinterInput,
  images: TPrinterImages,
): Promise<TAdminPrinter> {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const [kind, file] of Object.entries(images)) if (file) form.append(kind, file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = currentCsrfToken();
  if (token) headers[CSRF_HEADER] = token;
  let response: Response;
  try {
    response = await fetch(id === null ? '/api/admin/printers' : `/api/admin/printers/${id}`, {
      method: id === null ? 'POST' : 'PUT',
      headers,
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network', '');
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (response.ok) return body as TAdminPrinter;
  const error = (body ?? {}) as { code?: unknown; message?: unknown; errors?: unknown };
  throw new ApiError(
    response.status,
    typeof error.code === 'string' ? error.code : 'http_error',
    typeof error.message === 'string' ? error.message : '',
    typeof error.errors === 'object' && error.errors !== null
      ? (error.errors as Record<string, string[]>)
      : {},
  );
}

import {
  ZAdminCity,
  ZAdminCityList,
  ZAdminInboundMessages,
  ZAdminPrinter,
  ZAdminPrinterIndex,
  ZAgentSecret,
  ZDetectedPrinterList,
  ZPrinterStatistics,
  ZRegisteredAgent,
  type TAdminCity,
  type TAdminCityInput,
  type TAdminCityList,
  type TAdminInboundMessages,
  type TDecommissionInput,
  type TAdminPrinter,
  type TAdminPrinterIndex,
  type TAdminPrinterInput,
  type TAgentSecret,
  type TAgentSecretInput,
  type TDetectedPrinterList,
  type TMaintenanceInput,
  type TPrinterImageKind,
  type TPrinterStatistics,
  type TRegisterAgentInput,
  type TRegisteredAgent,
} from '@printomat/shared';
import { api, ApiError, checkResponse, CSRF_HEADER, currentCsrfToken } from '../../api/client';

export const adminPrintersKey = ['admin', 'printers'] as const;
export const adminPrinterKey = (id: number) => ['admin', 'printers', id] as const;
export const adminPrinterStatsKey = (id: number) =>
  ['admin', 'printers', id, 'statistics'] as const;
export const detectedPrintersKey = ['admin', 'printers', 'detected'] as const;
export const adminPrinterInboundKey = (id: number) =>
  ['admin', 'printers', id, 'inbound_messages'] as const;

// Answers are checked against these in development and tests only (see TResponseSchema).
const RESPONSES = import.meta.env.DEV
  ? {
      index: ZAdminPrinterIndex,
      printer: ZAdminPrinter,
      statistics: ZPrinterStatistics,
      detected: ZDetectedPrinterList,
      secret: ZAgentSecret,
      agent: ZRegisteredAgent,
      inbound: ZAdminInboundMessages,
      city: ZAdminCity,
      cities: ZAdminCityList,
    }
  : null;

export const fetchAdminPrinters = () =>
  api.get<TAdminPrinterIndex>('/api/admin/printers', { schema: RESPONSES?.index });
export const fetchAdminPrinter = (id: number) =>
  api.get<TAdminPrinter>(`/api/admin/printers/${id}`, { schema: RESPONSES?.printer });
export const fetchPrinterStatistics = (id: number) =>
  api.get<TPrinterStatistics>(`/api/admin/printers/${id}/statistics`, {
    schema: RESPONSES?.statistics,
  });
export const fetchPrinterInboundMessages = (id: number) =>
  api.get<TAdminInboundMessages>(`/api/admin/printers/${id}/inbound_messages`, {
    schema: RESPONSES?.inbound,
  });
export const fetchDetectedPrinters = () =>
  api.get<TDetectedPrinterList>('/api/admin/printers/detected', {
    schema: RESPONSES?.detected,
  });

export const setMaintenance = (id: number, enabled: boolean) =>
  api.post<TAdminPrinter>(
    `/api/admin/printers/${id}/maintenance`,
    { enabled } satisfies TMaintenanceInput,
    { schema: RESPONSES?.printer },
  );
export const setDecommissioned = (id: number, decommissioned: boolean) =>
  api.post<TAdminPrinter>(
    `/api/admin/printers/${id}/decommission`,
    { decommissioned } satisfies TDecommissionInput,
    { schema: RESPONSES?.printer },
  );

export const adminCitiesKey = ['admin', 'cities'] as const;
export const fetchAdminCities = () =>
  api.get<TAdminCityList>('/api/admin/cities', { schema: RESPONSES?.cities });
/** Adds a city (id null) or changes one. */
export const saveCity = (id: number | null, input: TAdminCityInput) =>
  id === null
    ? api.post<TAdminCity>('/api/admin/cities', input, { schema: RESPONSES?.city })
    : api.put<TAdminCity>(`/api/admin/cities/${id}`, input, { schema: RESPONSES?.city });

export const convertToV3 = (id: number) =>
  api.post<TAdminPrinter>(
    `/api/admin/printers/${id}/convert_v3`,
    {},
    { schema: RESPONSES?.printer },
  );
export const rotateAgentSecret = (id: number) =>
  api.post<TAgentSecret>(`/api/admin/printers/${id}/agent_secret`, {} satisfies TAgentSecretInput, {
    schema: RESPONSES?.secret,
  });
export const registerAgent = (id: number, minionId: string) =>
  api.post<TRegisteredAgent>(
    `/api/admin/printers/${id}/register_agent`,
    { minion_id: minionId } satisfies TRegisterAgentInput,
    { schema: RESPONSES?.agent },
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
  if (response.ok) {
    const path = id === null ? '/api/admin/printers' : `/api/admin/printers/${id}`;
    return checkResponse(`${id === null ? 'POST' : 'PUT'} ${path}`, RESPONSES?.printer, body);
  }
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

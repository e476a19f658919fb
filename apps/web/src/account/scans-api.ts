import { useQuery } from '@tanstack/react-query';
import { ZOk, ZScanList, type TScanList } from '@printomat/shared';
import { api } from '../api/client';

export const SCANS_QUERY_KEY = ['scans'] as const;

// Answers are checked against these in development and tests only (see TResponseSchema).
const RESPONSES = import.meta.env.DEV ? { scans: ZScanList, ok: ZOk } : null;

/** The person's scans made at printers, newest first (issue 16). */
export function useScans() {
  return useQuery({
    queryKey: SCANS_QUERY_KEY,
    queryFn: () => api.get<TScanList>('/ajax/scans', { schema: RESPONSES?.scans }),
  });
}

export const deleteScan = (id: number) =>
  api.delete<{ ok: true }>(`/ajax/scans/${id}`, { schema: RESPONSES?.ok });

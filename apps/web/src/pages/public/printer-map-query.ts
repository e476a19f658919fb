import { useQuery } from '@tanstack/react-query';
import type { TPrinterMap } from '@printomat/shared';
import { api } from '../../api/client';

/**
 * The same query as the printer map's (`src/map/map-api.ts`): one cache entry for
 * `GET /api/map`, which a pre-rendered page also arrives with.
 */
export const PUBLIC_PRINTER_MAP_QUERY_KEY = ['printer-map'] as const;

/** `GET /api/map` (public): cities and every printer. The public pages count them. */
export function usePrinterMap() {
  return useQuery({
    queryKey: PUBLIC_PRINTER_MAP_QUERY_KEY,
    queryFn: () => api.get<TPrinterMap>('/api/map'),
  });
}

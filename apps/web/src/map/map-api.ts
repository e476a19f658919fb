import { useQuery } from '@tanstack/react-query';
import type { TLocationSuggestionInput, TPrinterMap } from '@printomat/shared';
import { api } from '../api/client';

export const PRINTER_MAP_QUERY_KEY = ['printer-map'] as const;

/** `GET /api/map`: public; every city and printer with its live state, and the tile server. */
export const fetchPrinterMap = () => api.get<TPrinterMap>('/api/map');

export function usePrinterMap() {
  return useQuery({ queryKey: PRINTER_MAP_QUERY_KEY, queryFn: fetchPrinterMap });
}

/** `POST /api/mailings/report_location`: public (CSRF header from the api client), rate-limited. */
export const suggestLocation = (input: TLocationSuggestionInput) =>
  api.post<{ id: number }>('/api/mailings/report_location', input);

import { useQuery } from '@tanstack/react-query';
import { ZPrinterMap, type TLocationSuggestionInput, type TPrinterMap } from '@printomat/shared';
import { z } from 'zod';
import { api } from '../api/client';

export const PRINTER_MAP_QUERY_KEY = ['printer-map'] as const;

// Answers are checked against these in development and tests only (see TResponseSchema).
const RESPONSES = import.meta.env.DEV
  ? { map: ZPrinterMap, suggestion: z.object({ id: z.number() }) }
  : null;

/** `GET /api/map`: public; every city and printer with its live state, and the tile server. */
export const fetchPrinterMap = () => api.get<TPrinterMap>('/api/map', { schema: RESPONSES?.map });

export function usePrinterMap() {
  return useQuery({ queryKey: PRINTER_MAP_QUERY_KEY, queryFn: fetchPrinterMap });
}

/** `POST /api/mailings/report_location`: public (CSRF header from the api client), rate-limited. */
export const suggestLocation = (input: TLocationSuggestionInput) =>
  api.post<{ id: number }>('/api/mailings/report_location', input, {
    schema: RESPONSES?.suggestion,
  });

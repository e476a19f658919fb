import { ZPublicPrinter, type TPublicPrinter } from '@printomat/shared';
import { api } from './client';

// Checked in development and tests only (see TResponseSchema).
const RESPONSES = import.meta.env.DEV ? { printer: ZPublicPrinter } : null;

export const printerQueryKey = (id: number) => ['printer', id] as const;

/** `GET /api/printers/:id`: public, no sign-in needed; 404 for an unknown printer. */
export const fetchPrinter = (id: number) =>
  api.get<TPublicPrinter>(`/api/printers/${id}`, { schema: RESPONSES?.printer });

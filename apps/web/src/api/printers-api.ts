import type { TPublicPrinter } from '@printomat/shared';
import { api } from './client';

export const printerQueryKey = (id: number) => ['printer', id] as const;

/** `GET /api/printers/:id`: public, no sign-in needed; 404 for an unknown printer. */
export const fetchPrinter = (id: number) => api.get<TPublicPrinter>(`/api/printers/${id}`);

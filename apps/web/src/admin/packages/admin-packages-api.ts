import { ZAdminPackage, type TAdminPackage, type TPackageInput } from '@printomat/shared';
import { z } from 'zod';
import { api } from '../../api/client';

export const adminPackagesKey = ['admin', 'packages'] as const;

// Answers are checked against these in development and tests only (see TResponseSchema).
const RESPONSES = import.meta.env.DEV
  ? { list: z.object({ packages: z.array(ZAdminPackage) }), package: ZAdminPackage }
  : null;

export const fetchAdminPackages = () =>
  api.get<{ packages: TAdminPackage[] }>('/api/admin/packages', { schema: RESPONSES?.list });
export const createAdminPackage = (input: TPackageInput) =>
  api.post<TAdminPackage>('/api/admin/packages', input, { schema: RESPONSES?.package });
export const updateAdminPackage = (id: number, input: TPackageInput) =>
  api.put<TAdminPackage>(`/api/admin/packages/${id}`, input, { schema: RESPONSES?.package });
export const deactivateAdminPackage = (id: number) =>
  api.post<TAdminPackage>(
    `/api/admin/packages/${id}/deactivate`,
    {},
    { schema: RESPONSES?.package },
  );

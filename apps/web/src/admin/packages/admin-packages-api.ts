import type { TAdminPackage, TPackageInput } from '@printomat/shared';
import { api } from '../../api/client';

export const adminPackagesKey = ['admin', 'packages'] as const;

export const fetchAdminPackages = () =>
  api.get<{ packages: TAdminPackage[] }>('/api/admin/packages');
export const createAdminPackage = (input: TPackageInput) =>
  api.post<TAdminPackage>('/api/admin/packages', input);
export const updateAdminPackage = (id: number, input: TPackageInput) =>
  api.put<TAdminPackage>(`/api/admin/packages/${id}`, input);
export const deactivateAdminPackage = (id: number) =>
  api.post<TAdminPackage>(`/api/admin/packages/${id}/deactivate`, {});

import { useQuery } from '@tanstack/react-query';
import {
  ZBusinessPackageList,
  ZBusinessProfile,
  ZBusinessPurchase,
  ZInvoiceList,
  ZUserAnswer,
  type TBusinessPackageList,
  type TBusinessProfile,
  type TBusinessPurchase,
  type TUserAnswer,
  type ZBusinessDetailsInput,
  type ZBusinessSignUpInput,
  type TInvoiceSummary,
} from '@printomat/shared';
import { z } from 'zod';
import { api } from '../api/client';

// Business accounts (issue 15): sign-up, turning a personal account into a business one, the
// company's details, the business packages (also on the public /business page), purchases and
// invoices. Request bodies are the shared schemas' input types; the forms check them first.
export type TBusinessSignUpPayload = z.input<typeof ZBusinessSignUpInput>;
export type TBusinessDetailsPayload = z.input<typeof ZBusinessDetailsInput>;
export type TInvoiceList = { invoices: TInvoiceSummary[] };
export type TBusinessPurchaseList = { purchases: TBusinessPurchase[] };

export const BUSINESS_PACKAGES_QUERY_KEY = ['business', 'packages'] as const;
export const BUSINESS_PROFILE_QUERY_KEY = ['business', 'profile'] as const;
export const BUSINESS_PURCHASES_QUERY_KEY = ['business', 'purchases'] as const;
export const BUSINESS_INVOICES_QUERY_KEY = ['business', 'invoices'] as const;

// Answers are checked against these in development and tests only (see TResponseSchema).
const RESPONSES = import.meta.env.DEV
  ? {
      user: ZUserAnswer,
      profile: ZBusinessProfile,
      packages: ZBusinessPackageList,
      purchases: z.object({ purchases: z.array(ZBusinessPurchase) }),
      invoices: ZInvoiceList,
    }
  : null;

/** `GET /api/business/packages` (public): the business offer with net, VAT and gross prices. */
export const fetchBusinessPackages = () =>
  api.get<TBusinessPackageList>('/api/business/packages', { schema: RESPONSES?.packages });

export function useBusinessPackages() {
  return useQuery({ queryKey: BUSINESS_PACKAGES_QUERY_KEY, queryFn: fetchBusinessPackages });
}

/** `POST /api/business/sign-up`: the account and its company at once; signs the person in. */
export const signUpBusiness = (payload: TBusinessSignUpPayload) =>
  api.post<TUserAnswer>('/api/business/sign-up', payload, { schema: RESPONSES?.user });

/** `POST /api/business/convert`: the signed-in personal account becomes a business one. */
export const convertToBusiness = (payload: TBusinessDetailsPayload) =>
  api.post<TBusinessProfile>('/api/business/convert', payload, { schema: RESPONSES?.profile });

export const updateBusinessProfile = (payload: TBusinessDetailsPayload) =>
  api.put<TBusinessProfile>('/api/business/profile', payload, { schema: RESPONSES?.profile });

export function useBusinessProfile(enabled = true) {
  return useQuery({
    queryKey: BUSINESS_PROFILE_QUERY_KEY,
    queryFn: () =>
      api.get<TBusinessProfile>('/api/business/profile', { schema: RESPONSES?.profile }),
    enabled,
  });
}

export function useBusinessPurchases() {
  return useQuery({
    queryKey: BUSINESS_PURCHASES_QUERY_KEY,
    queryFn: () =>
      api.get<TBusinessPurchaseList>('/api/business/purchases', {
        schema: RESPONSES?.purchases,
      }),
  });
}

export function useBusinessInvoices() {
  return useQuery({
    queryKey: BUSINESS_INVOICES_QUERY_KEY,
    queryFn: () => api.get<TInvoiceList>('/api/business/invoices', { schema: RESPONSES?.invoices }),
  });
}

import { useQuery } from '@tanstack/react-query';
import {
  ZCardSetup,
  ZCheckoutRedirect,
  ZPackageList,
  ZPayment,
  ZPaymentList,
  type TCardSetup,
  type TCheckoutRedirect,
  type TPackageList,
  type TPayment,
  type TPaymentList,
  type ZPurchaseInput,
} from '@printomat/shared';
import type { z } from 'zod';
import { api } from '../api/client';

export const PACKAGES_QUERY_KEY = ['packages'] as const;
export const PAYMENTS_QUERY_KEY = ['payments'] as const;
export const paymentQueryKey = (reference: string) => ['payment', reference] as const;
export const cardSetupQueryKey = (reference: string) => ['card-setup', reference] as const;

// Answers are checked against these in development and tests only (see TResponseSchema).
const RESPONSES = import.meta.env.DEV
  ? {
      packages: ZPackageList,
      redirect: ZCheckoutRedirect,
      payment: ZPayment,
      payments: ZPaymentList,
      cardSetup: ZCardSetup,
    }
  : null;

/** How often a payment or card waiting for the provider's confirmation is read again. */
export const PAYMENT_POLL_MS = 2_000;

/** `GET /api/packages`: every package on sale (public; pre-rendered with /kup-pakiet). */
export const fetchPackages = () =>
  api.get<TPackageList>('/api/packages', { schema: RESPONSES?.packages });

export function usePackages() {
  return useQuery({ queryKey: PACKAGES_QUERY_KEY, queryFn: fetchPackages });
}

/** `POST /api/payments`: answers the provider page to send the payer to. */
export const startPurchase = (input: z.input<typeof ZPurchaseInput>) =>
  api.post<TCheckoutRedirect>('/api/payments', input, { schema: RESPONSES?.redirect });

export const startCardSetup = () =>
  api.post<TCheckoutRedirect>('/api/cards/setup', undefined, { schema: RESPONSES?.redirect });

export function usePayment(reference: string) {
  return useQuery({
    queryKey: paymentQueryKey(reference),
    queryFn: () =>
      api.get<TPayment>(`/api/payments/${encodeURIComponent(reference)}`, {
        schema: RESPONSES?.payment,
      }),
    // Until the provider's notification arrives; a final state is never read again.
    refetchInterval: (query) =>
      query.state.data?.status === 'processing' ? PAYMENT_POLL_MS : false,
  });
}

export function usePayments() {
  return useQuery({
    queryKey: PAYMENTS_QUERY_KEY,
    queryFn: () => api.get<TPaymentList>('/api/payments', { schema: RESPONSES?.payments }),
  });
}

export function useCardSetup(reference: string | null) {
  return useQuery({
    queryKey: cardSetupQueryKey(reference ?? ''),
    queryFn: () =>
      api.get<TCardSetup>(`/api/cards/setups/${encodeURIComponent(reference ?? '')}`, {
        schema: RESPONSES?.cardSetup,
      }),
    enabled: reference !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PAYMENT_POLL_MS : false),
  });
}

/** A fresh key per purchase attempt: a double click or a retried request buys once. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Leaves the app for the provider's hosted page (a full navigation, like any provider). */
export function goToProvider(url: string): void {
  window.location.assign(url);
}

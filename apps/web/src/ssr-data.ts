import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Data the server rendered a page with, handed to the browser so hydration sees the same. */
export interface TSsrData {
  queries: Array<[QueryKey, unknown]>;
}

export const SSR_DATA_ID = 'printomat-ssr-data';

export function seedQueryClient(client: QueryClient, data: TSsrData): void {
  for (const [key, value] of data.queries) client.setQueryData(key, value);
}

/** The embedded data of a pre-rendered page, or null for the plain page shell. */
export function readSsrData(): TSsrData | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(SSR_DATA_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as TSsrData;
  } catch {
    return null;
  }
}

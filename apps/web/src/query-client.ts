import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/client';

const STALE_MS = 30_000; // 30 s

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_MS,
        // 4xx answers will not change by asking again; network trouble might.
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

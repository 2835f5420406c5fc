import { QueryClient } from '@tanstack/react-query';

const MINUTE = 60_000;

/**
 * Cache policy from the product spec (§7): data is fresh for 5 minutes, unused cache is dropped
 * after 10 minutes, no refetch on window focus or on an interval, and no retries unless a feature
 * hook asks for them.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * MINUTE,
        gcTime: 10 * MINUTE,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

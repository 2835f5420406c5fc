import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../trpc';
import { patchStepStats } from './stats-cache';

/** Spec §7/§9: polled every 30 s, stale after 10 s. The pushed completion (`activities.onCompleted`) is primary; polling is the fallback. */
export const STATS_REFETCH_INTERVAL_MS = 30_000;
export const STATS_STALE_TIME_MS = 10_000;

/** The signed-in user's step stats (`activities.stats`, own user). Shared by the counter and /profile. */
export function useStepStatsQuery() {
  const trpc = useTRPC();
  return useQuery(
    trpc.activities.stats.queryOptions(undefined, {
      staleTime: STATS_STALE_TIME_MS,
      refetchInterval: STATS_REFETCH_INTERVAL_MS,
    }),
  );
}

/**
 * Writes new totals into the cached stats at once, then refetches so the per-activity figures follow.
 */
export function useUpdateStepStats(): (update: { totalSteps: number; todaySteps?: number }) => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    (update) => {
      const queryKey = trpc.activities.stats.queryKey();
      queryClient.setQueryData(queryKey, (current) => patchStepStats(current, update));
      void queryClient.invalidateQueries({ queryKey });
    },
    [queryClient, trpc],
  );
}

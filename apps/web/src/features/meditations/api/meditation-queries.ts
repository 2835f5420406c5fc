import type { AppRouter } from '@ascenso/api/router';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useTRPC } from '#lib/trpc';

type Outputs = inferRouterOutputs<AppRouter>;
export type TodayMeditation = Outputs['meditations']['today'];
export type MeditationSummary = Outputs['meditations']['list'][number];
export type MeditationDetail = Outputs['meditations']['get'];

/** Spec §7/§9: today's audio is fresh for 60 s and retried up to 3 times, 2^n seconds apart. */
export const TODAY_STALE_MS = 60_000;
export const TODAY_RETRIES = 3;
export function todayRetryDelay(failureCount: number): number {
  return 1000 * 2 ** failureCount;
}

export function useTodayMeditation() {
  const trpc = useTRPC();
  return useQuery(
    trpc.meditations.today.queryOptions(undefined, {
      staleTime: TODAY_STALE_MS,
      retry: TODAY_RETRIES,
      retryDelay: todayRetryDelay,
    }),
  );
}

export function useMeditationList() {
  const trpc = useTRPC();
  return useQuery(trpc.meditations.list.queryOptions(undefined, { staleTime: TODAY_STALE_MS }));
}

export function useMeditation(id: string) {
  const trpc = useTRPC();
  return useQuery(trpc.meditations.get.queryOptions({ id }, { staleTime: TODAY_STALE_MS }));
}

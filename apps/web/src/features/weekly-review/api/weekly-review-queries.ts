import type { AppRouter } from '@ascenso/api/router';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useTRPC } from '#lib/trpc';

export type WeeklyReview = inferRouterOutputs<AppRouter>['weeklyReview']['get'];

/** One week's review (`week` undefined: the current local week). A refused week (400) is not retried. */
export function useWeeklyReview(week: string | undefined) {
  const trpc = useTRPC();
  return useQuery(
    trpc.weeklyReview.get.queryOptions(week ? { week } : undefined, {
      staleTime: 60_000,
      retry: (failures, error) => failures < 2 && (error as { data?: { httpStatus?: number } }).data?.httpStatus !== 400,
    }),
  );
}

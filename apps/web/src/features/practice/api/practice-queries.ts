import type { AppRouter } from '@ascenso/api/router';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useTRPC } from '#lib/trpc';

export type PracticeCatalogue = inferRouterOutputs<AppRouter>['practice']['catalogue'];
export type BreathingPatternView = PracticeCatalogue['breathing'][number];
export type FitnessClassView = PracticeCatalogue['fitness'][number];
export type ActiveBreakView = PracticeCatalogue['activeBreaks'][number];

/** The practice catalogue (breathing patterns, fitness classes, active breaks): static, cached for the session. */
export function usePracticeCatalogue() {
  const trpc = useTRPC();
  return useQuery(trpc.practice.catalogue.queryOptions(undefined, { staleTime: Number.POSITIVE_INFINITY }));
}

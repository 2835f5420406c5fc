import type { AppRouter } from '@ascenso/api/router';
import type { inferRouterOutputs } from '@trpc/server';

/** `activities.stats` as the API returns it. */
export type StepStats = inferRouterOutputs<AppRouter>['activities']['stats'];
export type ActivityProgress = StepStats['stats']['byActivity'][number];

/**
 * Applies a pushed or returned total to cached stats. Without cached stats there is nothing to patch
 * (the caller invalidates, and the next fetch brings the whole object).
 */
export function patchStepStats(current: StepStats | undefined, update: { totalSteps: number; todaySteps?: number }): StepStats | undefined {
  if (!current) return undefined;
  return {
    stats: {
      ...current.stats,
      totalSteps: update.totalSteps,
      todaySteps: update.todaySteps ?? current.stats.todaySteps,
    },
  };
}

import { localDay } from '@ascenso/domain/calendar';
import { progressAfterCompletion } from '@ascenso/domain/plan-progress';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvents } from '#lib/realtime/realtime-provider';
import { useSignedInUser } from '#lib/session';
import { useTRPC } from '#lib/trpc';

/**
 * Keeps the cached plan's progress (`dailyPlan.today`'s `completedToday`) in step with the pushed
 * completions (`activities.onCompleted`, decision 020), like the step counter: a completion in another
 * tab, or in this one on another page, marks its plan item at once, without a request. Mounted once
 * for the signed-in app (not by the plan card), so a completion made while Home is not shown is in the
 * cache when Home comes back. The completion's day is the user's local day of its `completedAt`; only
 * a completion of the plan's day marks it. A completion of a later day means the day has rolled
 * over: today's plan (which starts undone) is fetched instead.
 */
export function useLivePlanProgress(): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { timezone } = useSignedInUser();
  useRealtimeEvents(({ completion }) => {
    const queryKey = trpc.dailyPlan.today.queryKey();
    const current = queryClient.getQueryData(queryKey);
    const plan = current?.plan;
    let refetch = queryClient.isFetching({ queryKey }) > 0; // its answer may have been read before this completion
    if (plan) {
      const next = progressAfterCompletion(plan, completion.activityType, localDay(new Date(completion.completedAt), timezone));
      // The pushed key is the activity row's key: one of the catalogue's, as the plan's list holds.
      if (next.completedToday)
        queryClient.setQueryData(queryKey, { ...current, plan: { ...plan, completedToday: next.completedToday as typeof plan.completedToday } });
      refetch ||= next.stale;
    }
    if (refetch) void queryClient.invalidateQueries({ queryKey });
  });
}

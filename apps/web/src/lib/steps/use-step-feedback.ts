import type { AppRouter } from '@ascenso/api/router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useCallback, useRef } from 'react';
import { useRealtimeEvents } from '../realtime/realtime-provider';
import { useUpdateStepStats } from './use-step-stats';
import { useTRPC } from '../trpc';
import { toastFromCompletion } from './completion-toast';
import { tabStepToasts } from './tab-step-toasts';

type Outputs = inferRouterOutputs<AppRouter>;
export type PracticeCompletion = Outputs['practice']['complete'];
export type AudioCompletion = Outputs['meditations']['audioComplete'];

/** How long to wait for the pushed completion (`activities.onCompleted`) of an award whose id the answer does not carry. */
export const PUSH_WAIT_MS = 1500;

/**
 * Feeds a completion into the step toasts and the cached stats, as `useCompleteActivity` does: the
 * toast is queued once per activityId in this tab (shared with the pushed completion of the same award) and
 * the stats take the new total.
 */
export function useStepFeedback() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const catalogue = useQuery(trpc.activities.catalogue.queryOptions());
  const updateStats = useUpdateStepStats();
  // activityType → when its latest `activity_completed` push arrived here.
  const pushes = useRef(new Map<string, number>());

  useRealtimeEvents(({ completion }) => {
    pushes.current.set(completion.activityType, Date.now());
  });

  const refreshStats = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.activities.stats.queryKey() });
  }, [queryClient, trpc]);

  /** `practice.complete` answers the full CompletionResult: the same path as `activities.complete`. */
  const fromCompletion = useCallback(
    (result: PracticeCompletion) => {
      updateStats({ totalSteps: result.totalSteps });
      tabStepToasts.enqueue(toastFromCompletion(result, catalogue.data));
    },
    [catalogue.data, updateStats],
  );

  /** `journaling.create` carries the award's id but not the total: queue the toast, refetch the stats. */
  const fromJournal = useCallback(
    (result: { activityId: string | null; stepsEarned: number; limitReached: boolean }) => {
      if (!result.activityId) return;
      const dailyLimit = catalogue.data?.find((a) => a.key === 'journaling')?.dailyLimit ?? 2;
      tabStepToasts.enqueue(toastFromCompletion({ ...result, activityId: result.activityId, activityKey: 'journaling', dailyLimit }, catalogue.data));
      refreshStats();
    },
    [catalogue.data, refreshStats],
  );

  /**
   * `audio-complete` answers without the award's id. The server also pushes the award (which
   * the step toasts already show, once); only when no push for this activity arrives in time is a
   * toast queued here, so a toast always appears and never twice.
   */
  const fromAudio = useCallback(
    async (result: AudioCompletion, sentAt: number) => {
      refreshStats();
      if (result.stepsEarned <= 0 && !result.limitReached) return;
      const pushed = () => (pushes.current.get(result.activityKey) ?? 0) >= sentAt;
      const deadline = Date.now() + PUSH_WAIT_MS;
      while (!pushed() && Date.now() < deadline) {
        await new Promise((resolve) => window.setTimeout(resolve, 100));
      }
      if (pushed()) return;
      const dailyLimit = catalogue.data?.find((a) => a.key === result.activityKey)?.dailyLimit ?? 1;
      tabStepToasts.enqueue(
        toastFromCompletion(
          {
            activityId: `audio-${crypto.randomUUID()}`,
            activityKey: result.activityKey,
            stepsEarned: result.stepsEarned,
            limitReached: result.limitReached,
            dailyLimit,
          },
          catalogue.data,
        ),
      );
    },
    [catalogue.data, refreshStats],
  );

  return { fromCompletion, fromJournal, fromAudio, refreshStats };
}

import { useRealtimeEvents } from '#lib/realtime/realtime-provider';
import { useUpdateStepStats } from '#lib/steps/use-step-stats';
import { toastFromEvent } from '#lib/steps/completion-toast';
import { tabStepToasts } from '#lib/steps/tab-step-toasts';

/**
 * Feeds the pushed completions (`activities.onCompleted`) into the app: the new totals patch the cached
 * stats (and refresh the per-activity figures); the completion queues a step toast (once per
 * activityId in this tab).
 */
export function useLiveSteps(): void {
  const updateStats = useUpdateStepStats();
  useRealtimeEvents(({ completion, stats }) => {
    updateStats(stats);
    tabStepToasts.enqueue(toastFromEvent(completion));
  });
}

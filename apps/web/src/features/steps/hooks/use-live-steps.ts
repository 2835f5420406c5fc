import { useRealtimeEvents } from '../../../lib/realtime/realtime-provider';
import { useUpdateStepStats } from '../../../lib/steps/use-step-stats';
import { toastFromEvent } from '../utils/completion-toast';
import { tabStepToasts } from '../utils/tab-step-toasts';

/**
 * Feeds the `/ws` pushes into the app: `stats_updated` patches the cached totals (and refreshes the
 * per-activity figures); `activity_completed` queues a step toast (once per activityId in this tab).
 */
export function useLiveSteps(): void {
  const updateStats = useUpdateStepStats();
  useRealtimeEvents((event) => {
    if (event.type === 'stats_updated') updateStats(event.data);
    else tabStepToasts.enqueue(toastFromEvent(event.data));
  });
}

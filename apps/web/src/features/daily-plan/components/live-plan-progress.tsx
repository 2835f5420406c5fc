import { useLivePlanProgress } from '../hooks/use-live-plan-progress';

/** Renders nothing: mounts useLivePlanProgress once for the signed-in app (inside its realtime provider). */
export function LivePlanProgress() {
  useLivePlanProgress();
  return null;
}

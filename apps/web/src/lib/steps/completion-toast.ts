import type { ActivityCompletion } from '../realtime/realtime-provider';
import type { StepToastInput } from './step-toast-queue';

/** A toast from a pushed completion (`activities.onCompleted`). */
export function toastFromEvent(data: ActivityCompletion): StepToastInput {
  return {
    activityId: data.activityId,
    activityName: data.activityName,
    stepsEarned: data.stepsEarned,
    limitReached: data.limitReached,
    dailyLimit: data.dailyLimit,
    icon: data.icon || undefined,
  };
}

interface CompletionLike {
  activityId: string;
  activityKey: string;
  stepsEarned: number;
  limitReached: boolean;
  dailyLimit: number;
}

interface CatalogueEntryLike {
  key: string;
  name: string;
  icon: string;
}

/** A toast from the answer of `activities.complete`; the name and icon come from the catalogue. */
export function toastFromCompletion(result: CompletionLike, catalogue: readonly CatalogueEntryLike[] | undefined): StepToastInput {
  const entry = catalogue?.find((activity) => activity.key === result.activityKey);
  return {
    activityId: result.activityId,
    activityName: entry?.name ?? '',
    stepsEarned: result.stepsEarned,
    limitReached: result.limitReached,
    dailyLimit: result.dailyLimit,
    icon: entry?.icon,
  };
}

import { useSyncExternalStore } from 'react';
import type { StepToast } from '#lib/steps/step-toast-queue';
import { tabStepToasts } from '#lib/steps/tab-step-toasts';

/** The toasts on screen now (at most 3), oldest first. */
export function useStepToasts(): readonly StepToast[] {
  return useSyncExternalStore(tabStepToasts.subscribe, tabStepToasts.getSnapshot, tabStepToasts.getSnapshot);
}

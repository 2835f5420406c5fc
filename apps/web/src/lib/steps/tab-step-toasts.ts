import { createStepToastQueue } from './step-toast-queue';

/**
 * This tab's step toasts. One queue per tab (one module instance per page) so the completion result
 * and the pushed completion of the same activityId share one "seen" set and toast exactly once.
 */
export const tabStepToasts = createStepToastQueue({
  timers: {
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    now: () => Date.now(),
  },
  reducedMotion: () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
});

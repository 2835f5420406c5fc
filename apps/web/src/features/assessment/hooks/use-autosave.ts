import type { ProgressInput } from '@ascenso/domain/assessment';
import { useEffect, useState } from 'react';
import { useTRPCClient } from '#lib/trpc';
import { AUTOSAVE_DEBOUNCE_MS, createAutosaveScheduler, type AutosaveScheduler, type AutosaveStatus } from '../utils/autosave-scheduler';
import { progressPayload, type WizardState } from '../utils/wizard-state';

/**
 * Spec §4: every answer and every step change triggers a debounced (2 s) `assessment.saveProgress`.
 * A failed save is only logged and clears the indicator. A save still waiting when the wizard
 * unmounts is sent at once, so leaving right after answering loses nothing.
 */
export function useAutosave(state: WizardState, enabled: boolean): { status: AutosaveStatus; scheduler: AutosaveScheduler<ProgressInput> } {
  const client = useTRPCClient();
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const [scheduler] = useState(() =>
    createAutosaveScheduler<ProgressInput>({
      delayMs: AUTOSAVE_DEBOUNCE_MS,
      save: (payload) => client.assessment.saveProgress.mutate(payload),
      onStatusChange: setStatus,
    }),
  );

  useEffect(() => {
    // revision 0 = just loaded (or reset): nothing changed, nothing to save.
    if (enabled && state.revision > 0) scheduler.schedule(progressPayload(state));
  }, [enabled, scheduler, state]);

  useEffect(() => () => scheduler.flush(), [scheduler]);

  return { status, scheduler };
}

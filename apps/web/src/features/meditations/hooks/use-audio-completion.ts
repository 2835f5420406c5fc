import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTRPC, useTRPCClient } from '#lib/trpc';
import { useStepFeedback } from '#lib/steps/use-step-feedback';
import { isRefusal, refusalMessage } from '#lib/server-message';

export type CompletionNote = { kind: 'saving' } | { kind: 'earned'; stepsEarned: number } | { kind: 'note'; message: string } | null;

/**
 * What happens when an audio ends (spec §7): PATCH …/completed, then POST …/audio-complete with what
 * was really heard; on success the step toast and the stats refresh. Failures are only logged; an
 * honest refusal from the server (too early, under 90 %) is shown as a gentle note.
 */
export function useAudioCompletion() {
  const trpc = useTRPC();
  const trpcClient = useTRPCClient();
  const queryClient = useQueryClient();
  const { fromAudio } = useStepFeedback();
  const [note, setNote] = useState<CompletionNote>(null);

  const complete = useCallback(
    async ({ meditationId, isToday, percentage }: { meditationId: string; isToday: boolean; percentage: number }) => {
      setNote({ kind: 'saving' });
      try {
        await trpcClient.meditations.markCompleted.mutate({ id: meditationId, completed: true });
      } catch (error) {
        if (isRefusal(error)) setNote({ kind: 'note', message: refusalMessage(error) });
        else setNote(null);
        console.warn('[audio] could not mark the audio as completed', error);
        return;
      }
      try {
        const sentAt = Date.now();
        const result = await trpcClient.meditations.audioComplete.mutate({
          is_today: isToday,
          completion_percentage: percentage,
        });
        void queryClient.invalidateQueries({ queryKey: trpc.meditations.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.meditations.get.queryKey({ id: meditationId }) });
        if (result.stepsEarned > 0) setNote({ kind: 'earned', stepsEarned: result.stepsEarned });
        else setNote(result.reason ? { kind: 'note', message: result.reason } : null);
        await fromAudio(result, sentAt);
      } catch (error) {
        if (isRefusal(error)) setNote({ kind: 'note', message: refusalMessage(error) });
        else setNote(null);
        console.warn('[audio] could not record the listen', error);
      }
    },
    [fromAudio, queryClient, trpc, trpcClient],
  );

  const clearNote = useCallback(() => setNote(null), []);

  return { complete, note, clearNote };
}

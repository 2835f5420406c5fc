import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from './trpc';

/**
 * Whether this server can transcribe (`voice.capability`, decision 030), for the step counter's voice
 * button and the recorder. It is a first-screen query (packages/domain/src/bootstrap.ts): the page
 * carries the answer, so the button knows before it is pressed without a request of its own.
 *
 * - `available`: the button opens the recorder;
 * - `unavailable`: no transcription server; the button says why and opens nothing;
 * - `checking`: no answer yet (just signed in, before the first answer arrives);
 * - `unknown`: the question failed; pressing the button asks again.
 */
export type VoiceAvailability = 'available' | 'unavailable' | 'checking' | 'unknown';

export function useVoiceAvailability(): { availability: VoiceAvailability; recheck: () => void } {
  const trpc = useTRPC();
  // The configuration changes only when the server restarts: never stale on its own. An upload that
  // finds no server after all marks it (useVoiceUnavailable).
  const query = useQuery(trpc.voice.capability.queryOptions(undefined, { staleTime: Number.POSITIVE_INFINITY }));
  const { refetch } = query;
  const recheck = useCallback(() => {
    void refetch();
  }, [refetch]);
  const availability: VoiceAvailability = query.data
    ? query.data.available
      ? 'available'
      : 'unavailable'
    : query.isError && !query.isFetching
      ? 'unknown'
      : 'checking';
  return { availability, recheck };
}

/** For the recorder: the server answered an upload with VOICE_UNAVAILABLE, so the button stops offering voice. */
export function useVoiceUnavailable(): () => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => {
    queryClient.setQueryData(trpc.voice.capability.queryKey(), (current) => (current ? { ...current, available: false } : current));
  }, [queryClient, trpc]);
}

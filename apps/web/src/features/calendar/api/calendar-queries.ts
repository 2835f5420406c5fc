import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '#lib/trpc';

/** Whether the user has a calendar feed (the URL itself is shown only when it is created). */
export function useCalendarFeedStatus() {
  const trpc = useTRPC();
  return useQuery(trpc.calendar.status.queryOptions(undefined, { staleTime: 30_000 }));
}

/** Creates the feed, or replaces it (the previous URL stops working). */
export function useCreateCalendarFeed() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.calendar.create.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.calendar.status.queryKey() }) }));
}

export function useRevokeCalendarFeed() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.calendar.revoke.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.calendar.status.queryKey() }) }));
}

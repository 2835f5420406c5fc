import { useMutation, useQuery } from '@tanstack/react-query';
import { useTRPC } from '#lib/trpc';
import { useRefetchOnSettled } from '#lib/use-invalidate';

/** Whether the user has a calendar feed (the URL itself is shown only when it is created). */
export function useCalendarFeedStatus() {
  const trpc = useTRPC();
  return useQuery(trpc.calendar.status.queryOptions(undefined, { staleTime: 30_000 }));
}

/** Creates the feed, or replaces it (the previous URL stops working); the status follows. */
export function useCreateCalendarFeed() {
  const trpc = useTRPC();
  return useMutation(trpc.calendar.create.mutationOptions(useRefetchOnSettled(trpc.calendar.status.queryKey())));
}

export function useRevokeCalendarFeed() {
  const trpc = useTRPC();
  return useMutation(trpc.calendar.revoke.mutationOptions(useRefetchOnSettled(trpc.calendar.status.queryKey())));
}

import type { AppRouter } from '@ascenso/api/router';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useTRPC } from '#lib/trpc';
import { useRefetchOnSettled } from '#lib/use-invalidate';

export type ShareSummary = inferRouterOutputs<AppRouter>['shares']['list'][number];
export type JournalEntrySummary = inferRouterOutputs<AppRouter>['journaling']['list'][number];

/** The user's shares, newest first, with their views. */
export function useShares() {
  const trpc = useTRPC();
  return useQuery(trpc.shares.list.queryOptions(undefined, { staleTime: 15_000 }));
}

/** The journal entries the user may tick (the API's list: newest first). */
export function useShareableEntries() {
  const trpc = useTRPC();
  return useQuery(trpc.journaling.list.queryOptions(undefined, { staleTime: 30_000 }));
}

/** Creates a share; the list follows, whatever happened. */
export function useCreateShare() {
  const trpc = useTRPC();
  return useMutation(trpc.shares.create.mutationOptions(useRefetchOnSettled(trpc.shares.list.queryKey())));
}

export function useRevokeShare() {
  const trpc = useTRPC();
  return useMutation(trpc.shares.revoke.mutationOptions(useRefetchOnSettled(trpc.shares.list.queryKey())));
}

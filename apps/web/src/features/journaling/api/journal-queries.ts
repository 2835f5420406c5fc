import type { AppRouter } from '@ascenso/api/router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useTRPC } from '#lib/trpc';

export type JournalEntry = inferRouterOutputs<AppRouter>['journaling']['get'];

export function useJournalPrompt() {
  const trpc = useTRPC();
  return useQuery(trpc.journaling.prompt.queryOptions(undefined, { staleTime: 60 * 60_000 }));
}

/** Entries, newest first; `query` searches title, text and mood on the server. */
export function useJournalEntries(query: string) {
  const trpc = useTRPC();
  const trimmed = query.trim();
  return useQuery(
    trpc.journaling.list.queryOptions(trimmed ? { query: trimmed.slice(0, 100) } : {}, {
      staleTime: 30_000,
      placeholderData: keepPreviousData,
    }),
  );
}

export function useJournalEntry(id: string) {
  const trpc = useTRPC();
  return useQuery(trpc.journaling.get.queryOptions({ id }));
}

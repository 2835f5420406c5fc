import type { AppRouter } from '@ascenso/api/router';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { useCallback, useMemo } from 'react';
import { useTRPC } from '#lib/trpc';
import type { ConversationKind } from '../utils/conversation';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

export type Conversation = Outputs['coaching']['conversation'];
export type ConversationMessage = Conversation['messages'][number];
export type ConversationSummary = Outputs['coaching']['conversations'][number];
export type SaveJournalResult = Outputs['coaching']['saveJournal'];
export type StartInput = Inputs['coaching']['start'];

// Shared with the profile (and Home, which reads the coaching profile through this module).
export { useCoachingProfileQuery, useCommitmentsQuery, type Commitment } from '#lib/coaching-queries';

export function useConversationsQuery(kind?: ConversationKind) {
  const trpc = useTRPC();
  return useQuery(trpc.coaching.conversations.queryOptions(kind ? { kind } : undefined, { staleTime: 0 }));
}

export function useConversationQuery(id: string) {
  const trpc = useTRPC();
  // The screen keeps this entry up to date itself (optimistic messages, streamed answers): a refetch
  // on every mount could race with them, so it is fresh for 30 s and refreshed on purpose.
  return useQuery(trpc.coaching.conversation.queryOptions({ id }, { staleTime: 30_000 }));
}

/** The query client and the coaching queries' keys: puts what the server sent, marks lists stale. */
function useCoachingCache() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const invalidate = (...queryKeys: QueryKey[]) => {
      for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
    };
    /** A conversation the server just answered with goes in the cache; the lists are then stale. */
    const store = (conversation: Conversation) => {
      queryClient.setQueryData(trpc.coaching.conversation.queryKey({ id: conversation.id }), conversation);
      invalidate(trpc.coaching.conversations.queryKey());
    };
    return { trpc, queryClient, invalidate, store };
  }, [trpc, queryClient]);
}

/** Reads and writes one conversation in the query cache (the conversation screens' source of truth). */
export function useConversationCache(id: string) {
  const { trpc, queryClient, invalidate } = useCoachingCache();
  const queryKey = useMemo(() => trpc.coaching.conversation.queryKey({ id }), [trpc, id]);

  const update = useCallback(
    (updater: (conversation: Conversation) => Conversation) => {
      queryClient.setQueryData(trpc.coaching.conversation.queryKey({ id }), (current) => (current ? updater(current) : current));
    },
    [queryClient, trpc, id],
  );

  const refresh = useCallback(() => invalidate(trpc.coaching.conversation.queryKey({ id })), [invalidate, trpc, id]);

  /** Lists and commitments change when a conversation moves on (titles, status, summaries). */
  const refreshLists = useCallback(() => invalidate(trpc.coaching.conversations.queryKey(), trpc.coaching.commitments.queryKey()), [invalidate, trpc]);

  return { queryKey, update, refresh, refreshLists };
}

/** `coaching.start`; the new conversation is put in the cache so its screen opens without a request. */
export function useStartConversation() {
  const { trpc, store } = useCoachingCache();
  return useMutation(trpc.coaching.start.mutationOptions({ onSuccess: (conversation) => store(conversation) }));
}

export function useSendMessage() {
  const trpc = useTRPC();
  return useMutation(trpc.coaching.send.mutationOptions());
}

/** `coaching.finishSession`: the closed session (with its summary) in the cache; new commitments. */
export function useFinishSession() {
  const { trpc, store, invalidate } = useCoachingCache();
  const onSuccess = (conversation: Conversation) => {
    store(conversation);
    invalidate(trpc.coaching.commitments.queryKey());
  };
  return useMutation(trpc.coaching.finishSession.mutationOptions({ onSuccess }));
}

/** `coaching.saveJournal`: the conversation (now completed) and the list are read again. */
export function useSaveJournal() {
  const { trpc, invalidate } = useCoachingCache();
  return useMutation(
    trpc.coaching.saveJournal.mutationOptions({
      onSuccess: (_result, input) => invalidate(trpc.coaching.conversation.queryKey({ id: input.conversationId }), trpc.coaching.conversations.queryKey()),
    }),
  );
}

/** `coaching.setCommitmentStatus`: the tick shows at once, then the list is read again. */
export function useSetCommitmentStatus() {
  const { trpc, queryClient, invalidate } = useCoachingCache();
  return useMutation(
    trpc.coaching.setCommitmentStatus.mutationOptions({
      onSuccess: (_result, { id, status }) => {
        queryClient.setQueryData(trpc.coaching.commitments.queryKey(), (current) =>
          current?.map((c) => (c.id === id ? { ...c, status, closedAt: status === 'open' ? null : new Date() } : c)),
        );
        invalidate(trpc.coaching.commitments.queryKey());
      },
    }),
  );
}

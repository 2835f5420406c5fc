import type { AppRouter } from '@ascenso/api/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { useCallback, useMemo } from 'react';
import { readDomainError } from '../../../lib/errors';
import { useTRPC } from '../../../lib/trpc';
import type { ConversationKind } from '../utils/conversation';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

export type Conversation = Outputs['coaching']['conversation'];
export type ConversationMessage = Conversation['messages'][number];
export type ConversationSummary = Outputs['coaching']['conversations'][number];
export type Commitment = Outputs['coaching']['commitments'][number];
export type CoachingProfile = Outputs['assessment']['profile'];
export type SaveJournalResult = Outputs['coaching']['saveJournal'];
export type StartInput = Inputs['coaching']['start'];

const MINUTE = 60_000;

/** `assessment.profile`: fresh 10 min, no retry (spec §7, §9). A missing assessment is a NOT_FOUND. */
export function useCoachingProfileQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.assessment.profile.queryOptions(undefined, { staleTime: 10 * MINUTE, retry: false }));
}

export function isNotFound(error: unknown): boolean {
  return readDomainError(error).domainCode === 'NOT_FOUND';
}

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

export function useCommitmentsQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.coaching.commitments.queryOptions(undefined, { staleTime: 0 }));
}

/** Reads and writes one conversation in the query cache (the conversation screens' source of truth). */
export function useConversationCache(id: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => trpc.coaching.conversation.queryKey({ id }), [trpc, id]);

  const update = useCallback(
    (updater: (conversation: Conversation) => Conversation) => {
      queryClient.setQueryData(trpc.coaching.conversation.queryKey({ id }), (current) => (current ? updater(current) : current));
    },
    [queryClient, trpc, id],
  );

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.coaching.conversation.queryKey({ id }) });
  }, [queryClient, trpc, id]);

  /** Lists and commitments change when a conversation moves on (titles, status, summaries). */
  const refreshLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.coaching.conversations.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.coaching.commitments.queryKey() });
  }, [queryClient, trpc]);

  return { queryKey, update, refresh, refreshLists };
}

/** `coaching.start`; the new conversation is put in the cache so its screen opens without a request. */
export function useStartConversation() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.coaching.start.mutationOptions({
      onSuccess: (conversation) => {
        queryClient.setQueryData(trpc.coaching.conversation.queryKey({ id: conversation.id }), conversation);
        void queryClient.invalidateQueries({ queryKey: trpc.coaching.conversations.queryKey() });
      },
    }),
  );
}

export function useSendMessage() {
  const trpc = useTRPC();
  return useMutation(trpc.coaching.send.mutationOptions());
}

export function useFinishSession() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.coaching.finishSession.mutationOptions({
      onSuccess: (conversation) => {
        queryClient.setQueryData(trpc.coaching.conversation.queryKey({ id: conversation.id }), conversation);
        void queryClient.invalidateQueries({ queryKey: trpc.coaching.conversations.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.coaching.commitments.queryKey() });
      },
    }),
  );
}

export function useSaveJournal() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.coaching.saveJournal.mutationOptions({
      onSuccess: (_result, input) => {
        void queryClient.invalidateQueries({
          queryKey: trpc.coaching.conversation.queryKey({ id: input.conversationId }),
        });
        void queryClient.invalidateQueries({ queryKey: trpc.coaching.conversations.queryKey() });
      },
    }),
  );
}

export function useSetCommitmentStatus() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.coaching.setCommitmentStatus.mutationOptions({
      onSuccess: (_result, input) => {
        queryClient.setQueryData(trpc.coaching.commitments.queryKey(), (current) =>
          current?.map((c) => (c.id === input.id ? { ...c, status: input.status, closedAt: input.status === 'open' ? null : new Date() } : c)),
        );
        void queryClient.invalidateQueries({ queryKey: trpc.coaching.commitments.queryKey() });
      },
    }),
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '#lib/trpc';

const MINUTE = 60_000;

/** Spec §7/§9: the status query is fresh for 2 minutes and retained for 5. */
export const STATUS_STALE_TIME_MS = 2 * MINUTE;
export const STATUS_GC_TIME_MS = 5 * MINUTE;

/** `assessment.status` → `{ completed, completedAt, inProgress, currentSection }`; `completed` gates the routes. */
export function useAssessmentStatusQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.assessment.status.queryOptions(undefined, { staleTime: STATUS_STALE_TIME_MS, gcTime: STATUS_GC_TIME_MS }));
}

/**
 * What the wizard needs to decide where to start: the saved progress and the latest assessment.
 * Always refetched when the wizard opens (another tab may have saved or completed meanwhile).
 */
export function useWizardStartQueries() {
  const trpc = useTRPC();
  const options = { staleTime: 0, refetchOnMount: 'always' as const };
  const progress = useQuery(trpc.assessment.progress.queryOptions(undefined, options));
  const latest = useQuery(trpc.assessment.latest.queryOptions(undefined, options));
  return { progress, latest };
}

export function useCompleteAssessmentMutation() {
  const trpc = useTRPC();
  return useMutation(trpc.assessment.complete.mutationOptions());
}

/** After completing: the assessment, status and progress queries (and everything derived) are refetched. */
export function useInvalidateAssessment(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: trpc.assessment.pathKey() }), [queryClient, trpc]);
}

export function useAssessmentProfileQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.assessment.profile.queryOptions());
}

export function useAssessmentHistoryQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.assessment.history.queryOptions());
}

export function useAssessmentEvaluationQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.assessment.evaluation.queryOptions());
}

/** The coach's own written evaluation: null without an AI server (then nothing extra is shown). */
export function useCoachEvaluationQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.assessment.coachEvaluation.queryOptions(undefined, { staleTime: 30 * MINUTE }));
}

/**
 * Whether Home says the assessment's results are ready (until they have been opened once, on any
 * device). One of Home's first-screen queries: the page's bootstrap carries it, so Home never flashes it.
 */
export function useResultsNoticeQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.assessment.resultsNotice.queryOptions());
}

/**
 * Asks now for whether Home says the results are ready (with the refreshed status, in one batched
 * request), so Home, reached after the assessment, shows its line with its first render.
 */
export function usePrefetchResultsNotice(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.prefetchQuery(trpc.assessment.resultsNotice.queryOptions()), [queryClient, trpc]);
}

/**
 * Records that the results were opened. Home's line goes at once (the cached answer is set before the
 * server answers); if the server could not record it, the answer is asked again.
 */
export function useMarkResultsOpenedMutation() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.assessment.resultsNotice.queryKey();
  return useMutation(
    trpc.assessment.markResultsOpened.mutationOptions({
      onMutate: async () => {
        await queryClient.cancelQueries({ queryKey: key });
        queryClient.setQueryData(key, { show: false });
      },
      onError: () => void queryClient.invalidateQueries({ queryKey: key }),
    }),
  );
}

import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useUpdateStepStats } from '#lib/steps/use-step-stats';
import { useTRPC, useTRPCClient } from '#lib/trpc';
import { completeActivityMutationOptions, withIdempotencyKey, type CompleteActivityInput, type CompletionResult } from '../api/complete-activity';
import { toastFromCompletion } from '#lib/steps/completion-toast';
import { tabStepToasts } from '#lib/steps/tab-step-toasts';

/**
 * Completes an activity from the UI (activity screens call `complete({ activity_key, ... })`).
 *
 * Each call is one user action: it mints one `idempotencyKey` that the automatic retries (network
 * errors and 5xx only, at most 2) reuse. On success the toast is queued (once per tab, shared with the
 * pushed completion) and the cached stats take the new total.
 */
export function useCompleteActivity() {
  const trpc = useTRPC();
  const trpcClient = useTRPCClient();
  const catalogue = useQuery(trpc.activities.catalogue.queryOptions());
  const updateStats = useUpdateStepStats();

  const mutation = useMutation(
    completeActivityMutationOptions({
      send: (variables) => trpcClient.activities.complete.mutate(variables),
      onCompleted: (result) => {
        updateStats({ totalSteps: result.totalSteps });
        tabStepToasts.enqueue(toastFromCompletion(result, catalogue.data));
      },
    }),
  );

  const { mutate, mutateAsync } = mutation;
  const complete = useCallback(
    (input: CompleteActivityInput, options?: { onSuccess?: (result: CompletionResult) => void }) => mutate(withIdempotencyKey(input), options),
    [mutate],
  );
  const completeAsync = useCallback((input: CompleteActivityInput): Promise<CompletionResult> => mutateAsync(withIdempotencyKey(input)), [mutateAsync]);

  return { ...mutation, complete, completeAsync };
}

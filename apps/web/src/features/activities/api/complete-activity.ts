import type { AppRouter } from '@ascenso/api/router';
import { TRPCClientError } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { readDomainError } from '#lib/errors';

type CompleteInput = inferRouterInputs<AppRouter>['activities']['complete'];

/** What a screen passes when the user completes an activity (the key is added per action). */
export type CompleteActivityInput = Omit<CompleteInput, 'idempotencyKey'>;
/** What is sent: the input plus the key minted for this user action. */
export type CompleteActivityVariables = CompleteActivityInput & { idempotencyKey: string };
export type CompletionResult = inferRouterOutputs<AppRouter>['activities']['complete'];

/** Up to 2 retries, only when the request may not have reached the server or the server failed. */
export const COMPLETE_ACTIVITY_RETRIES = 2;

/**
 * One user action → one key. The variables (and so the key) are fixed when the action starts; the
 * mutation's retries resend the same variables, so the server replays instead of counting twice.
 */
export function withIdempotencyKey(input: CompleteActivityInput, mintKey: () => string = () => crypto.randomUUID()): CompleteActivityVariables {
  return { ...input, idempotencyKey: mintKey() };
}

/** HTTP status of a failed call, or null when no response arrived (network failure). */
export function failureStatus(error: unknown): number | null {
  const status = readDomainError(error).httpStatus;
  if (status !== null) return status;
  if (error instanceof TRPCClientError) {
    const response: unknown = (error.meta as { response?: unknown } | undefined)?.response;
    const metaStatus = (response as { status?: unknown } | undefined)?.status;
    if (typeof metaStatus === 'number') return metaStatus;
  }
  return null;
}

/** Network errors and 5xx are worth retrying; 4xx (validation, session, limits) are not. */
export function isRetryableCompletionError(error: unknown): boolean {
  const status = failureStatus(error);
  return status === null || status >= 500;
}

/** TanStack `retry` callback: `failureCount` is 0 on the first failure. */
export function shouldRetryCompletion(failureCount: number, error: unknown): boolean {
  return failureCount < COMPLETE_ACTIVITY_RETRIES && isRetryableCompletionError(error);
}

/** Framework-free mutation options (tested with a real MutationObserver). */
export function completeActivityMutationOptions({
  send,
  onCompleted,
  retryDelay,
}: {
  send: (variables: CompleteActivityVariables) => Promise<CompletionResult>;
  onCompleted: (result: CompletionResult, variables: CompleteActivityVariables) => void;
  retryDelay?: number | ((failureCount: number) => number);
}) {
  return {
    mutationKey: ['activities', 'complete'] as const,
    mutationFn: send,
    retry: shouldRetryCompletion,
    ...(retryDelay === undefined ? {} : { retryDelay }),
    onSuccess: (result: CompletionResult, variables: CompleteActivityVariables) => onCompleted(result, variables),
  };
}

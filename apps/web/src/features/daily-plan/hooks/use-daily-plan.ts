import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '#lib/error-messages';
import { readDomainError } from '#lib/errors';
import { useTRPC } from '#lib/trpc';

const MINUTE = 60_000;

export type DailyPlanView =
  | { state: 'loading' }
  | { state: 'generating' }
  | { state: 'empty' }
  /**
   * `fallback`: written without the model because it did not answer (the card says so).
   * `completedToday`: the activities in the ledger on the plan's day (its done items), kept live by
   * useLivePlanProgress.
   */
  | {
      state: 'ready';
      content: string;
      generatedAt: Date;
      fallback: boolean;
      completedToday: readonly string[];
      /** Careful mode (a crisis message in the last 72 hours): the helplines, shown before the plan. */
      careful: { reminder: string } | null;
    };

/**
 * Today's plan (spec §4 "Daily plan card"): load it (fresh 5 min, no retry); when it fails or there
 * is none, ask for generation once per mount and reload; if there is still none, the empty state
 * offers manual generation. Generation failures are only logged. "Generar otro plan" forces a new
 * one; its RATE_LIMITED error is the only one shown.
 */
export function useDailyPlan() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const todayKey = trpc.dailyPlan.today.queryKey();
  const today = useQuery(trpc.dailyPlan.today.queryOptions(undefined, { staleTime: 5 * MINUTE, retry: false }));
  const generate = useMutation(trpc.dailyPlan.generate.mutationOptions());
  const regenerate = useMutation(trpc.dailyPlan.generate.mutationOptions());
  const [regenerateError, setRegenerateError] = useState<string | null>(null);
  const autoRequested = useRef(false);

  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: todayKey }), [queryClient, todayKey]);

  const requestGeneration = useCallback(() => {
    generate.mutate(undefined, {
      onSuccess: (result) => {
        if (result.plan) queryClient.setQueryData(todayKey, { plan: result.plan });
      },
      onError: (error) => console.warn('[plan] could not generate the daily plan', error),
      onSettled: () => void reload(),
    });
  }, [generate, queryClient, reload, todayKey]);

  const missing = today.isError || (today.isSuccess && today.data.plan === null);
  useEffect(() => {
    if (!missing || autoRequested.current) return;
    autoRequested.current = true;
    requestGeneration();
  }, [missing, requestGeneration]);

  const regeneratePlan = useCallback(() => {
    setRegenerateError(null);
    regenerate.mutate(
      { force: true },
      {
        onSuccess: (result) => {
          if (result.plan) queryClient.setQueryData(todayKey, { plan: result.plan });
          void reload();
        },
        onError: (error) => {
          if (readDomainError(error).domainCode === 'RATE_LIMITED') setRegenerateError(errorMessage(error, 'plan'));
          else console.warn('[plan] could not generate a new daily plan', error);
        },
      },
    );
  }, [queryClient, regenerate, reload, todayKey]);

  const plan = today.data?.plan ?? null;
  let view: DailyPlanView;
  if (plan) {
    view = {
      state: 'ready',
      content: plan.content,
      generatedAt: plan.generatedAt,
      fallback: plan.fallback,
      completedToday: plan.completedToday,
      careful: plan.careful,
    };
  } else if (today.isPending) view = { state: 'loading' };
  // Idle: the automatic request is about to go out (effect below); then pending; then the reload.
  else if (generate.isIdle || generate.isPending || today.isFetching) view = { state: 'generating' };
  else view = { state: 'empty' };

  return {
    view,
    generateNow: requestGeneration,
    regeneratePlan,
    regenerating: regenerate.isPending,
    regenerateError,
  };
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTRPC } from '#lib/trpc';
import { useMarkResultsOpenedMutation } from '../api/assessment-queries';

/**
 * Called by the results page once the results are on screen: records, once per visit, that they have
 * been opened, so Home stops saying they are ready (on every device). Skipped when this tab already
 * knows they were (Home's answer is cached and current), so the usual visit costs no request.
 */
export function useRecordResultsOpened(): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mark = useMarkResultsOpenedMutation();
  const { mutate } = mark;
  const recorded = useRef(false);

  useEffect(() => {
    if (recorded.current) return;
    recorded.current = true;
    // A cached "already opened" counts unless it was invalidated (a new assessment was just completed).
    const known = queryClient.getQueryState(trpc.assessment.resultsNotice.queryKey());
    if (known?.data?.show === false && !known.isInvalidated) return;
    mutate();
  }, [mutate, queryClient, trpc]);
}

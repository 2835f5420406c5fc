import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';

/** Marks the cached queries under each key stale (shown ones refetch); resolves when they have. */
export function useInvalidate(): (...queryKeys: QueryKey[]) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (...queryKeys: QueryKey[]) => {
      await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    [queryClient],
  );
}

/**
 * Mutation options that mark the queries under each key stale once the call settles, whether it worked
 * or not; the mutation stays pending until the shown ones have refetched.
 */
export function useRefetchOnSettled(...queryKeys: QueryKey[]): { onSettled: () => Promise<void> } {
  const invalidate = useInvalidate();
  return { onSettled: () => invalidate(...queryKeys) };
}

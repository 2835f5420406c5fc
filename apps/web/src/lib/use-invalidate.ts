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

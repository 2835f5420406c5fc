import type { AppRouter } from '@ascenso/api/router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect, useState } from 'react';
import { readDomainError } from '../../../lib/errors';
import { useTRPC } from '../../../lib/trpc';

type Outputs = inferRouterOutputs<AppRouter>;

export type AdminOverview = Outputs['admin']['overview'];
export type AdminUser = Outputs['admin']['users'][number];
export type CatalogueActivity = Outputs['admin']['catalogue'][number];
export type AuditEntry = Outputs['admin']['audit'][number];
export type UserLedger = Outputs['admin']['userLedger'];

export function isForbidden(error: unknown): boolean {
  return readDomainError(error).domainCode === 'FORBIDDEN';
}

export function useOverviewQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.admin.overview.queryOptions(undefined, { staleTime: 30_000 }));
}

/** A value that follows `value` once it has stopped changing for `delayMs`. */
export function useDebounced<T>(value: T, delayMs = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** `admin.users({ query })`: newest first, up to 100; the previous list stays while a search loads. */
export function useUsersQuery(query: string) {
  const trpc = useTRPC();
  const trimmed = query.trim();
  return useQuery(
    trpc.admin.users.queryOptions(trimmed ? { query: trimmed } : {}, {
      staleTime: 15_000,
      placeholderData: keepPreviousData,
    }),
  );
}

export function useCatalogueQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.admin.catalogue.queryOptions(undefined, { staleTime: 0 }));
}

export function useAuditQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.admin.audit.queryOptions(undefined, { staleTime: 0 }));
}

/** Saves one catalogue row; the catalogue, the audit log and everyone's cached stats follow. */
export function useUpdateActivityMutation() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.admin.updateActivity.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.admin.catalogue.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.audit.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.activities.pathKey() });
      },
    }),
  );
}

export function useUserLedgerQuery(userId: string | null) {
  const trpc = useTRPC();
  return useQuery(trpc.admin.userLedger.queryOptions({ userId: userId ?? '' }, { enabled: Boolean(userId), staleTime: 0 }));
}

export function useAdjustStepsMutation() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.admin.adjustSteps.mutationOptions({
      onSuccess: (_result, input) => {
        void queryClient.invalidateQueries({ queryKey: trpc.admin.userLedger.queryKey({ userId: input.userId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.users.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.activities.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.profile.pathKey() });
      },
    }),
  );
}

import type { AppRouter } from '@ascenso/api/router';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect, useState } from 'react';
import { readDomainError } from '#lib/errors';
import { useTRPC } from '#lib/trpc';
import { useInvalidate } from '#lib/use-invalidate';

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
  const invalidate = useInvalidate();
  const after = () => void invalidate(trpc.admin.catalogue.queryKey(), trpc.admin.audit.queryKey(), trpc.activities.pathKey());
  return useMutation(trpc.admin.updateActivity.mutationOptions({ onSuccess: after }));
}

export function useUserLedgerQuery(userId: string | null) {
  const trpc = useTRPC();
  return useQuery(trpc.admin.userLedger.queryOptions({ userId: userId ?? '' }, { enabled: Boolean(userId), staleTime: 0 }));
}

export function useAdjustStepsMutation() {
  const trpc = useTRPC();
  const invalidate = useInvalidate();
  const after = (userId: string) =>
    void invalidate(trpc.admin.userLedger.queryKey({ userId }), trpc.admin.users.queryKey(), trpc.activities.pathKey(), trpc.profile.pathKey());
  return useMutation(trpc.admin.adjustSteps.mutationOptions({ onSuccess: (_result, input) => after(input.userId) }));
}

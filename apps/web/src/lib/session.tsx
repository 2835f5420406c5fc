import type { AppRouter } from '@ascenso/api/router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useTRPC } from './trpc';

type RouterOutputs = inferRouterOutputs<AppRouter>;

/** The signed-in user as `auth.me` returns it. */
export type SessionUser = NonNullable<RouterOutputs['auth']['me']>;

/** `auth.me`: the user, or null for a visitor (never an error for a visitor). */
export function useCurrentUserQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.auth.me.queryOptions());
}

/**
 * Forget everything cached for the previous session and mark the visitor as signed out. Used after
 * "Cerrar sesión" and when the server reports that this session ended elsewhere.
 */
export function useClearSession(): () => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => {
    const meKey = trpc.auth.me.queryKey();
    void queryClient.cancelQueries();
    queryClient.removeQueries({
      predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(meKey),
    });
    queryClient.setQueryData(meKey, null);
  }, [queryClient, trpc]);
}

/** Store the user returned by `auth.login` / `auth.register` so the app switches without a refetch. */
export function useSetSessionUser(): (user: SessionUser) => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    (user: SessionUser) => {
      queryClient.setQueryData(trpc.auth.me.queryKey(), user);
    },
    [queryClient, trpc],
  );
}

const SignedInUserContext = createContext<SessionUser | null>(null);

export function SignedInUserProvider({ user, children }: { user: SessionUser; children: ReactNode }) {
  return <SignedInUserContext.Provider value={user}>{children}</SignedInUserContext.Provider>;
}

/** The signed-in user; only usable below the signed-in part of the route tree. */
export function useSignedInUser(): SessionUser {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser must be used inside <SignedInUserProvider>');
  return user;
}

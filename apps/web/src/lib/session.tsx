import type { AppRouter } from '@ascenso/api/router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
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
 * Forget everything cached for the previous session and mark the visitor as signed out, after moving
 * to `then` (the landing page by default). Used after "Cerrar sesión", closing every session, deleting
 * the account, and when the server reports that this session ended elsewhere.
 */
/**
 * Where the app goes after a session ended in this tab (null: no session has ended here). The route
 * gate reads it: a signed-in page the person was on goes there, instead of to sign-in for that page
 * (React Router applies a navigation in a transition, so the signed-out app can render before it).
 */
let afterSessionEnded: string | null = null;

export function sessionEndedDestination(): string | null {
  return afterSessionEnded;
}

export function useClearSession(): (then?: string) => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (then = '/') => {
      // Where to go first (the landing page, or sign-in for a refused socket), then forget the session:
      // the signed-out app renders at that address, never at the signed-in page the person was on.
      afterSessionEnded = then;
      void navigate(then, { replace: true });
      const meKey = trpc.auth.me.queryKey();
      void queryClient.cancelQueries();
      queryClient.removeQueries({
        predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(meKey),
      });
      queryClient.setQueryData(meKey, null);
    },
    [navigate, queryClient, trpc],
  );
}

/** Store the user returned by `auth.login` / `auth.register` so the app switches without a refetch. */
export function useSetSessionUser(): (user: SessionUser) => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    (user: SessionUser) => {
      afterSessionEnded = null;
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

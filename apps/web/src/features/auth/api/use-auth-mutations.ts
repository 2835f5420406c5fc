import { useMutation } from '@tanstack/react-query';
import { useClearSession, useSetSessionUser } from '../../../lib/session';
import { useTRPC } from '../../../lib/trpc';

export function useLoginMutation() {
  const trpc = useTRPC();
  const setSessionUser = useSetSessionUser();
  return useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: (user) => setSessionUser(user),
    }),
  );
}

export function useRegisterMutation() {
  const trpc = useTRPC();
  const setSessionUser = useSetSessionUser();
  return useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess: (user) => setSessionUser(user),
    }),
  );
}

/** "Cerrar sesión": ends the session server-side, then forgets every cached query. */
export function useLogoutMutation() {
  const trpc = useTRPC();
  const clearSession = useClearSession();
  return useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: () => clearSession(),
    }),
  );
}

import { useMutation } from '@tanstack/react-query';
import { useClearSession, useSetSessionUser } from '#lib/session';
import { useTRPC } from '#lib/trpc';

/** "Iniciar sesión": the user it answers with becomes this tab's session. */
export function useLoginMutation() {
  const trpc = useTRPC();
  return useMutation(trpc.auth.login.mutationOptions({ onSuccess: useSetSessionUser() }));
}

/** "Crear cuenta": registers and signs in; the new user becomes this tab's session. */
export function useRegisterMutation() {
  const trpc = useTRPC();
  return useMutation(trpc.auth.register.mutationOptions({ onSuccess: useSetSessionUser() }));
}

/** "Cerrar sesión": ends the session server-side, then forgets every cached query. */
export function useLogoutMutation() {
  const trpc = useTRPC();
  const clearSession = useClearSession();
  return useMutation(trpc.auth.logout.mutationOptions({ onSuccess: () => clearSession() }));
}

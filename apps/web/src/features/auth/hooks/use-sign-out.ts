import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '#components/ui/notify';
import { errorMessage } from '#lib/error-messages';
import { useLogoutMutation } from '../api/use-auth-mutations';

/**
 * "Cerrar sesión" for the app shell, wherever it is offered (the header's button and its menu): ends
 * the session, then shows the landing page; a failure says so in a notification and keeps the person in.
 */
export function useSignOut(): { signOut: () => void; isPending: boolean } {
  const navigate = useNavigate();
  const logout = useLogoutMutation();
  const { mutate } = logout;
  // Stable across renders: the header's menu is memoised on it (app/user-menu.tsx).
  const signOut = useCallback(() => {
    mutate(undefined, {
      onSuccess: () => void navigate('/', { replace: true }),
      onError: (error) => {
        notify({
          type: 'error',
          title: 'No hemos podido cerrar la sesión',
          description: errorMessage(error),
          closable: true,
        });
      },
    });
  }, [mutate, navigate]);
  return { signOut, isPending: logout.isPending };
}

import { useSubscription } from '@trpc/tanstack-react-query';
import { useNavigate } from 'react-router';
import { readDomainError } from '#lib/errors';
import { useClearSession } from '#lib/session';
import { useTRPC } from '#lib/trpc';

/**
 * Listens to `auth.onSessionEvent` while signed in. When the session is ended elsewhere (for
 * example "Cerrar sesión" in another tab) the cache is reset and the landing page shows.
 * Mount it only for a signed-in user: the WebSocket opens lazily when this subscription starts.
 */
export function useSessionEvents(): void {
  const trpc = useTRPC();
  const clearSession = useClearSession();
  const navigate = useNavigate();

  const signOutHere = () => {
    clearSession();
    void navigate('/', { replace: true });
  };

  useSubscription(
    trpc.auth.onSessionEvent.subscriptionOptions(undefined, {
      onData: (event) => {
        if (event.type === 'signedOut') signOutHere();
      },
      onError: (error) => {
        // A reconnect after the session ended is refused as UNAUTHORIZED: same outcome.
        if (readDomainError(error).domainCode === 'UNAUTHORIZED') signOutHere();
      },
    }),
  );
}

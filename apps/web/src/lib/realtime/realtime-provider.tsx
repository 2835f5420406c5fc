import type { AppRouter } from '@ascenso/api/router';
import type { inferRouterOutputs } from '@trpc/server';
import { useSubscription } from '@trpc/tanstack-react-query';
import { createContext, useContext, useEffect, useEffectEvent, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useClearSession } from '../session';
import { useTRPC } from '../trpc';
import { FORBIDDEN_CLOSE_CODE, socketPolicy, type SocketState } from './socket-policy';

type Yielded<T> = T extends AsyncIterable<infer V> ? V : never;

/**
 * What `activities.onCompleted` pushes, `{ id, data: { completion, stats } }`, typed by the router
 * (the completion is the API's one `CompletionEvent`, apps/api/src/realtime/event-bus.ts).
 */
export type CompletedMessage = Yielded<inferRouterOutputs<AppRouter>['activities']['onCompleted']>;
/** One completion committed to the ledger, with the user's new totals. */
export type CompletedEvent = CompletedMessage['data'];
export type ActivityCompletion = CompletedEvent['completion'];

type Listener = (event: CompletedEvent) => void;

const RealtimeContext = createContext<Set<Listener> | null>(null);

/**
 * The signed-in user's live completions (spec §4, §6), from the tRPC subscription
 * `activities.onCompleted` on the tab's one WebSocket (`/api/trpc-ws`, src/lib/trpc-ws.ts). Mount it
 * only in the signed-in part of the tree; unmounting (sign-out) ends the subscription, and the socket
 * closes with the last one. After a reconnect tRPC resumes from the last tracked id: what was missed
 * meanwhile arrives first. When the tab becomes visible and the socket is not open, it reconnects at
 * once. A close with 4401 (the session ended) or 4403 (refused) stops reconnecting: the session is
 * cleared, and 4403 leads to sign-in again (`/acceso`, back here afterwards).
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const [listeners] = useState(() => new Set<Listener>());
  const clearSession = useClearSession();

  const onSessionEnded = useEffectEvent((code: number) => {
    const here = `${window.location.pathname}${window.location.search}`;
    clearSession(code === FORBIDDEN_CLOSE_CODE ? `/acceso?next=${encodeURIComponent(here)}` : '/');
  });

  useEffect(() => {
    socketPolicy.start();
    const stopListening = socketPolicy.onSessionEnded((code) => onSessionEnded(code));
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') socketPolicy.visible();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      stopListening();
      socketPolicy.stop();
    };
  }, []);

  useSubscription(
    trpc.activities.onCompleted.subscriptionOptions(undefined, {
      onData: (message) => {
        for (const listener of [...listeners]) listener(message.data);
      },
    }),
  );

  return <RealtimeContext.Provider value={listeners}>{children}</RealtimeContext.Provider>;
}

/** Calls `handler` for every pushed completion while the calling component is mounted. */
export function useRealtimeEvents(handler: Listener): void {
  const listeners = useContext(RealtimeContext);
  if (!listeners) throw new Error('useRealtimeEvents must be used inside <RealtimeProvider>');
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    const listener: Listener = (event) => onEvent(event);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [listeners]);
}

/** The socket's state (spec §4: disconnected, connecting, connected, error). */
export function useRealtimeState(): SocketState {
  return useSyncExternalStore(
    socketPolicy.subscribe,
    () => socketPolicy.getSnapshot().state,
    () => 'disconnected',
  );
}
